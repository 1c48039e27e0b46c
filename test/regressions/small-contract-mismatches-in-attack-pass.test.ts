// Regression: small mismatches with the contract found by an attack pass. `label_settings`
// {"language": "es-MX", "format": "eu_table"} was saved and renders switched silently to mx_table
// (the same pair in a label query is a 422); two `file` parts in an import: the last won silently;
// `Expect: 100-continue` with a bad key answered 100 Continue, then 401 (the client sent its whole
// body for nothing); the README named GET /v1/recipes/{id}/revisions/{n}, which does not exist.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { expectError } from '../support/error-shape.js';
import { firstResponse, listen, openConnection } from '../support/raw-http.js';

describe.each(databaseKinds())('small contract mismatches on %s', (kind) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    port = await listen(t.app);
  });
  afterAll(() => t.close());

  it('label_settings with a format of another language: 422 naming label_settings.format, nothing saved', async () => {
    const c = t.client();
    const res = await c.post('/v1/recipes', {
      recipe: { name: 'Tamales', servings: 4, label_settings: { language: 'es-MX', format: 'eu_table' } },
    });
    const body = expectError(res, 422, 'ValidationFailed') as { errors: Record<string, string[]> };
    expect(body.errors['label_settings.format']?.[0]).toMatch(/eu_table belongs to .*, not es-MX: must be one of mx_table/);
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Tamales', servings: 4 } })).recipe;
    const put = await c.put(`/v1/recipes/${recipe.id}`, { recipe: { label_settings: { language: 'es-MX', format: 'eu_table' } } });
    expectError(put, 422, 'ValidationFailed');
    const fine = await c.put(`/v1/recipes/${recipe.id}`, { recipe: { label_settings: { language: 'es-MX', format: 'mx_table' } } });
    expect(fine.statusCode).toBe(200);
  });

  it('two file parts in one import: 422 naming file', async () => {
    const boundary = 'recipalboundary';
    const part = (data: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${data}\r\n`;
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\ningredients\r\n${part('name\nA\n')}${part('name\nB\n')}--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/imports',
      headers: { authorization: `Token token=${t.accountA.key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const body = expectError(res, 422, 'ValidationFailed') as { errors: Record<string, string[]> };
    expect(body.errors.file?.[0]).toMatch(/must be sent once/);
  });

  const expectContinue = (key: string) =>
    `POST /v1/ingredients HTTP/1.1\r\nHost: x\r\nAuthorization: Token token=${key}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n`;

  it('Expect: 100-continue with a bad key: 401 at once, never 100 Continue', async () => {
    const { socket } = openConnection(port);
    socket.write(expectContinue('not-a-key'));
    const answer = await firstResponse(socket);
    expect(answer.statusCode).toBe(401);
    expect(answer.raw).not.toMatch(/100 Continue/);
    socket.destroy();
  });

  it('Expect: 100-continue with a good key: 100 Continue, then the answer to the body', async () => {
    const { socket } = openConnection(port);
    socket.write(expectContinue(t.accountA.key));
    const interim = await new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))));
    expect(interim).toMatch(/^HTTP\/1.1 100 Continue/);
    socket.write('{}');
    const answer = await firstResponse(socket);
    expect(answer.statusCode).toBe(422);
    socket.destroy();
  });

  it('the README names no revisions/{n} route, and there is none', async () => {
    expect(readFileSync(new URL('../../README.md', import.meta.url), 'utf8')).not.toMatch(/revisions\/\{n\}/);
    const recipe = json(await t.client().post('/v1/recipes', { recipe: { name: 'Soup', servings: 4 } })).recipe;
    expectError(await t.client().get(`/v1/recipes/${recipe.id}/revisions/1`), 404, 'NotFound');
  });
});
