// Remembers what was made from a recently read row, keyed by the row's id and checked against the
// row's stored values: a read whose values are all the same as last time gets the same object back
// instead of a new one (no JSON.parse of its JSON columns, and the serializer can remember the
// object's text by identity). The row is still read every time, so a change committed by any
// connection or process is seen at once: nothing here can go stale. The objects handed out are
// deeply frozen, being shared by every reader of the row.
import { LRUCache } from 'lru-cache';

interface Entry<T> {
  values: readonly unknown[];
  made: T;
}

export class RowMemo<T extends object> {
  readonly #entries: LRUCache<number, Entry<T>>;

  constructor(maxRows: number) {
    this.#entries = new LRUCache({ max: maxRows });
  }

  /**
   * The object made from the row `id` with these stored values (SQL scalars: numbers, strings,
   * null, in the query's column order); `make` runs only when they differ from the remembered ones.
   */
  get(id: number, values: readonly unknown[], make: () => T): Readonly<T> {
    const entry = this.#entries.get(id);
    if (entry && sameValues(entry.values, values)) return entry.made;
    const made = deepFreeze(make());
    this.#entries.set(id, { values: [...values], made });
    return made;
  }
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
