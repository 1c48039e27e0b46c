// `list.push(...items)` passes every item as an argument: past about 100,000 items (a client's list)
// it overflows the stack. This appends them one at a time.

/** Appends every item of `items` to `list` (any number of them); returns `list`. */
export function pushAll<T>(list: T[], items: Iterable<T>): T[] {
  for (const item of items) list.push(item);
  return list;
}
