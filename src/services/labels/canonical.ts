// Canonical JSON (docs/api.md#label-approvals `sha256`: "the hash of the canonical label data"): object keys sorted
// at every depth, no whitespace, members that are undefined left out; arrays keep their order.
import { createHash } from 'node:crypto';

export function canonicalJson(value: unknown): string {
  return JSON.stringify(sorted(value));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== undefined) out[key] = sorted(member);
  }
  return out;
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
