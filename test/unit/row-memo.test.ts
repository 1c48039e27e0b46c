// RowMemo (src/lib/row-memo.ts): the same object for the same stored values, a new one for any change.
import { describe, expect, it } from 'vitest';
import { deepFreeze, RowMemo } from '../../src/lib/row-memo.js';

describe('RowMemo', () => {
  const make = (values: readonly unknown[]) => () => ({ values: [...values], nested: { parsed: JSON.parse(String(values[1])) } });

  it('hands out the object made for the same values without making it again', () => {
    const memo = new RowMemo<object>(10);
    const values = [1, '{"a":1}', null];
    const first = memo.get(1, values, make(values));
    let made = 0;
    const second = memo.get(1, [1, '{"a":1}', null], () => {
      made++;
      return {};
    });
    expect(second).toBe(first);
    expect(made).toBe(0);
  });

  it.each([
    ['a string column', [1, '{"a":2}', null]],
    ['a null becoming a value', [1, '{"a":1}', 0]],
    ['a number column', [2, '{"a":1}', null]],
    ['a longer row', [1, '{"a":1}', null, 'x']],
    ['a shorter row', [1, '{"a":1}']],
  ])('makes a new object when %s changes', (_, changed) => {
    const memo = new RowMemo<object>(10);
    const first = memo.get(1, [1, '{"a":1}', null], make([1, '{"a":1}', null]));
    const second = memo.get(1, changed, make(changed));
    expect(second).not.toBe(first);
    expect(second).toEqual(make(changed)());
  });

  it('keeps rows apart by id', () => {
    const memo = new RowMemo<object>(10);
    const values = [5, '{}'];
    const one = memo.get(1, values, make(values));
    const two = memo.get(2, values, make(values));
    expect(two).not.toBe(one);
    expect(memo.get(1, values, make(values))).toBe(one);
  });

  it('forgets the least recently read row beyond its size', () => {
    const memo = new RowMemo<object>(2);
    const values = [0, '{}'];
    const one = memo.get(1, values, make(values));
    memo.get(2, values, make(values));
    memo.get(3, values, make(values));
    expect(memo.get(1, values, make(values))).not.toBe(one);
  });

  it('freezes what it hands out, deeply, so no reader can change it for the others', () => {
    const memo = new RowMemo<{ nested: { parsed: { a: number } } }>(10);
    const made = memo.get(1, [1, '{"a":1}'], () => ({ nested: { parsed: { a: 1 } } }));
    expect(Object.isFrozen(made)).toBe(true);
    expect(Object.isFrozen(made.nested.parsed)).toBe(true);
    expect(() => {
      (made.nested.parsed as { a: number }).a = 2;
    }).toThrow(TypeError);
  });

  it('deepFreeze leaves primitives and null as they are', () => {
    expect(deepFreeze(null)).toBeNull();
    expect(deepFreeze(3)).toBe(3);
    expect(Object.isFrozen(deepFreeze([{ a: [1] }])[0]!.a)).toBe(true);
  });
});
