// Schema building blocks shared by the route groups.
import { Type, type TSchema } from '@sinclair/typebox';

/** The schema with one example (the OpenAPI document shows it as the request's or response's example). */
export const withExample = <T extends TSchema>(schema: T, example: unknown): T => ({ ...schema, examples: [example] });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Text = (maxLength = 255, description?: string) => Nullable(Type.String({ maxLength, description }));

/** An id in a body: a positive 32-bit integer (larger ones name no record, and PostgreSQL would refuse them). */
export const BodyId = (options: { description?: string } = {}) => Type.Integer({ minimum: 1, maximum: 2_147_483_647, ...options });

/**
 * A record id in the path: a positive 32-bit integer, as the path's digits (1 to 15 of them) name it.
 * Checked and converted centrally (plugins/schema-validation.ts): anything else names no record and
 * is a 404 NotFound for the path's resource, never a 400 (docs/api.md#errors).
 */
export const PathId = (description: string) => Type.Integer({ minimum: 1, maximum: 2_147_483_647, description, examples: [1] });

export const IdParams = Type.Object({ id: PathId('numeric id') });

const ERROR_EXAMPLE = {
  error: 'ValidationFailed',
  message: "Validation failed: weight1 can't be blank.",
  errors: { weight1: ["can't be blank"] },
  request_id: '5f0c6a3e-2b1d-4c8e-9f7a-1d2e3c4b5a69',
};

export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'error code (docs/api.md#errors)' }),
    message: Type.String({ description: 'a sentence a person can act on' }),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()), { description: 'field -> what is wrong with it' })),
    errors_total: Type.Optional(
      Type.Integer({ description: 'every message found, when `errors` lists only some of them (docs/api.md#input-budgets)' }),
    ),
    errors_truncated: Type.Optional(Type.Literal(true, { description: 'present when `errors` lists only some messages' })),
    request_id: Type.String({ description: 'equal to the X-Request-Id header; names the request in our logs' }),
  },
  { $id: 'Error', examples: [ERROR_EXAMPLE] },
);

const RETRY_AFTER = { 'Retry-After': { type: 'integer', description: 'seconds to wait before retrying' } };

/** One documented error response: the docs/api.md#errors shape, what the status means here, and any headers it carries. */
export const errorResponse = (description: string, headers?: Record<string, unknown>) =>
  Type.Ref('Error', headers ? { description, headers } : { description });

/** What each error status means, as any route answers it (docs/api.md#errors); a route may say more of its own. */
const MEANING: Record<number, string> = {
  400: 'MalformedBody or BadRequest: the body or query could not be read (not valid JSON, a query that is not UTF-8, a non-number where a number goes).',
  401: 'NotAuthorized (no valid API key: send `Authorization: Token token=<API_KEY>`), SubscriptionInactive, or WeeklyLimitExceeded.',
  403: 'HttpsRequired: the server takes requests over HTTPS only; or Forbidden: a write to a public ingredient (change only its tags, or copy it).',
  404: "NotFound: the id names no record this account can read (another account's private records are never revealed), or is not a positive integer.",
  405: 'MethodNotAllowed.',
  408: 'RequestTimeout: the request arrived too slowly and was cut off (docs/api.md#slow-clients); the connection is closed.',
  409: 'Conflict: the write conflicts with other data, named in the message.',
  413: 'PayloadTooLarge: the body is larger than the server takes (BODY_LIMIT_BYTES); the connection is closed.',
  415: 'UnsupportedMediaType: send application/json, application/x-www-form-urlencoded or multipart/form-data.',
  417: 'ExpectationFailed: an `Expect` header other than `100-continue`.',
  422: 'ValidationFailed: the request breaks rules, every one listed in `errors` by field.',
  429: 'RateLimited (the per-minute limit), TooManyRequestsInFlight (the account has too many requests in flight and waiting on the server process), or TooManyConnections (open connections of one client address); wait `Retry-After` seconds.',
  431: 'HeadersTooLarge: the request line and headers are over 16 KiB (a very long URL counts too).',
  500: 'InternalError: a bug of ours, logged under the request id; no stack trace or SQL is ever sent.',
  503: 'DatabaseBusy: the database stayed locked by other writes past its wait (SQLite with several server processes); nothing was written; retry after `Retry-After` seconds.',
};

const refs = (statuses: number[]) =>
  Object.fromEntries(
    [...new Set(statuses)]
      .sort()
      .map((s) => [s, errorResponse(MEANING[s] ?? 'An error (docs/api.md#errors).', s === 429 || s === 503 ? RETRY_AFTER : undefined)]),
  );

/**
 * The error statuses every route can answer, whatever it does (docs/api.md#errors): 400 for a query
 * or body that cannot be read; 403 HttpsRequired over plain HTTP when HTTPS is required (docs/api.md#authentication);
 * 408 when the request stalls (docs/api.md#slow-clients), 417 for an unknown `Expect`, 429 TooManyConnections (docs/api.md#limits),
 * 431 when the request line and headers are too large (Node's parser, before any route), 500 for a
 * bug, 503 when the database stays busy past its wait (docs/api.md#errors). Added to every route's responses by plugins/documented-errors.ts.
 */
export const ANY_ROUTE_ERRORS = refs([400, 403, 408, 417, 429, 431, 500, 503]);

/** Routes whose method reads a body (not GET: its body is never read): 413 when it is too large, 415 for a content type no parser takes (docs/api.md#request-bodies). */
export const BODY_ERRORS = refs([413, 415]);

/** Routes with a path parameter also answer 404 for one that names nothing (or is not routable). */
export const PATH_ERRORS = refs([404]);

/** Routes behind an API key also answer 401 (docs/api.md#authentication) and 429 over the per-minute limit (docs/api.md#limits). */
export const AUTHENTICATED_ERRORS = refs([401, 429]);

/** Response documentation for a route's own error statuses; those every route answers are added by plugins/documented-errors.ts. */
export const errorResponses = (...statuses: number[]) => refs(statuses);

const DeletedMark = Type.Object({ id: Type.Integer(), deleted: Type.Literal(true) }, { additionalProperties: false });

export const Deleted = <R extends string>(resource: R) =>
  Type.Object({ [resource]: DeletedMark } as Record<R, typeof DeletedMark>, {
    additionalProperties: false,
    description: `The ${resource} is deleted`,
    examples: [{ [resource]: { id: 1, deleted: true } }],
  });
