// API key material: random keys, shown once; only their SHA-256 hash and a display prefix are kept.
import { createHash, randomBytes } from 'node:crypto';

const KEY_PREFIX = 'rcp_';
export const DISPLAY_PREFIX_LENGTH = 12;

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = KEY_PREFIX + randomBytes(24).toString('base64url');
  return { key, prefix: key.slice(0, DISPLAY_PREFIX_LENGTH), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
