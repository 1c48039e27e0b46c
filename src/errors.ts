// The error catalogue (docs/api.md#errors): one code per situation, one factory per code that fixes the
// status. Services raise these; the HTTP layer renders them; nothing else decides a status.

import type { FieldErrors } from './lib/field-errors.js';

export type { FieldErrors } from './lib/field-errors.js';
export { boundedErrors, FieldErrorList } from './lib/field-errors.js';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** "field message; field message" for the first few fields (the body lists them; this is the sentence). */
export function errorSummary(errors: FieldErrors): string {
  const parts: string[] = [];
  let fields = 0;
  for (const field in errors) {
    if (!Object.hasOwn(errors, field)) continue;
    fields++;
    if (parts.length < 10) parts.push(`${field} ${errors[field]?.[0] ?? ''}`.slice(0, 200));
  }
  return fields > parts.length ? `${parts.join('; ')}; and ${fields - parts.length} more fields` : parts.join('; ');
}

export const validationFailed = (errors: FieldErrors, message?: string) =>
  new AppError(422, 'ValidationFailed', message ?? `Validation failed: ${errorSummary(errors)}.`, errors);

/** One failed rule on one field. */
export const invalidField = (field: string, message: string) => validationFailed({ [field]: [message] });

export const notFound = (resource: string) => new AppError(404, 'NotFound', `No ${resource} with that id exists for this account.`);

export const forbidden = (message: string) => new AppError(403, 'Forbidden', message);

export const conflict = (message: string) => new AppError(409, 'Conflict', message);

export const notAuthorized = (message = 'Send a valid API key: Authorization: Token token=<API_KEY>.') =>
  new AppError(401, 'NotAuthorized', message);

export const subscriptionInactive = () =>
  new AppError(401, 'SubscriptionInactive', 'This account has no active subscription; the API is unavailable until it is renewed.');

export const weeklyLimitExceeded = (resetAt: Date) =>
  new AppError(401, 'WeeklyLimitExceeded', `The weekly request limit is used up; it resets at ${resetAt.toISOString()}.`);

export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, 'RateLimited', `Too many requests this minute; retry in ${retryAfterSeconds} s.`, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });

export const renderConcurrencyExceeded = (limit: number, retryAfterSeconds = 1) =>
  new AppError(
    429,
    'RenderConcurrencyExceeded',
    `At most ${limit} label renders may run at once for an account; retry when one finishes.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );

/** docs/api.md#spreadsheet-imports: every import slot of the account (`scope` account) or of the server process (`scope` server) is busy. */
/**
 * The database stayed locked past its wait (SQLite's busy_timeout: another process held the write
 * lock). Nothing was written; the request may be sent again (RELIABILITY.md#sqlite-one-writer).
 */
export const databaseBusy = (retryAfterSeconds = 1) =>
  new AppError(
    503,
    'DatabaseBusy',
    `The database is busy with other writes; nothing was written. Retry in ${retryAfterSeconds} s.`,
    undefined,
    {
      'Retry-After': String(retryAfterSeconds),
    },
  );

/** Whether `error` (or what caused it) is SQLite's "database is locked" (SQLITE_BUSY and its kinds). */
export function isDatabaseBusy(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e !== null && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) return true;
  }
  return false;
}

export const importConcurrencyExceeded = (scope: 'account' | 'server', limit: number, retryAfterSeconds = 5) =>
  new AppError(
    429,
    'ImportConcurrencyExceeded',
    scope === 'account'
      ? `At most ${limit} import${limit === 1 ? '' : 's'} may run at once for an account; retry when ${limit === 1 ? 'it' : 'one'} finishes (in about ${retryAfterSeconds} s).`
      : `The server is running as many imports as it takes at once (${limit}); retry in ${retryAfterSeconds} s.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );

/** docs/api.md#render-limits: a render stopped at the time limit; the same label asks the same work again, hence a 4xx. */
export const renderTimedOut = (limitMs: number) =>
  new AppError(
    422,
    'RenderTimedOut',
    `The label took longer than the ${limitMs / 1000} s one render may take and was stopped; ask for a smaller zoom, or the PDF on a paper size.`,
  );

/** docs/api.md#render-limits: anonymous (embed) renders have a small share of the render threads; it is full. */
export const embedRendersBusy = (retryAfterSeconds = 1) =>
  new AppError(
    429,
    'RenderConcurrencyExceeded',
    `Too many embedded label images are being drawn at once; retry in ${retryAfterSeconds} s.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );

/** docs/api.md#render-limits: one embed token's PNG renders per minute. */
export const embedRateLimited = (limit: number, retryAfterSeconds: number) =>
  new AppError(
    429,
    'RateLimited',
    `This embed's label image may be drawn at most ${limit} times a minute; retry in ${retryAfterSeconds} s.`,
    undefined,
    {
      'Retry-After': String(retryAfterSeconds),
    },
  );

/** docs/api.md#anonymous-limits: embed requests per minute from one client address, or for one embed token. */
export const embedRequestsLimited = (per: 'client address' | 'embed token', limit: number, retryAfterSeconds: number) =>
  new AppError(
    429,
    'RateLimited',
    `Embedded labels may be asked for at most ${limit} times a minute per ${per}; retry in ${retryAfterSeconds} s.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );

/** docs/api.md#anonymous-limits: embeds are prepared one per turn of the event loop, and their queue is full. */
export const embedsBusy = (retryAfterSeconds = 1) =>
  new AppError(429, 'RateLimited', `Too many embedded labels are waiting to be prepared; retry in ${retryAfterSeconds} s.`, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });

export const malformedBody = (detail: string) => new AppError(400, 'MalformedBody', `The request body could not be read: ${detail}.`);

export const badRequest = (message: string, errors?: FieldErrors) => new AppError(400, 'BadRequest', message, errors);

export const httpsRequired = () => new AppError(403, 'HttpsRequired', 'This server accepts API requests over HTTPS only.');

export const unsupportedMediaType = (type: string) =>
  new AppError(
    415,
    'UnsupportedMediaType',
    `Content type "${type}" is not accepted; send application/x-www-form-urlencoded, multipart/form-data or application/json.`,
  );

export const payloadTooLarge = (limit: number) =>
  new AppError(413, 'PayloadTooLarge', `The request body is larger than the ${limit} bytes allowed.`);

/** One multipart part past its own limit (a file, or a short field such as an import's `kind`): 413 naming the field. */
export const partTooLarge = (field: string, limit: number, what: 'file' | 'field') =>
  new AppError(413, 'PayloadTooLarge', `The multipart ${what} \`${field}\` is larger than the ${limit} bytes allowed.`, {
    [field]: [`is larger than the ${limit} bytes allowed`],
  });

/**
 * docs/api.md#recipe-text: lines of a recipe text that match no food were neither chosen nor skipped. The
 * parse result travels with the error (`details`), so the answer shows every line and its alternatives.
 */
export class UnresolvedLinesError extends AppError {
  constructor(
    readonly details: Record<string, unknown>,
    errors: FieldErrors,
    count: number,
  ) {
    super(
      422,
      'UnresolvedLines',
      `${count} ${count === 1 ? 'line matches' : 'lines match'} no food: choose an ingredient for each (choices) or skip it (skip); nothing was written.`,
      errors,
    );
  }
}
