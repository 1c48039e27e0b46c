// A report's list of problems (errors, warnings) kept to its first items: a file may hold millions of
// problems, and an answer that lists them all costs the server its memory and the client its patience.
// The list keeps the first `cap` items in order, and counts all of them (docs/api.md#spreadsheet-imports).

/** Items of one list an import report shows; the rest are counted (`errors_total`). */
export const REPORTED_ITEMS_MAX = 100;

export class CappedList<T> {
  /** The first `cap` items in order (ties in the order they were added). */
  readonly items: T[] = [];
  /** Every item added, shown or not. */
  total = 0;

  constructor(
    /** Whether `a` comes before `b`. */
    private readonly before: (a: T, b: T) => boolean,
    private readonly cap = REPORTED_ITEMS_MAX,
  ) {}

  add(item: T): void {
    this.total++;
    const items = this.items;
    // Items mostly come in order: one past the last kept one is only counted.
    const last = items.at(-1);
    if (items.length >= this.cap && last !== undefined && !this.before(item, last)) return;
    let at = items.length;
    while (at > 0) {
      const previous = items[at - 1];
      if (previous === undefined || !this.before(item, previous)) break;
      at--;
    }
    items.splice(at, 0, item);
    if (items.length > this.cap) items.pop();
  }

  /** Makes this list (empty) hold what `other` holds. */
  copyFrom(other: CappedList<T>): void {
    this.items.push(...other.items);
    this.total = other.total;
  }

  /** Whether some items are counted but not shown. */
  get truncated(): boolean {
    return this.total > this.items.length;
  }
}
