// Schema building blocks shared by the route groups.
import { Type, type TSchema } from '@sinclair/typebox';

/** The schema with one example (the OpenAPI document shows it as the request's or response's example). */
export const withExample = <T extends TSchema>(schema: T, example: unknown): T => ({ ...schema, examples: [example] });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Text = (maxLength = 255, description?: string) => Nullable(Type.String({ maxLength, description }));

/** An id in a body: a positive 32-bit integer (larger ones name no record, and PostgreSQL would refuse them). */
export const BodyId = (options: { description?: string } = {}) => Type.Integer({ minimum: 1, maximum: 2_147_483_647, ...options });

/**
 * A record id in the path. Checked centrally (plugins/schema-validation.ts): anything else names no
 * record and is a 404 NotFound for the path's resource, never a 400 (docs/api.md §1.5). Kept a string
 * of digits for the handlers, which also refuse ids past 2^31 - 1 the same way.
 */
export const IdParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,15}$', description: 'numeric id' }) });

export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'error code (docs/api.md §1.5)' }),
    message: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
    request_id: Type.String(),
  },
  { $id: 'Error' },
);

/**
 * The error statuses any route can answer (docs/api.md §1.5): 400 for a query string that is not
 * UTF-8 text; 403 HttpsRequired over plain HTTP when HTTPS is required (§1.2); and, for a body
 * sent to it (even to a GET or DELETE), 408 when the body stalls (§1.8), 413 when it is too large,
 * 415 for a content type no parser takes (§1.3).
 */
const ANY_ROUTE_ERRORS = [400, 403, 408, 413, 415];

const refs = (statuses: number[]) => Object.fromEntries([...new Set(statuses)].sort().map((s) => [s, Type.Ref('Error')]));

/** Response documentation for the error statuses of a route outside the authenticated API: its own and ANY_ROUTE_ERRORS. */
export const errorRefs = (...statuses: number[]) => refs([...ANY_ROUTE_ERRORS, ...statuses]);

/** Response documentation for the error statuses of an authenticated route: also 401 without a valid key, 429 over a limit (§1.7). */
export const errorResponses = (...statuses: number[]) => refs([...ANY_ROUTE_ERRORS, 401, 429, ...statuses]);

const DeletedMark = Type.Object({ id: Type.Integer(), deleted: Type.Literal(true) }, { additionalProperties: false });

export const Deleted = <R extends string>(resource: R) =>
  Type.Object({ [resource]: DeletedMark } as Record<R, typeof DeletedMark>, { additionalProperties: false });
