// 431 was answered on 40 routes whose OpenAPI responses did not list it: what Node's parser and the
// app's hooks answer before any route runs was documented route by route, and incompletely. One
// onRoute hook (src/http/plugins/documented-errors.ts) now adds those statuses to every route. Here
// each documented operation is sent what a hostile client sends (request headers over 16 KiB, an
// unknown Expect, an XML body, no API key) over a real connection or through the app, and
// must both answer the status in the docs/api.md#errors shape and document it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { openapiDocument, operationsOf, type DocumentedOperation } from '../support/openapi-document.js';
import { listen, rawRequest } from '../support/raw-http.js';

/** The path of an operation with every parameter filled (the answers here come before any record is looked up). */
const concrete = (path: string) => path.replace(/\{\w+\}/g, '1');

describe('what any route answers before it runs is in its documented responses', () => {
  let t: TestApp;
  let port: number;
  let operations: DocumentedOperation[];
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    operations = operationsOf(await openapiDocument(t.app));
    port = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it('answers 431 HeadersTooLarge to request headers over 16 KiB on every route, and documents it', async () => {
    const wrong: string[] = [];
    for (const { key, method, path, operation } of operations) {
      const filler = 'a'.repeat(17 * 1024);
      const answer = await rawRequest(port, `${method} ${concrete(path)} HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${filler}\r\n\r\n`);
      const body = answer.body ? JSON.parse(answer.body) : {};
      if (answer.statusCode !== 431 || body.error !== 'HeadersTooLarge') wrong.push(`${key} answered ${answer.statusCode} ${body.error}`);
      if (!operation.responses['431']) wrong.push(`${key} does not document 431`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 417 ExpectationFailed to an unknown Expect on every route, and documents it', async () => {
    const wrong: string[] = [];
    for (const { key, method, path, operation } of operations) {
      const answer = await rawRequest(
        port,
        `${method} ${concrete(path)} HTTP/1.1\r\nHost: localhost\r\nExpect: 200-ok\r\nConnection: close\r\n\r\n`,
      );
      if (answer.statusCode !== 417) wrong.push(`${key} answered ${answer.statusCode}`);
      if (!operation.responses['417']) wrong.push(`${key} does not document 417`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 415 to a body of a type no parser takes (XML) on every route that reads a body, and documents it', async () => {
    const wrong: string[] = [];
    for (const { key, method, path, operation } of operations.filter((o) => o.method !== 'GET')) {
      const headers = operation.security?.length === 0 ? {} : { authorization: `Token token=${t.accountA.key}` };
      const answer = await t.app.inject({
        method: method as 'GET',
        url: concrete(path),
        headers: { ...headers, 'content-type': 'application/xml' },
        payload: '<flour/>',
      });
      if (answer.statusCode !== 415 || answer.json().error !== 'UnsupportedMediaType') wrong.push(`${key} answered ${answer.statusCode}`);
      if (!operation.responses['415']) wrong.push(`${key} does not document 415`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 without an API key on every route that needs one, and documents it', async () => {
    const wrong: string[] = [];
    for (const { key, method, path, operation } of operations.filter((o) => o.operation.security?.length !== 0)) {
      const answer = await t.app.inject({ method: method as 'GET', url: concrete(path) });
      if (answer.statusCode !== 401 || answer.json().error !== 'NotAuthorized') wrong.push(`${key} answered ${answer.statusCode}`);
      if (!operation.responses['401']) wrong.push(`${key} does not document 401`);
    }
    expect(wrong).toEqual([]);
  });

  it('documents on every route the statuses any request can meet (413 and 415 where a body is read), with 429 naming Retry-After', () => {
    const wrong: string[] = [];
    for (const { key, method, path, operation } of operations) {
      const readsBody = method !== 'GET';
      const expected = [
        '400',
        '403',
        '408',
        '417',
        '429',
        '431',
        '500',
        ...(readsBody ? ['413', '415'] : []),
        ...(path.includes('{') ? ['404'] : []),
      ];
      for (const status of expected) if (!operation.responses[status]?.description) wrong.push(`${key} ${status}`);
      // A GET's body is never read: it is not refused for its size or type either.
      if (!readsBody && (operation.responses['413'] || operation.responses['415'])) wrong.push(`${key} documents 413/415`);
      if (!operation.responses['429']?.headers?.['Retry-After']) wrong.push(`${key} 429 without Retry-After`);
    }
    expect(wrong).toEqual([]);
  });
});
