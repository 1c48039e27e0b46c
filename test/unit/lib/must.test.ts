import { describe, expect, it } from 'vitest';
import { pushTo } from '../../../src/lib/group.js';
import { must } from '../../../src/lib/must.js';

describe('must', () => {
  it('gives back a present value, falsy ones included', () => {
    expect(must(0, 'a count')).toBe(0);
    expect(must('', 'a text')).toBe('');
    expect(must(false, 'a flag')).toBe(false);
  });

  it.each([undefined, null])('throws an internal error naming what was missing for %s', (value) => {
    expect(() => must(value, 'the row just inserted')).toThrow('internal error: the row just inserted is missing');
  });
});

describe('pushTo', () => {
  it('starts a list for a new key and appends to an existing one, in order', () => {
    const groups = new Map<string, number[]>();
    pushTo(groups, 'a', 1);
    pushTo(groups, 'b', 2);
    pushTo(groups, 'a', 3);
    expect([...groups]).toEqual([
      ['a', [1, 3]],
      ['b', [2]],
    ]);
  });
});
