// multipart/form-data bodies (docs/api.md#request-bodies), streamed through busboy. Fields are re-encoded as a
// url-encoded form so bracket names nest exactly as they do in form bodies. The whole body counts
// against the route's body limit while it streams (never buffered whole): past it the parse stops
// at once with 413. File parts are read and discarded unless the route names their field in
// `config.uploads`; a named file is kept in memory up to its own limit and handed to the route
// through `request.uploads`. A route may bound its other fields too (`config.fieldMaxBytes`): a
// longer value is 413 naming the field when it ends (busboy keeps no more than that many bytes of it).
//
// Why busboy directly rather than @fastify/multipart: that plugin limits each part but not the
// body as a whole, parses after routing in hooks or handlers, and flattens bracket names; a content
// type parser over busboy treats multipart exactly like the other body types.
import Busboy from 'busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, invalidField, malformedBody, partTooLarge, payloadTooLarge } from '../../errors.js';
import { utf8OrNull } from '../../lib/utf8.js';

export interface UploadRule {
  /** The largest file accepted in this field, in bytes (413 beyond it). */
  maxBytes: number;
}

export interface UploadedFile {
  field: string;
  filename: string;
  mimeType: string;
  data: Buffer;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** File fields this route accepts, by field name. Routes that accept files also raise `bodyLimit`. */
    uploads?: Record<string, UploadRule>;
    /** The longest value of a field that is not a file, in bytes (413 beyond it); the body limit when unset. */
    fieldMaxBytes?: number;
  }
  interface FastifyRequest {
    /** Files of the multipart body in fields the route accepts (`config.uploads`), by field name. */
    uploads: Record<string, UploadedFile>;
  }
}

const MAX_FIELDS = 5000;
const MAX_FILES = 20;

export function registerMultipart(app: FastifyInstance, defaultBodyLimit: number, toForm: (text: string) => Record<string, unknown>): void {
  app.decorateRequest('uploads', null as unknown as Record<string, UploadedFile>);
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    const limit = request.routeOptions.bodyLimit ?? defaultBodyLimit;
    if (Number(request.headers['content-length']) > limit) {
      done(payloadTooLarge(limit), undefined);
      return;
    }
    const config = request.routeOptions.config;
    const rules = Object.hasOwn(config, 'uploads') ? (config.uploads ?? {}) : {};
    const fieldSize = Object.hasOwn(config, 'fieldMaxBytes') && config.fieldMaxBytes ? Math.min(config.fieldMaxBytes, limit) : limit;
    let parser: Busboy.Busboy;
    try {
      // Names and values arrive as Latin-1, byte for byte, and are decoded strictly below: busboy's
      // UTF-8 decoding would put U+FFFD where the bytes are invalid.
      parser = Busboy({
        headers: request.headers,
        defCharset: 'latin1',
        defParamCharset: 'latin1',
        limits: { fieldSize, fields: MAX_FIELDS, files: MAX_FILES, fieldNameSize: 1000 },
      });
    } catch {
      done(malformedBody('the multipart boundary is missing'), undefined);
      return;
    }
    const pairs = new URLSearchParams();
    const files: Record<string, UploadedFile> = {};
    const fileParts = new Set<string>();
    let received = 0;
    let finished = false;

    const finish = (error: Error | null) => {
      if (finished) return;
      finished = true;
      payload.removeListener('data', countBytes);
      payload.unpipe(parser);
      // Late events from a parser we stopped listening to must not become uncaught errors.
      parser.removeAllListeners();
      parser.on('error', () => undefined);
      if (error) {
        done(error, undefined);
        return;
      }
      (request as FastifyRequest).uploads = files;
      try {
        done(null, toForm(pairs.toString()));
      } catch (error) {
        done(error instanceof AppError ? error : malformedBody('the form encoding is invalid'), undefined);
      }
    };

    const countBytes = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) finish(payloadTooLarge(limit));
    };

    parser.on('field', (name: string | undefined, value: string | undefined, info?: Busboy.FieldInfo) => {
      if (info?.valueTruncated && fieldSize < limit) {
        const shown = typeof name === 'string' ? (utf8OrNull(Buffer.from(name, 'latin1')) ?? '').slice(0, 100) : '';
        finish(partTooLarge(shown, fieldSize, 'field'));
        return;
      }
      // busboy reports a part named "" with no name at all: such a part names no field, so it is
      // skipped (Buffer.from(undefined) would throw inside busboy's event, where nothing catches it).
      if (typeof name !== 'string' || name === '' || typeof value !== 'string') return;
      const decodedName = utf8OrNull(Buffer.from(name, 'latin1'));
      const decodedValue = utf8OrNull(Buffer.from(value, 'latin1'));
      if (decodedName === null || decodedValue === null) finish(malformedBody('it is not UTF-8 text (invalid bytes, or U+0000)'));
      else pairs.append(decodedName, decodedValue);
    });
    parser.on('file', (rawName, stream, info) => {
      const name = typeof rawName === 'string' ? (utf8OrNull(Buffer.from(rawName, 'latin1')) ?? '') : '';
      // busboy reports a broken part on the parser too; without a listener here the same error on
      // the part's own stream would be uncaught and end the process.
      stream.on('error', () => undefined);
      const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
      if (!rule) {
        stream.resume();
        return;
      }
      // One file per field: with two, the last silently won (docs/api.md#spreadsheet-imports).
      if (fileParts.has(name)) {
        stream.resume();
        finish(invalidField(name, `must be sent once; the request has more than one "${name.slice(0, 100)}" part`));
        return;
      }
      fileParts.add(name);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        if (finished) return;
        size += chunk.length;
        if (size > rule.maxBytes) finish(partTooLarge(name, rule.maxBytes, 'file'));
        else chunks.push(chunk);
      });
      stream.on('end', () => {
        const filename = utf8OrNull(Buffer.from(info.filename ?? '', 'latin1')) ?? '';
        files[name] = { field: name, filename, mimeType: info.mimeType, data: Buffer.concat(chunks, size) };
      });
    });
    parser.on('error', () => finish(malformedBody('the multipart body is invalid')));
    parser.on('fieldsLimit', () => finish(malformedBody(`more than ${MAX_FIELDS} fields`)));
    parser.on('close', () => finish(null));
    // A body cut off by the client, or by the body idle timeout (which fails with 408 itself).
    payload.on('error', (error) =>
      finish(error instanceof AppError ? error : malformedBody('the connection broke off while the body was read')),
    );
    payload.on('data', countBytes);
    payload.pipe(parser);
  });
}
