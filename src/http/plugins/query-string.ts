// Query strings (docs/api.md#errors): parsed like fastify's default (repeated names become lists;
// no prototype, so ?toString=1 is an ordinary name), but %XX escapes that spell invalid UTF-8 (or
// U+0000, which PostgreSQL refuses) are 400 BadRequest instead of being kept as "%ff". The router calls the parser while matching, where
// an exception has nowhere to go: it marks the result, and an onRequest hook refuses it.
import { parse } from 'node:querystring';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../errors.js';
import { formComponentOrNull } from '../../lib/utf8.js';

const INVALID = Symbol('invalidQueryString');

export function parseQueryString(text: string): Record<string, unknown> {
  if (text.length === 0) return Object.create(null);
  const valid = text.split('&').every((pair) => pair.split('=').every((part) => formComponentOrNull(part) !== null));
  const result = parse(text) as Record<string | symbol, unknown>;
  if (!valid) Object.defineProperty(result, INVALID, { value: true, enumerable: false });
  return result;
}

export function registerQueryStringCheck(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if ((request.query as Record<symbol, unknown> | undefined)?.[INVALID]) {
      return done(badRequest('The query string is not UTF-8 text: a %XX escape spells invalid bytes or U+0000.'));
    }
    done();
  });
}
