// A request answered before its body had arrived (a GET with a body, a 404, a 415 without a content
// type) left the rest of the body neither read nor discarded: the next request on that keep-alive
// connection waited for REQUEST_TIMEOUT_MS and got 408. Now the rest of a body of known length up to
// UNREAD_BODY_DISCARD_BYTES is read and thrown away, so the connection serves its next request; any
// other body (larger, or chunked: its length unknown) is answered with `Connection: close` and the
// connection closed. The test waits for socket events only: REQUEST_TIMEOUT_MS is an hour, so a
// wedged connection would fail the test by vitest's own timeout, not by a measured duration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { expectError } from '../support/error-shape.js';
import { firstResponse, listen, openConnection, type RawResponse } from '../support/raw-http.js';

// Larger than every stream buffer between the socket and a reader (about 48 KiB), so that a body left
// unread really stays on the connection.
const DISCARD = 256 * 1024;

describe('a request answered before its body arrived', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      UNREAD_BODY_DISCARD_BYTES: String(DISCARD),
      REQUEST_TIMEOUT_MS: '3600000',
      BODY_IDLE_TIMEOUT_MS: '600000',
      HEADERS_TIMEOUT_MS: '600000',
    });
    port = await listen(t.app);
  });
  afterAll(async () => t?.close());

  const auth = () => `Authorization: Token token=${t.accountA.key}\r\n`;
  /** The head of a request whose body is then sent in two parts, the second after the answer. */
  const cases: [string, (length: number) => string, number, string][] = [
    [
      'a GET with a body',
      (n) => `GET /v1/recipes HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nContent-Length: ${n}\r\n\r\n`,
      200,
      '',
    ],
    [
      'a route that does not exist (404)',
      (n) => `GET /v1/no-such-route HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nContent-Length: ${n}\r\n\r\n`,
      404,
      'NotFound',
    ],
    [
      'a body without a content type (415)',
      (n) => `POST /v1/recipes HTTP/1.1\r\nHost: x\r\n${auth()}Content-Length: ${n}\r\n\r\n`,
      415,
      'UnsupportedMediaType',
    ],
  ];

  const second = () => `GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`;

  async function exchange(head: string, firstPart: string, rest: string): Promise<{ first: RawResponse; next: RawResponse | 'closed' }> {
    const { socket, closed } = openConnection(port);
    socket.write(head + firstPart);
    const first = await firstResponse(socket);
    // The answer came before the body was whole: the rest of the body, then the next request.
    socket.write(rest);
    socket.write(second());
    const next = await Promise.race([firstResponse(socket), closed.then(() => 'closed' as const)]);
    socket.destroy();
    return { first, next };
  }

  it.each(cases)(
    '%s, body within the discard bound: the rest is discarded and the next request is answered',
    async (_name, head, status, code) => {
      const body = `{"recipe": {"name": "${'x'.repeat(200_000)}"}}`;
      const { first, next } = await exchange(head(body.length), body.slice(0, 10), body.slice(10));
      expect(first.statusCode).toBe(status);
      if (code) expectError(first, status, code);
      expect(first.headers.connection).not.toBe('close');
      expect(next).not.toBe('closed');
      expect((next as RawResponse).statusCode).toBe(200);
    },
  );

  it.each(cases)('%s, body over the discard bound: answered with Connection: close, then closed', async (_name, head, status) => {
    const length = DISCARD + 1;
    const { socket, closed } = openConnection(port);
    socket.write(`${head(length)}{"recipe": `);
    const first = await firstResponse(socket);
    expect(first.statusCode).toBe(status);
    expect(first.headers.connection).toBe('close');
    await closed; // the server hangs up: nothing waits for the rest
  });

  it('a chunked body (length unknown) answered early: Connection: close, then closed', async () => {
    const { socket, closed } = openConnection(port);
    socket.write(`POST /v1/recipes HTTP/1.1\r\nHost: x\r\n${auth()}Transfer-Encoding: chunked\r\n\r\n5\r\n{"a":\r\n`);
    const first = await firstResponse(socket);
    expectError(first, 415, 'UnsupportedMediaType');
    expect(first.headers.connection).toBe('close');
    await closed;
  });

  it('a body read whole keeps the connection open for the next request', async () => {
    const body = JSON.stringify({ recipe: { name: 'Whole' } });
    const { socket } = openConnection(port);
    socket.write(
      `POST /v1/recipes HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    const first = await firstResponse(socket);
    expect(first.statusCode).toBe(201);
    expect(first.headers.connection).not.toBe('close');
    socket.write(second());
    expect((await firstResponse(socket)).statusCode).toBe(200);
    socket.destroy();
  });
});
