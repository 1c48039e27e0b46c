// The tokens this server hands out (embed tokens, render tokens) are base64url text. A path segment
// of any other shape names nothing, and is not sent to the database: PostgreSQL refuses text holding
// U+0000, so `/v1/labels/a%00` answered 500 instead of 404.
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

export function looksLikeToken(text: string): boolean {
  return TOKEN.test(text);
}
