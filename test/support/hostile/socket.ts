// Requests only a real socket can carry, written byte by byte to a listening server: what Node's HTTP
// parser refuses itself (a request line or headers over its limit, broken chunking, two lengths),
// bodies cut short by the client, and bodies over the limit. After each, /healthz must still answer.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import fc from 'fast-check';
import type { Answer } from './checks.js';

export interface SocketCase {
  name: string;
  /** The bytes written, in order. */
  chunks: Buffer[];
  /**
   * The request is cut short on purpose: the client ends its side after writing, and the server sees
   * the end of the stream mid-request. Otherwise the client waits for the answer: ending early could
   * leave a whole request running on after the client has gone, its writes landing during the next
   * case (and blamed on it).
   */
  cutShort?: boolean;
}

const b = (text: string) => Buffer.from(text, 'latin1');
const utf8 = (text: string) => Buffer.from(text, 'utf8');

function head(method: string, path: string, headers: Record<string, string>, key: string | null): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  if (key) lines.push(`Authorization: Token token=${key}`);
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

const json = (key: string | null, path: string, body: Buffer, extra: Record<string, string> = {}) => [
  b(head('POST', path, { 'Content-Type': 'application/json', 'Content-Length': String(body.length), ...extra }, key)),
  body,
];

function multipart(withFile: boolean, bytes: number): Buffer {
  const parts = [`--b\r\nContent-Disposition: form-data; name="recipe[name]"\r\n\r\nSocket recipe\r\n`];
  if (withFile)
    parts.push(
      `--b\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${'h'.repeat(bytes)}\r\n`,
    );
  else parts.push(`--b\r\nContent-Disposition: form-data; name="recipe[preparation]"\r\n\r\n${'p'.repeat(bytes)}\r\n`);
  return b(`${parts.join('')}--b--\r\n`);
}

/** Generated raw cases; `key` is account A's, `bodyLimit` the server's body limit in bytes. */
export function socketCaseArbitrary(key: string, bodyLimit: number): fc.Arbitrary<SocketCase> {
  const caller = fc.constantFrom<string | null>(key, null, 'rcp_garbage');
  const path = fc.constantFrom(
    '/v1/recipes',
    '/v1/ingredients',
    '/api/v1/recipes',
    '/account/session',
    '/v1/recipes/1/scale',
    '/nowhere',
    '/v1/ingredient_costs',
  );
  const cut = fc.double({ min: 0, max: 0.99, noNaN: true });
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(9_000, 17_000, 70_000), caller)
      .map(([n, k]) => ({ name: `request line of ${n} bytes`, chunks: [b(head('GET', `/v1/recipes?q=${'a'.repeat(n)}`, {}, k))] })),
    fc
      .tuple(fc.constantFrom(150, 17_000), caller)
      .map(([n, k]) => ({ name: `path id of ${n} digits`, chunks: [b(head('GET', `/v1/recipes/${'1'.repeat(n)}`, {}, k))] })),
    fc
      .tuple(fc.constantFrom(17_000, 40_000), caller)
      .map(([n, k]) => ({ name: `header of ${n} bytes`, chunks: [b(head('GET', '/v1/recipes', { 'X-Big': 'a'.repeat(n) }, k))] })),
    fc.tuple(fc.constantFrom(200, 3_000), caller).map(([n, k]) => ({
      name: `${n} headers`,
      chunks: [b(head('GET', '/v1/recipes', Object.fromEntries(Array.from({ length: n }, (_, i) => [`X-H-${i}`, 'v'])), k))],
    })),
    fc.tuple(caller, path, cut).map(([k, p, c]) => {
      const body = utf8(JSON.stringify({ recipe: { name: 'Cut short', servings: 2 } }));
      return {
        name: `JSON body cut at ${Math.floor(c * 100)} %`,
        cutShort: true,
        chunks: [
          b(head('POST', p, { 'Content-Type': 'application/json', 'Content-Length': String(body.length) }, k)),
          body.subarray(0, Math.floor(body.length * c)),
        ],
      };
    }),
    fc.tuple(caller, path, cut, fc.boolean()).map(([k, p, c, file]) => {
      const body = multipart(file, 5);
      return {
        name: `multipart${file ? ' with a file part' : ''} cut at ${Math.floor(c * 100)} %`,
        cutShort: true,
        chunks: [
          b(head('POST', p, { 'Content-Type': 'multipart/form-data; boundary=b', 'Content-Length': String(body.length) }, k)),
          body.subarray(0, Math.floor(body.length * c)),
        ],
      };
    }),
    fc.tuple(caller, path, fc.boolean()).map(([k, p, file]) => {
      // The known 98-byte killer: a file part whose body simply ends, with a matching Content-Length.
      const body = b(`--b\r\nContent-Disposition: form-data; name="f"${file ? '; filename="a.txt"' : ''}\r\n\r\nhello`);
      return {
        name: `multipart ending inside a ${file ? 'file' : 'field'} part`,
        chunks: [b(head('POST', p, { 'Content-Type': 'multipart/form-data; boundary=b', 'Content-Length': String(body.length) }, k)), body],
      };
    }),
    fc.tuple(caller, path, fc.boolean(), fc.boolean()).map(([k, p, file, chunked]) => {
      const body = multipart(file, bodyLimit + 64 * 1024);
      const headers: Record<string, string> = {
        'Content-Type': 'multipart/form-data; boundary=b',
        ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(body.length) }),
      };
      const payload = chunked ? Buffer.concat([b(`${body.length.toString(16)}\r\n`), body, b('\r\n0\r\n\r\n')]) : body;
      return {
        name: `multipart over the body limit (${body.length} bytes, ${file ? 'file' : 'field'}, ${chunked ? 'chunked' : 'Content-Length'})`,
        chunks: [b(head('POST', p, headers, k)), payload],
      };
    }),
    fc.tuple(caller, path).map(([k, p]) => ({
      name: 'JSON over the body limit',
      chunks: json(k, p, b(`{"recipe":{"name":"${'n'.repeat(bodyLimit + 10)}"}}`)),
    })),
    fc.tuple(caller, path).map(([k, p]) => ({
      name: 'Content-Length shorter than the body',
      chunks: [b(head('POST', p, { 'Content-Type': 'application/json', 'Content-Length': '5' }, k)), b('{"recipe":{"name":"x"}}')],
    })),
    fc.tuple(caller, path).map(([k, p]) => ({
      name: 'Content-Length longer than the body',
      cutShort: true,
      chunks: [b(head('POST', p, { 'Content-Type': 'application/json', 'Content-Length': '500' }, k)), b('{"recipe":{"name":"x"}}')],
    })),
    fc.tuple(caller, path, fc.constantFrom('zz', '-1', 'ffffffffffffffffff', `5;ext=${'x'.repeat(5000)}`, '')).map(([k, p, size]) => ({
      name: `chunk size "${size.slice(0, 12)}"`,
      chunks: [
        b(head('POST', p, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }, k)),
        b(`${size}\r\n{}\r\n0\r\n\r\n`),
      ],
    })),
    fc.tuple(caller, path).map(([k, p]) => ({
      name: 'Content-Length and Transfer-Encoding',
      chunks: [
        b(head('POST', p, { 'Content-Type': 'application/json', 'Content-Length': '2', 'Transfer-Encoding': 'chunked' }, k)),
        b('2\r\n{}\r\n0\r\n\r\n'),
      ],
    })),
    fc.tuple(caller, path, fc.constantFrom('abc', '-1', '1e3', '2, 2', '99999999999999999999')).map(([k, p, length]) => ({
      name: `Content-Length "${length}"`,
      chunks: [b(head('POST', p, { 'Content-Type': 'application/json', 'Content-Length': length }, k)), b('{}')],
    })),
    fc
      .constantFrom(
        'GARBAGE\r\n\r\n',
        'GET / HTTP/9.9\r\n\r\n',
        'GET /v1/recipes\r\n\r\n',
        '\u0000\u0001\u0002\r\n\r\n',
        'GET /v1/rec ipes HTTP/1.1\r\nHost: x\r\n\r\n',
        'G\u00c9T / HTTP/1.1\r\n\r\n',
        'GET /v1/recipes HTTP/1.1\r\nHost: x\r\nX A: 1\r\n\r\n',
        'GET /v1/recipes HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n',
        'GET /v1/recipes HTTP/1.1\r\nHost: x\r\n folded: header\r\n\r\n',
      )
      .map((text) => ({ name: `malformed request ${JSON.stringify(text.slice(0, 24))}`, chunks: [b(text)] })),
    fc.tuple(fc.constantFrom('名前', 'ключ', '🍕'), path).map(([text, p]) => ({
      name: 'UTF-8 bytes in a header value and the path',
      chunks: [
        Buffer.concat([
          b(`GET ${p}/`),
          utf8(text),
          b(' HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: Token token='),
          utf8(text),
          b('\r\nX-Name: '),
          utf8(text),
          b('\r\n\r\n'),
        ]),
      ],
    })),
    fc.tuple(caller, path).map(([k, p]) => ({
      name: 'Expect: 100-continue',
      chunks: json(k, p, b('{"recipe":{"name":"expect"}}'), { Expect: '100-continue' }),
    })),
  );
}

/** Splits the first HTTP response out of raw bytes (Content-Length or chunked bodies). */
export function parseResponse(raw: Buffer, method = 'GET', path?: string): Answer | null {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const lines = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1]);
  if (!Number.isFinite(status)) return null;
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(end + 4);
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
    const out: Buffer[] = [];
    for (let at = 0; ; ) {
      const lineEnd = body.indexOf('\r\n', at);
      if (lineEnd < 0) break;
      const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
      if (!size) break;
      out.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(out);
  } else if (headers['content-length'] !== undefined) body = body.subarray(0, Number(headers['content-length']));
  // A 100 Continue comes before the real answer.
  if (status === 100) return parseResponse(raw.subarray(end + 4), method, path);
  return { status, headers, body: body.toString('utf8'), method, path };
}

/** Writes a case and reads until the server closes the connection (every case asks it to). */
export function sendRaw(port: number, chunks: Buffer[], cutShort = false): Promise<Buffer> {
  return new Promise((resolve) => {
    const received: Buffer[] = [];
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('data', (data) => received.push(data));
    // The server may answer and close before it has read everything (413): a reset is an end too.
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Buffer.concat(received)));
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
      if (cutShort) socket.end();
    });
  });
}

/** GET /healthz over a fresh connection: the status, or null when nothing answered. */
export function health(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? null));
    });
    req.on('error', () => resolve(null));
    req.end();
  });
}
