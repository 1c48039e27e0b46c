// A 190 MB multipart body without a key made the server unresponsive and then ran it out
// of heap, while JSON and form bodies of that size got 413. Multipart now counts every byte against
// the route's body limit as it streams and stops at the limit: 413, connection closed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { contentSnapshot } from '../support/content-snapshot.js';
import { expectError } from '../support/error-shape.js';
import { firstResponse, listen, openConnection } from '../support/raw-http.js';

const LIMIT = 64 * 1024;

describe('multipart bodies over the body limit', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { BODY_LIMIT_BYTES: String(LIMIT) });
    // A route that takes one file of at most 1 KiB, as an upload route declares it.
    t.app.post('/test/upload', { config: { uploads: { file: { maxBytes: 1024 } } }, schema: { hide: true } }, async (request) => ({
      fields: request.body,
      file: request.uploads.file
        ? { name: request.uploads.file.filename, type: request.uploads.file.mimeType, text: request.uploads.file.data.toString('utf8') }
        : null,
    }));
    port = await listen(t.app);
  });
  afterAll(async () => t?.close());

  it('declared too large by Content-Length: 413 before a byte is read', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/account/session',
      headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(LIMIT + 1) },
      payload: 'x'.repeat(LIMIT + 1),
    });
    expectError(response, 413, 'PayloadTooLarge');
  });

  for (const [what, url, auth] of [
    ['no key, public path', '/account/session', false],
    ['with a key', '/v1/recipes', true],
    ['unknown path', '/v1/nowhere', true],
  ] as const) {
    it(`streamed without a length (${what}): 413 while the client is still sending, then the connection closes`, async () => {
      const before = await contentSnapshot(t.db.handle);
      const { socket, closed } = openConnection(port);
      const answered = firstResponse(socket);
      socket.write(
        `POST ${url} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: multipart/form-data; boundary=b\r\n${auth ? `Authorization: Token token=${t.accountA.key}\r\n` : ''}\r\n`,
      );
      const part = '--b\r\nContent-Disposition: form-data; name="f"; filename="big.bin"\r\n\r\n';
      socket.write(`${part.length.toString(16)}\r\n${part}\r\n`);
      // Keep sending 16 KiB chunks until the server answers: far more than the limit if it never did.
      const chunk = 'y'.repeat(16 * 1024);
      let sent = 0;
      let done = false;
      answered.then(() => (done = true));
      while (!done && sent < 50 * LIMIT) {
        const ok = socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
        sent += chunk.length;
        await Promise.race([new Promise((resolve) => (ok ? setImmediate(resolve) : socket.once('drain', resolve))), answered, closed]);
      }
      const response = await answered;
      expectError(response, 413, 'PayloadTooLarge');
      expect(sent).toBeLessThan(50 * LIMIT);
      expect(response.headers.connection).toBe('close');
      await closed;
      expect(await contentSnapshot(t.db.handle)).toEqual(before);
    });
  }

  it('a route taking files gets the declared file within its own limit, with the fields', async () => {
    const body = (content: string) =>
      [
        '--b',
        'Content-Disposition: form-data; name="note[text]"',
        '',
        'hi',
        '--b',
        'Content-Disposition: form-data; name="file"; filename="costs.csv"',
        'Content-Type: text/csv',
        '',
        content,
        '--b',
        'Content-Disposition: form-data; name="other"; filename="x.bin"',
        '',
        'dropped',
        '--b--',
        '',
      ].join('\r\n');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/test/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: body('a,b\n1,2\n'),
    });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toEqual({ fields: { note: { text: 'hi' } }, file: { name: 'costs.csv', type: 'text/csv', text: 'a,b\n1,2\n' } });
    const big = await t.app.inject({
      method: 'POST',
      url: '/test/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: body('z'.repeat(1025)),
    });
    expectError(big, 413, 'PayloadTooLarge');
  });
});
