import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { checkObject } from '../../src/http/validation.js';

const Nullable = (s: any) => Type.Union([s, Type.Null()]);
const schema = Type.Partial(
  Type.Object({
    n: Nullable(Type.Number({ minimum: 0 })),
    i: Type.Integer(),
    b: Type.Boolean(),
    s: Nullable(Type.String({ maxLength: 3 })),
    e: Type.Union([Type.Literal('asc'), Type.Literal('desc')]),
    list: Type.Array(Type.String()),
  }),
);

describe('form coercion by schema (docs/api.md#request-bodies)', () => {
  it.each([
    [{ n: '1.5' }, { n: 1.5 }],
    [{ n: '' }, { n: null }],
    [{ i: '12' }, { i: 12 }],
    [{ b: 'true' }, { b: true }],
    [{ b: '0' }, { b: false }],
    [{ b: 'false' }, { b: false }],
    [{ s: 12 }, { s: '12' }],
    [{ s: '' }, { s: null }],
    [{ list: 'one' }, { list: ['one'] }],
    [{ list: { 0: 'a', 1: 'b' } }, { list: ['a', 'b'] }],
  ])('%j -> %j', (input, expected) => {
    const result = checkObject(schema, input);
    expect(result.errors).toEqual({});
    expect(result.value).toEqual(expected);
  });

  it.each([
    [{ n: 'abc' }, 'n', 'must be a number'],
    [{ n: '-1' }, 'n', 'must be greater than or equal to 0'],
    [{ i: '1.5' }, 'i', 'must be a whole number'],
    [{ b: 'perhaps' }, 'b', 'must be true or false'],
    [{ s: 'long' }, 's', 'must be at most 3 characters'],
    [{ e: 'up' }, 'e', 'must be one of: asc, desc'],
    [{ i: null }, 'i', 'must not be blank'],
    [{ n: 'Infinity' }, 'n', 'must be a number'],
  ])('%j fails on %s', (input, field, message) => {
    expect(checkObject(schema, input).errors[field]).toEqual([message]);
  });

  it('drops and reports unknown members', () => {
    const result = checkObject(schema, { n: 1, zz: 2 });
    expect(result.value).toEqual({ n: 1 });
    expect(result.ignored).toEqual(['zz']);
  });

  it('names required members', () => {
    expect(checkObject(Type.Object({ name: Type.String() }), {}).errors).toEqual({ name: ["can't be blank"] });
  });
});
