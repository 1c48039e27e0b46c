// HMAC-signed, expiring links (the async label download, docs/api.md#labels: "signed download link valid for
// 10 minutes that needs no key"). Instances that serve each other's links must share the secret
// (RECIPAL_SECRET); without it each process signs with its own random secret, so a link only
// works on the instance that made it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface Signer {
  /** Signature of `subject` valid until `expires` (Unix seconds). */
  sign(subject: string, expires: number): string;
  /** 'ok', 'bad' (wrong or malformed signature) or 'expired' (right signature, past its time). */
  verify(subject: string, expires: string | number, signature: string, nowSeconds: number): 'ok' | 'bad' | 'expired';
}

export function createSigner(secret: string | null): Signer {
  // A random per-process secret when none is configured (see the comment above).
  const key = secret ?? randomBytes(32).toString('hex');
  const mac = (subject: string, expires: number) => createHmac('sha256', key).update(`${subject}\n${expires}`).digest('base64url');
  return {
    sign: mac,
    verify(subject, expires, signature, nowSeconds) {
      const text = String(expires);
      if (!/^\d{1,12}$/.test(text) || typeof signature !== 'string') return 'bad';
      const expected = Buffer.from(mac(subject, Number(text)));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad';
      return Number(text) < nowSeconds ? 'expired' : 'ok';
    },
  };
}
