// What makes two POSTs "the same request" for an Idempotency-Key (docs/api.md §10.3): the method, the
// path under the API prefix (/v1 and /api/v1 are one API, §1.1), the query and the body as the server
// read it. Keys of objects are sorted, so member order does not matter; file contents count by hash.
import { createHash } from 'node:crypto';

function canonical(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return { sha256: createHash('sha256').update(value).digest('hex') };
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object') {
    // Only plain objects are data; anything else (a file stream a route reads itself) is named, not walked.
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return { instance: (value as object).constructor?.name ?? 'object' };
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value as object).sort()) out[key] = canonical((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

export function requestFingerprint(request: { method: string; url: string; body: unknown }): string {
  const url = request.url.replace(/^\/api(?=\/v1\/)/, '');
  return createHash('sha256')
    .update(JSON.stringify([request.method, url, canonical(request.body)]))
    .digest('hex');
}
