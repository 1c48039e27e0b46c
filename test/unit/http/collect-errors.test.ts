// A body schema that collects its errors hands the handler a Checked value ({value, errors}) that its
// type names, instead of errors hidden on a body typed as valid (docs/api.md#errors: every failed rule
// of a write is reported at once).
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { bodyFieldsOf, type Checked, collectErrors, registerSchemaValidation } from '../../../src/http/plugins/schema-validation.js';

const Body = collectErrors(Type.Partial(Type.Object({ grams: Type.Number({ minimum: 0 }), name: Type.String({ maxLength: 5 }) })));

describe('a body schema that collects its errors', () => {
  const app = Fastify();
  let seenFields: unknown;
  beforeAll(async () => {
    registerSchemaValidation(app);
    app.withTypeProvider<TypeBoxTypeProvider>().post('/things', { schema: { body: Body } }, async (request) => {
      expectTypeOf(request.body).toEqualTypeOf<Checked<{ grams?: number; name?: string }>>();
      seenFields = bodyFieldsOf(request);
      return { value: request.body.value, errors: request.body.errors, ignored: request.ignoredFields };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('hands a valid body over with errors null', async () => {
    const answer = await app.inject({ method: 'POST', url: '/things', payload: { grams: 5, name: 'salt' } });
    expect(answer.json()).toEqual({ value: { grams: 5, name: 'salt' }, errors: null, ignored: [] });
    expect(seenFields).toEqual({ grams: 5, name: 'salt' });
  });

  it('hands the members as read and the errors of those that failed, without failing the request itself', async () => {
    const answer = await app.inject({ method: 'POST', url: '/things', payload: { grams: '-1', name: 'salt', colour: 'red' } });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.value).toEqual({ grams: -1, name: 'salt' });
    expect(Object.keys(body.errors)).toEqual(['grams']);
    expect(body.ignored).toEqual(['colour']);
  });

  it('shows the same JSON schema as the schema it wraps (OpenAPI is unchanged)', () => {
    expect(Body).toMatchObject({ type: 'object', properties: { grams: { type: 'number', minimum: 0 }, name: { maxLength: 5 } } });
  });
});
