// Request bodies (docs/api.md#request-bodies): Rails-style bracket forms, multipart with the same names (multipart.ts), and JSON.
import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { formComponentOrNull } from '../../lib/utf8.js';
import { AppError, malformedBody } from '../../errors.js';
import { isTextThroughout, jsonMayHoldNonText, utf8OrNull } from '../../lib/utf8.js';
import { cutLargeObjects } from '../../lib/json-members.js';
import { workStep } from '../../lib/work-steps.js';
import { registerMultipart } from './multipart.js';

// Bounds that keep a hostile body from exhausting memory or CPU in the parser itself.
// Escapes that spell invalid UTF-8 stop the parse (formComponentOrNull): the text must be what was sent.
const QS_OPTIONS: qs.IParseOptions = {
  depth: 6,
  arrayLimit: 200,
  parameterLimit: 5000,
  allowPrototypes: false,
  strictDepth: false,
  decoder: (text) => {
    const decoded = formComponentOrNull(text);
    if (decoded === null) throw malformedBody('it is not UTF-8 text (invalid bytes, or U+0000)');
    return decoded;
  },
};

/** A url-encoded form as nested objects; throws MalformedBody (AppError) when it is not valid UTF-8. */
export function parseForm(text: string): Record<string, unknown> {
  return qs.parse(text, QS_OPTIONS) as Record<string, unknown>;
}

const notUtf8 = () => malformedBody('it is not UTF-8 text (invalid bytes, or U+0000)');

export function registerBodyParsers(app: FastifyInstance, bodyLimit: number): void {
  // Both parsers read bytes, not strings: a string decoder would turn invalid UTF-8 into U+FFFD.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit }, (_req, body, done) => {
    const text = utf8OrNull(body as Buffer);
    if (text === null) {
      done(notUtf8(), undefined);
      return;
    }
    try {
      done(null, parseForm(text));
    } catch (error) {
      done(error instanceof AppError ? error : malformedBody('the form encoding is invalid'), undefined);
    }
  });

  // fastify's own JSON parser (secure-json-parse: __proto__ and constructor.prototype are refused),
  // fed only text that is valid UTF-8.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    // No bytes at all is no body, whatever the header says: clients send their JSON content type on
    // every call, a DELETE's too (docs/api.md#request-bodies). A route that needs a body then says what is missing.
    if ((body as Buffer).length === 0) {
      done(null, undefined);
      return;
    }
    const sent = utf8OrNull(body as Buffer);
    if (sent === null) {
      done(notUtf8(), undefined);
      return;
    }
    // An object over every budget is not built whole: cut to JSON_OBJECT_MEMBERS_READ + 1 members,
    // the validator still refuses it by name with its own budget (docs/api.md#input-budgets).
    const text = cutLargeObjects(sent);
    workStep(text.length); // the characters JSON.parse builds values from
    json(request, text, (error, value) => {
      // secure-json-parse refuses `__proto__` and `constructor.prototype` members (a prototype could
      // be polluted through them), and fastify reports that as invalid JSON. When the text is valid
      // JSON, the message says what was refused instead (JSON.parse only tells the two apart here:
      // its result, where such a member is a plain own property, is dropped).
      if (error && isValidJson(text))
        done(
          malformedBody('it holds a "__proto__" member or a "constructor" object with a "prototype" member, which are refused'),
          undefined,
        );
      else if (error) done(error, undefined);
      else if (jsonMayHoldNonText(text) && !isTextThroughout(value))
        done(malformedBody('a string holds \\u0000 or an unpaired surrogate, which are not text'), undefined);
      else done(null, value);
    });
  });

  // fastify reads text/plain by default; the API does not (docs/api.md#request-bodies: 415 UnsupportedMediaType).
  app.removeContentTypeParser('text/plain');

  registerMultipart(app, bodyLimit, parseForm);
}

function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
