// cutLargeObjects (src/lib/json-members.ts, docs/api.md#input-budgets): objects over the members read
// are cut to one member more, on both sides of the bound; everything else is left as sent.
import { describe, expect, it } from 'vitest';
import { cutLargeObjects, JSON_OBJECT_MEMBERS_READ } from '../../src/lib/json-members.js';

const objectOf = (n: number, key = (i: number) => `k${i}`) => Object.fromEntries(Array.from({ length: n }, (_, i) => [key(i), i]));

describe('cutLargeObjects', () => {
  it.each([
    [JSON_OBJECT_MEMBERS_READ - 1, JSON_OBJECT_MEMBERS_READ - 1],
    [JSON_OBJECT_MEMBERS_READ, JSON_OBJECT_MEMBERS_READ],
    [JSON_OBJECT_MEMBERS_READ + 1, JSON_OBJECT_MEMBERS_READ + 1],
    [JSON_OBJECT_MEMBERS_READ + 2, JSON_OBJECT_MEMBERS_READ + 1],
    [46_000, JSON_OBJECT_MEMBERS_READ + 1],
  ])('an object of %i members is read with %i', (sent, read) => {
    const text = JSON.stringify({ before: 1, names: objectOf(sent), after: [1, { a: 2 }] });
    const value = JSON.parse(cutLargeObjects(text));
    expect(Object.keys(value.names)).toHaveLength(read);
    expect(value.names[`k${read - 1}`]).toBe(read - 1);
    expect(value.before).toBe(1);
    expect(value.after).toEqual([1, { a: 2 }]);
  });

  it('the whole body as one object, and objects nested in the cut part, are cut too', () => {
    const top = JSON.parse(cutLargeObjects(JSON.stringify(objectOf(5_000))));
    expect(Object.keys(top)).toHaveLength(JSON_OBJECT_MEMBERS_READ + 1);
    const nested = objectOf(5_000, (i) => `n${i}`) as Record<string, unknown>;
    nested.n4999 = objectOf(3_000);
    const value = JSON.parse(cutLargeObjects(JSON.stringify({ outer: nested })));
    expect(Object.keys(value.outer)).toHaveLength(JSON_OBJECT_MEMBERS_READ + 1);
  });

  it('strings holding braces, commas, quotes and backslashes are skipped whole', () => {
    const tricky = (i: number) => `k${i} {,}[,] \\" \\\\ "`;
    const text = JSON.stringify({ names: objectOf(JSON_OBJECT_MEMBERS_READ + 5, tricky), tail: 'x,}' });
    const value = JSON.parse(cutLargeObjects(text));
    expect(Object.keys(value.names)).toHaveLength(JSON_OBJECT_MEMBERS_READ + 1);
    expect(value.tail).toBe('x,}');
  });

  it('a long list is never cut (lists have budgets of their own), nor a short text', () => {
    const list = JSON.stringify({ tags: Array.from({ length: 125_000 }, (_, i) => i) });
    expect(cutLargeObjects(list)).toBe(list);
    const small = JSON.stringify(objectOf(10));
    expect(cutLargeObjects(small)).toBe(small);
  });

  it('text that is not JSON stays not JSON when the fault is outside a cut', () => {
    const broken = `{"names": ${JSON.stringify(objectOf(10))}, "x": ${'1,'.repeat(20_000)}`;
    expect(() => JSON.parse(cutLargeObjects(broken))).toThrow();
    const unterminated = `{"names": {${'"a":1,'.repeat(3_000)}`;
    expect(() => JSON.parse(cutLargeObjects(unterminated))).toThrow();
  });
});
