// Request bodies (API.md §1.3): Rails-style bracket forms, multipart with the same names, and JSON.
import Busboy from 'busboy';
import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { malformedBody } from '../../errors.js';

// Bounds that keep a hostile body from exhausting memory or CPU in the parser itself.
const QS_OPTIONS: qs.IParseOptions = { depth: 6, arrayLimit: 200, parameterLimit: 5000, allowPrototypes: false, strictDepth: false };

export function parseForm(text: string): Record<string, unknown> {
  return qs.parse(text, QS_OPTIONS) as Record<string, unknown>;
}

export function registerBodyParsers(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit }, (_req, body, done) => {
    try {
      done(null, parseForm(body as string));
    } catch {
      done(malformedBody('the form encoding is invalid'), undefined);
    }
  });

  app.addContentTypeParser('multipart/form-data', { bodyLimit }, (request, payload, done) => {
    let busboy: Busboy.Busboy;
    try {
      busboy = Busboy({ headers: request.headers, limits: { fieldSize: bodyLimit, fields: 5000, files: 20, fileSize: bodyLimit } });
    } catch {
      done(malformedBody('the multipart boundary is missing'), undefined);
      return;
    }
    // Fields are re-encoded as a form so that bracket names nest exactly as they do in url-encoded bodies.
    const pairs = new URLSearchParams();
    let finished = false;
    const finish = (error: Error | null) => {
      if (finished) return;
      finished = true;
      if (error) done(error, undefined);
      else done(null, parseForm(pairs.toString()));
    };
    busboy.on('field', (name, value) => pairs.append(name, value));
    // Files are not part of this API: read and discard them.
    busboy.on('file', (_name, stream) => stream.resume());
    busboy.on('error', () => finish(malformedBody('the multipart body is invalid')));
    busboy.on('fieldsLimit', () => finish(malformedBody('too many fields')));
    busboy.on('close', () => finish(null));
    payload.on('error', (error) => finish(error));
    payload.pipe(busboy);
  });
}
