// Raw HTTP/1.1 over a socket, for what inject cannot reach: bytes the HTTP parser refuses before
// fastify routes, bodies cut off mid-stream, and connections the server closes.
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  /** Everything the server sent before it closed the connection (or before `raw` stopped). */
  raw: string;
}

export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export function parseRaw(raw: string): RawResponse {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  let body = split === -1 ? '' : raw.slice(split + 4);
  const [statusLine, ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  if (headers['transfer-encoding'] === 'chunked') {
    let decoded = '';
    let rest = body;
    for (;;) {
      const eol = rest.indexOf('\r\n');
      if (eol === -1) break;
      const size = parseInt(rest.slice(0, eol), 16);
      if (!size) break;
      decoded += rest.slice(eol + 2, eol + 2 + size);
      rest = rest.slice(eol + 2 + size + 2);
    }
    body = decoded;
  }
  return { statusCode: Number(statusLine?.split(' ')[1] ?? 0), headers, body, raw };
}

/** Opens a connection; `response` settles when the server has closed it (with what it sent). */
export function openConnection(port: number): { socket: Socket; closed: Promise<RawResponse> } {
  const socket = connect({ port, host: '127.0.0.1' });
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  socket.on('error', () => undefined); // a reset after the server answered is expected here
  const closed = new Promise<RawResponse>((resolve) =>
    socket.on('close', () => resolve(parseRaw(Buffer.concat(chunks).toString('latin1')))),
  );
  return { socket, closed };
}

/** Sends bytes and half-closes; settles with the response once the server closes the connection. */
export async function rawRequest(port: number, bytes: string | Buffer): Promise<RawResponse> {
  const { socket, closed } = openConnection(port);
  socket.end(bytes);
  return closed;
}

/** Resolves with the first full response head on the socket (the connection may stay open). */
export function firstResponse(socket: Socket): Promise<RawResponse> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const parsed = parseRaw(text);
      const length = Number(parsed.headers['content-length'] ?? NaN);
      if (text.includes('\r\n\r\n') && (Number.isNaN(length) || Buffer.byteLength(parsed.body, 'latin1') >= length)) {
        socket.removeListener('data', onData);
        resolve(parsed);
      }
    };
    socket.on('data', onData);
  });
}
