// RowMemo (src/lib/row-memo.ts): a row read again lately is remembered; then the same object for the
// same stored values, a new one for any change; a row read once is made afresh and not remembered.
import { describe, expect, it } from 'vitest';
import { ADMISSION_WINDOW, deepFreeze, RowMemo } from '../../src/lib/row-memo.js';

type Made = { values: unknown[]; nested: { parsed: unknown } };
const make = (values: readonly unknown[]): Made => ({ values: [...values], nested: { parsed: JSON.parse(String(values[1])) } });
const same = (values: readonly unknown[]) => values;

/** A memo in which row `id` has been read twice with `values`, so it is remembered. */
function remembering(id: number, values: readonly unknown[], size = 10): { memo: RowMemo<Made>; made: Made } {
  const memo = new RowMemo<Made>(size);
  memo.get(id, values, same, make);
  return { memo, made: memo.get(id, values, same, make) };
}

describe('RowMemo', () => {
  const row = [1, '{"a":1}', null];

  it('makes a row read once afresh, unfrozen, without asking for its values', () => {
    const memo = new RowMemo<Made>(10);
    let asked = 0;
    const first = memo.get(
      1,
      row,
      (values) => {
        asked++;
        return values;
      },
      make,
    );
    expect(asked).toBe(0);
    expect(Object.isFrozen(first)).toBe(false);
  });

  it('remembers a row read a second time, and hands the same object out without making it again', () => {
    const { memo, made } = remembering(1, row);
    expect(Object.isFrozen(made)).toBe(true);
    let makes = 0;
    const again = memo.get(1, [1, '{"a":1}', null], same, (values) => {
      makes++;
      return make(values);
    });
    expect(again).toBe(made);
    expect(makes).toBe(0);
  });

  it.each([
    ['a string column', [1, '{"a":2}', null]],
    ['a null becoming a value', [1, '{"a":1}', 0]],
    ['a number column', [2, '{"a":1}', null]],
    ['a longer row', [1, '{"a":1}', null, 'x']],
    ['a shorter row', [1, '{"a":1}']],
  ])('makes a new object when %s changes, and remembers that one', (_, changed) => {
    const { memo, made } = remembering(1, row);
    const second = memo.get(1, changed, same, make);
    expect(second).not.toBe(made);
    expect(second).toEqual(make(changed));
    expect(memo.get(1, changed, same, make)).toBe(second);
  });

  it('keeps rows apart by id', () => {
    const { memo, made } = remembering(1, row);
    memo.get(2, row, same, make);
    const two = memo.get(2, row, same, make);
    expect(two).not.toBe(made);
    expect(memo.get(1, row, same, make)).toBe(made);
  });

  it('forgets the least recently read row beyond its size', () => {
    const { memo, made } = remembering(1, row, 2);
    for (const id of [2, 3]) for (let read = 0; read < 2; read++) memo.get(id, row, same, make);
    expect(memo.get(1, row, same, make)).not.toBe(made);
  });

  it('does not remember a row whose earlier read has passed out of the window of recent ids', () => {
    const memo = new RowMemo<Made>(2);
    memo.get(1, row, same, make);
    // Two generations of other ids.
    for (let id = 2; id < 2 + 2 * ADMISSION_WINDOW; id++) memo.get(id, row, same, make);
    expect(Object.isFrozen(memo.get(1, row, same, make))).toBe(false);
  });

  it('remembers a row read again while its earlier read is in the window', () => {
    const memo = new RowMemo<Made>(2);
    memo.get(1, row, same, make);
    for (let id = 2; id < 2 + ADMISSION_WINDOW; id++) memo.get(id, row, same, make);
    expect(Object.isFrozen(memo.get(1, row, same, make))).toBe(true);
  });

  it('freezes what it remembers, deeply, so no reader can change it for the others', () => {
    const { made } = remembering(1, row);
    expect(Object.isFrozen(made.nested.parsed)).toBe(true);
    expect(() => {
      (made.nested.parsed as { a: number }).a = 2;
    }).toThrow(TypeError);
  });

  it('answers what it remembers for the same values alone, and nothing for a changed row or one it does not remember', () => {
    const { memo, made } = remembering(1, row);
    expect(memo.has(1)).toBe(true);
    expect(memo.remembered(1, [1, '{"a":1}', null])).toBe(made);
    expect(memo.remembered(1, [1, '{"a":2}', null])).toBeUndefined();
    expect(memo.remembered(1, [1, '{"a":1}'])).toBeUndefined();
    memo.get(2, row, same, make);
    expect(memo.has(2)).toBe(false);
    expect(memo.remembered(2, row)).toBeUndefined();
  });

  it('deepFreeze leaves primitives and null as they are', () => {
    expect(deepFreeze(null)).toBeNull();
    expect(deepFreeze(3)).toBe(3);
    expect(Object.isFrozen(deepFreeze([{ a: [1] }])[0]!.a)).toBe(true);
  });
});
