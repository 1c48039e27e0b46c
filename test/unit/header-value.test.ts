import { describe, expect, it } from 'vitest';
import { headerList, headerListItem } from '../../src/lib/header-value.js';

describe('header values made from client input', () => {
  it.each([
    ['plain_name', 'plain_name'],
    ['名前', '%E5%90%8D%E5%89%8D'],
    ['a b', 'a%20b'],
    ['a,b', 'a%2Cb'],
    ['50%', '50%25'],
    ['x\r\ny', 'x%0D%0Ay'],
    ['\u0000', '%00'],
    ['\u00e9', '%C3%A9'],
    ['🍞', '%F0%9F%8D%9E'],
    ['\ud800', '%EF%BF%BD'],
  ])('%j -> %s', (input, expected) => {
    expect(headerListItem(input)).toBe(expected);
  });

  it('joins with ", " and stops before 1 KiB with "..."', () => {
    expect(headerList(['a', 'b'])).toBe('a, b');
    const long = headerList(Array.from({ length: 400 }, (_, i) => `field_${i}`));
    expect(long.length).toBeLessThanOrEqual(1029);
    expect(long.endsWith(', ...')).toBe(true);
    expect(long).toMatch(/^[\x20-\x7e]+$/);
  });
});
