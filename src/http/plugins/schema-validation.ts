// Wires checkObject into fastify: bodies fail with 422 ValidationFailed, query strings with 400
// BadRequest, path params with 404 NotFound naming the resource their path segment names (a path
// that names no record is unknown, never a 400: docs/api.md#errors).
// Single-object bodies may arrive wrapped ({"ingredient": {...}}, ingredient[name]=...) or flat; the
// route's `config.envelope` names the wrapper. Dropped fields are listed in X-Ignored-Fields
// (percent-encoded where a name is not visible ASCII: docs/api.md#request-bodies).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, errorSummary, notFound, type AppError, validationFailed, type FieldErrors } from '../../errors.js';
import { headerList } from '../../lib/header-value.js';
import { checkObject, type Schema } from '../validation.js';
import { pushAll } from '../../lib/push-all.js';

const IGNORED = Symbol('ignoredFields');
const SCHEMA_ERRORS = Symbol('schemaErrors');
const PARAMS_NOT_FOUND = Symbol('paramsNotFound');
const OWN_IGNORED = Symbol('ownIgnoredFields');

/**
 * A body schema marked with this keyword does not fail on its own: its errors travel with the value
 * so the service can add the errors of its domain rules and report every failed rule at once.
 */
export const COLLECT_ERRORS = 'x-collect-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The wrapper key of a single-object body ("ingredient"). */
    envelope?: string;
  }
  interface FastifyRequest {
    ignoredFields: string[];
  }
}

function withIgnored(value: object, ignored: string[]): object {
  Object.defineProperty(value, IGNORED, { value: ignored, enumerable: false });
  return value;
}

/** What withIgnored or the validator stored under `key` on a value (not enumerable, so never serialized). */
function hiddenOf<T>(value: unknown, key: symbol): T | undefined {
  return value !== null && typeof value === 'object' ? (value as Record<symbol, T | undefined>)[key] : undefined;
}

export function schemaErrorsOf(value: unknown): FieldErrors {
  return hiddenOf<FieldErrors>(value, SCHEMA_ERRORS) ?? {};
}

export function ignoredFieldsOf(value: unknown): string[] {
  return hiddenOf<string[]>(value, IGNORED) ?? [];
}

/**
 * The resource a path param names, from the collection segment before it: `/recipes/:id` a recipe,
 * `/recipes/:id/recipe_ingredients/:line_id` a recipe ingredient, `/label_approvals/:id.pdf` a label approval.
 */
function resourceOfParam(url: string, param: string): string {
  const segments = url.split('/');
  const at = segments.findIndex((segment) => segment === `:${param}` || segment.startsWith(`:${param}.`));
  const collection = (at > 0 ? segments[at - 1] : undefined) ?? '';
  return collection.replace(/s$/, '').replaceAll('_', ' ') || 'record';
}

/**
 * A path names a record by its digits alone: the form coercion would read `1.0`, `+1`, `1e0` or ` 1`
 * as 1, but those name nothing. At most 15 digits, as ids have always been read here.
 */
const PATH_DIGITS = /^[0-9]{1,15}$/;

/** The params a schema types as integers (ids): they must arrive as plain digits. */
function integerParams(schema: Schema): Set<string> {
  return new Set(
    Object.entries(schema.properties ?? {})
      .filter(([, property]) => property.type === 'integer')
      .map(([name]) => name),
  );
}

/** The params of `sent` as sent, marked to answer 404 for the resource `failed` names (answerParamsNotFound). */
function notFoundParams(sent: Record<string, unknown>, url: string, failed: string): { value: object } {
  // The params stay as sent; the handler never sees them (answerParamsNotFound runs first).
  const value = { ...sent };
  Object.defineProperty(value, PARAMS_NOT_FOUND, { value: notFound(resourceOfParam(url, failed)), enumerable: false });
  return { value };
}

/** The keywords an id's schema (PathId in src/http/resources/shared/common.ts) may carry for the plain-id check below. */
const ID_KEYWORDS = new Set(['type', 'minimum', 'maximum', 'description', 'examples']);

/** The bounds of each param, when every param the schema knows is an id (an integer with bounds, nothing else). */
function idBounds(schema: Schema): Map<string, { min: number; max: number }> | null {
  const bounds = new Map<string, { min: number; max: number }>();
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (property.type !== 'integer' || !Object.keys(property).every((keyword) => ID_KEYWORDS.has(keyword))) return null;
    bounds.set(name, { min: property.minimum ?? -Infinity, max: property.maximum ?? Infinity });
  }
  return bounds;
}

/**
 * A params validator, converting each id to a number. A param that fails its schema names no record:
 * the request answers 404 for that resource (the first failing param in path order), but only after
 * the body and query checks and the other hooks, just before the handler, where the service finds
 * out that a well-formed id names nothing; so a malformed id and an unknown one get the same answer
 * to the same request.
 */
function paramsValidator(schema: Schema, url: string) {
  const ids = idBounds(schema);
  // Nearly every route's params are ids alone: checked here digit by digit, without the general
  // coercion (it ran on every read of GET /v1/ingredients/{id}: BENCHMARKS.md "ingredients").
  // The answers are the general path's: the same numbers, the same first failing param.
  if (ids) {
    return (data: unknown) => {
      const sent = data as Record<string, unknown>;
      const value: Record<string, unknown> = { ...sent };
      for (const name in sent) {
        const bounds = ids.get(name);
        if (bounds === undefined) continue;
        const text = sent[name];
        if (typeof text !== 'string' || !PATH_DIGITS.test(text)) return notFoundParams(sent, url, name);
        const id = Number(text);
        if (id < bounds.min || id > bounds.max) return notFoundParams(sent, url, name);
        value[name] = id;
      }
      return { value };
    };
  }
  const integers = integerParams(schema);
  return (data: unknown) => {
    const sent = data as Record<string, unknown>;
    const result = checkObject(schema, sent);
    const fails = (name: string) =>
      Object.hasOwn(result.errors, name) || (integers.has(name) && !(typeof sent[name] === 'string' && PATH_DIGITS.test(sent[name])));
    const failed = Object.keys(sent).find(fails) ?? Object.keys(result.errors)[0];
    if (failed === undefined) return { value: { ...sent, ...result.value } };
    return notFoundParams(sent, url, failed);
  };
}

function answerParamsNotFound(request: FastifyRequest, _reply: unknown, done: (error?: Error) => void): void {
  done(hiddenOf<AppError>(request.params, PARAMS_NOT_FOUND));
}

function unwrap(request: FastifyRequest): void {
  const envelope = request.routeOptions.config.envelope;
  const body = request.body;
  if (!envelope || body === null || typeof body !== 'object' || Array.isArray(body)) return;
  const wrapped = (body as Record<string, unknown>)[envelope];
  if (wrapped === undefined || wrapped === null || typeof wrapped !== 'object' || Array.isArray(wrapped)) return;
  // Top-level members beside the wrapper still count (scale_amount may be sent either way).
  const { [envelope]: _inner, ...rest } = body as Record<string, unknown>;
  request.body = { ...rest, ...(wrapped as Record<string, unknown>) };
}

/** Starts the request's list of ignored body members and unwraps an enveloped body, before validation. */
function beginBody(request: FastifyRequest, _reply: unknown, done: () => void): void {
  request.ignoredFields = [];
  unwrap(request);
  done();
}

/** Adds the members validation dropped from the body to the request's list. */
function collectIgnored(request: FastifyRequest, _reply: unknown, done: () => void): void {
  pushAll(request.ignoredFields, ignoredFieldsOf(request.body));
  done();
}

/** Names the ignored members in X-Ignored-Fields. */
function sendIgnored(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void): void {
  if (request.ignoredFields.length) reply.header('X-Ignored-Fields', headerList(new Set(request.ignoredFields)));
  done(null, payload);
}

export function registerSchemaValidation(app: FastifyInstance): void {
  // The list is made when first asked for: a request on a route without a body never asks.
  app.decorateRequest('ignoredFields', {
    getter(this: FastifyRequest & { [OWN_IGNORED]?: string[] }) {
      this[OWN_IGNORED] ??= [];
      return this[OWN_IGNORED];
    },
    setter(this: FastifyRequest & { [OWN_IGNORED]?: string[] }, value: string[]) {
      this[OWN_IGNORED] = value;
    },
  });
  app.addHook('onRoute', (route) => {
    // Each route with a params schema answers its params' 404 last before its handler (a route-level
    // hook runs after every app-level one, the Idempotency-Key check included).
    if (route.schema?.params) route.preHandler = [...[route.preHandler ?? []].flat(), answerParamsNotFound];
    // The body hooks go on the routes that take a body alone: on a read they were four hooks for
    // nothing (BENCHMARKS.md "ingredients").
    if (route.schema?.body || route.config?.envelope) {
      route.preValidation = [beginBody, ...[route.preValidation ?? []].flat()];
      route.preHandler = [collectIgnored, ...[route.preHandler ?? []].flat()];
      route.onSend = [sendIgnored, ...[route.onSend ?? []].flat()];
    }
  });
  app.setValidatorCompiler(({ schema, httpPart, url }) => {
    if (httpPart === 'params') return paramsValidator(schema as Schema, url);
    if (httpPart === 'headers') return () => true;
    return (data: unknown) => {
      const result = checkObject(schema as Record<string, unknown>, data);
      const failed = Object.keys(result.errors).length > 0;
      if (failed && httpPart === 'body' && (schema as Record<string, unknown>)[COLLECT_ERRORS] === true) {
        const value = withIgnored(result.value, result.ignored);
        Object.defineProperty(value, SCHEMA_ERRORS, { value: result.errors, enumerable: false });
        return { value };
      }
      if (failed) {
        return {
          error:
            httpPart === 'body'
              ? validationFailed(result.errors)
              : badRequest(`Invalid query parameters: ${errorSummary(result.errors)}.`, result.errors),
        };
      }
      return { value: withIgnored(result.value, result.ignored) };
    };
  });
}
