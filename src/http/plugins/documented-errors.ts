// Every route documents the error statuses it can answer without saying so itself (docs/api.md#errors): those any request can meet (headers over 16 KiB, a stalled client...), 413 and 415 where
// the method reads a body, 404 for a path parameter that names nothing, and, behind an API key, 401
// and 429. One onRoute hook adds them to each route that documents its responses, so a new route is
// documented whole; a status the route documents itself keeps the route's own words. Only the
// documentation changes: responses are serialised with JSON.stringify (src/http/app.ts), and the
// tests check each answer against these schemas (test/support/response-schemas.ts).
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { ANY_ROUTE_ERRORS, AUTHENTICATED_ERRORS, BODY_ERRORS, PATH_ERRORS } from '../resources/shared/common.js';

type Responses = Record<string, TSchema>;

function withErrors(route: RouteOptions, errors: Responses): void {
  const schema = route.schema as { response?: Responses } | undefined;
  if (!schema?.response) return;
  const merged: Responses = { ...errors, ...schema.response };
  const ordered = Object.entries(merged).sort(([a], [b]) => a.localeCompare(b));
  route.schema = { ...schema, response: Object.fromEntries(ordered) };
}

/** fastify reads the body of every method but GET and HEAD. */
const readsBody = (route: RouteOptions) => [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD');

/** On the root instance, before any route: the statuses every route can answer. */
export function registerDocumentedErrors(app: FastifyInstance): void {
  app.addHook('onRoute', (route) =>
    withErrors(route, {
      ...ANY_ROUTE_ERRORS,
      ...(readsBody(route) ? BODY_ERRORS : {}),
      ...(route.url.includes(':') ? PATH_ERRORS : {}),
    }),
  );
}

/** In the authenticated scope, beside registerAuth: 401 without a valid key, 429 over a limit. */
export function registerAuthenticatedErrors(api: FastifyInstance): void {
  api.addHook('onRoute', (route) => withErrors(route, AUTHENTICATED_ERRORS));
}
