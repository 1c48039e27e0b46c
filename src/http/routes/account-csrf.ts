// The sign-in form's CSRF token. Signed-in forms carry their session's stored token; the sign-in
// form has no session yet, so the server issues a token in a cookie and binds the form to it:
//   cookie: <nonce>.<expires>.<HMAC(secret, "sign-in cookie" nonce, expires)>
//   form:   HMAC(secret, "sign-in form" nonce, expires)
// A cookie value the client chose fails its signature: it is replaced, never echoed into a form,
// and a POST carrying it is refused. The secret is RECIPAL_SECRET (else random per process).
import { randomBytes } from 'node:crypto';
import type { Signer } from '../../lib/signing.js';

export interface SignInCsrf {
  /** The cookie to (re)set and the token for the form; an existing valid cookie is kept, so two tabs both work. */
  issue(cookie: string | undefined, nowSeconds: number): { cookie: string; form: string };
  /** Whether a sign-in POST's cookie was issued here, is unexpired, and matches the form token. */
  check(cookie: string | undefined, form: unknown, nowSeconds: number): boolean;
}

const COOKIE_SUBJECT = 'account sign-in cookie\n';
const FORM_SUBJECT = 'account sign-in form\n';

export function signInCsrf(signer: Signer, ttlSeconds: number): SignInCsrf {
  const parse = (cookie: string | undefined, nowSeconds: number): { cookie: string; nonce: string; expires: string } | null => {
    if (typeof cookie !== 'string' || cookie.length > 200) return null;
    const [nonce, expires, signature, ...rest] = cookie.split('.');
    if (!nonce || !expires || !signature || rest.length > 0) return null;
    return signer.verify(COOKIE_SUBJECT + nonce, expires, signature, nowSeconds) === 'ok' ? { cookie, nonce, expires } : null;
  };
  return {
    issue(cookie, nowSeconds) {
      const valid = parse(cookie, nowSeconds);
      if (valid) return { cookie: valid.cookie, form: signer.sign(FORM_SUBJECT + valid.nonce, Number(valid.expires)) };
      const nonce = randomBytes(18).toString('base64url');
      const expires = nowSeconds + ttlSeconds;
      return {
        cookie: `${nonce}.${expires}.${signer.sign(COOKIE_SUBJECT + nonce, expires)}`,
        form: signer.sign(FORM_SUBJECT + nonce, expires),
      };
    },
    check(cookie, form, nowSeconds) {
      const valid = parse(cookie, nowSeconds);
      return (
        valid !== null && typeof form === 'string' && signer.verify(FORM_SUBJECT + valid.nonce, valid.expires, form, nowSeconds) === 'ok'
      );
    },
  };
}
