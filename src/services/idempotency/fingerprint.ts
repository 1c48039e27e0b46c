// What makes two POSTs "the same request" for an Idempotency-Key (docs/api.md#idempotency-key): the method, the
// path under the API prefix (/v1 and /api/v1 are one API, docs/api.md#paths), the query, the body as the server
// read it, and the files uploaded with it (each by its field, name and SHA-256). Keys of objects are
// sorted, so member order does not matter.
//
// The canonical JSON text is written into the hash as it is walked, never built whole, and the walk
// is bounded: a body nested deeper than FINGERPRINT_MAX_DEPTH, or holding more than
// FINGERPRINT_MAX_VALUES values, cannot stand for a request under a key: 422, before anything runs
// (a recursion over a 5,000-deep body would otherwise overflow the stack).
import { createHash, type Hash } from 'node:crypto';
import { validationFailed } from '../../errors.js';

/** Levels of nesting a body may have to be fingerprinted (the API's own bodies have five at most). */
export const FINGERPRINT_MAX_DEPTH = 64;
/** Values (members, items, scalars) a body may hold to be fingerprinted: several times the largest body the API takes. */
export const FINGERPRINT_MAX_VALUES = 200_000;

const tooComplex = (what: string) =>
  validationFailed(
    { 'Idempotency-Key': [`cannot stand for this request: its body ${what}`] },
    `This request cannot be sent with an Idempotency-Key: its body ${what}.`,
  );

/** Writes canonical JSON into the hash a piece at a time (the text is the JSON.stringify of the canonical value). */
class CanonicalWriter {
  private pending = '';
  private values = 0;

  constructor(private readonly hash: Hash) {}

  write(text: string): void {
    this.pending += text;
    if (this.pending.length >= 64 * 1024) this.flush();
  }

  flush(): void {
    this.hash.update(this.pending);
    this.pending = '';
  }

  value(value: unknown, depth: number): void {
    if (++this.values > FINGERPRINT_MAX_VALUES)
      throw tooComplex(`holds more than ${FINGERPRINT_MAX_VALUES.toLocaleString('en-US')} values`);
    if (depth > FINGERPRINT_MAX_DEPTH) throw tooComplex(`is nested more than ${FINGERPRINT_MAX_DEPTH} levels deep`);
    if (value === null || value === undefined) return this.write('null');
    if (Buffer.isBuffer(value) || value instanceof Uint8Array) return this.write(JSON.stringify({ sha256: sha256(value) }));
    if (Array.isArray(value)) {
      this.write('[');
      value.forEach((item, i) => {
        if (i > 0) this.write(',');
        this.value(item, depth + 1);
      });
      return this.write(']');
    }
    if (typeof value === 'object') {
      // Only plain objects are data; anything else (a file stream a route reads itself) is named, not walked.
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) {
        return this.write(JSON.stringify({ instance: (value as object).constructor?.name ?? 'object' }));
      }
      this.write('{');
      Object.keys(value)
        .sort()
        .forEach((key, i) => {
          this.write(`${i > 0 ? ',' : ''}${JSON.stringify(key)}:`);
          this.value((value as Record<string, unknown>)[key], depth + 1);
        });
      return this.write('}');
    }
    this.write(JSON.stringify(value) ?? 'null');
  }
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

export interface FingerprintedFile {
  filename: string;
  data: Buffer;
}

export function requestFingerprint(request: {
  method: string;
  url: string;
  body: unknown;
  /** Files of a multipart body, by field (docs/api.md#request-bodies): they are part of the request as much as its fields. */
  uploads?: Record<string, FingerprintedFile> | null;
}): string {
  const url = request.url.replace(/^\/api(?=\/v1\/)/, '');
  const hash = createHash('sha256');
  const writer = new CanonicalWriter(hash);
  writer.write(`[${JSON.stringify(request.method)},${JSON.stringify(url)},`);
  writer.value(request.body, 1);
  // By field name, in code-unit order (as sort() orders keys).
  const uploads = Object.entries(request.uploads ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (uploads.length > 0) {
    // Requests without files keep the three-member text they always had.
    const files = uploads.map(([field, file]) => ({ field, filename: file.filename, sha256: sha256(file.data) }));
    writer.write(`,${JSON.stringify(files)}`);
  }
  writer.write(']');
  writer.flush();
  return hash.digest('hex');
}
