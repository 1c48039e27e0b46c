// Every JSON response a test receives is checked against the response schema its route declares for
// that status (the schemas are the OpenAPI document: docs/api.md must not promise what the app does
// not send). A response that does not match fails the test that made the request, naming the route,
// the status and each mismatched member.
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ErrorBody } from '../../src/http/resources/shared/common.js';
import { IngredientJson } from '../../src/http/resources/ingredients/schemas.js';

/** The schemas routes point at with Type.Ref (registered with app.addSchema in src/http/app.ts). */
const REFERENCES: TSchema[] = [ErrorBody, IngredientJson];

interface Answered {
  method: string;
  route: string;
  responses: Record<string, TSchema> | undefined;
}

/** The declared schema of a status: the exact code, else its class ("4xx"), else "default". */
function schemaFor(responses: Record<string, TSchema>, status: number): TSchema | undefined {
  return responses[String(status)] ?? responses[`${String(status)[0]}xx`] ?? responses.default;
}

export function mismatchOf(answered: Answered, response: LightMyRequestResponse): string | null {
  const type = String(response.headers['content-type'] ?? '');
  // A HEAD answer carries the headers of the GET and no body.
  if (!answered.responses || !type.startsWith('application/json') || answered.method === 'HEAD') return null;
  const where = `${answered.route} answered ${response.statusCode}`;
  const schema = schemaFor(answered.responses, response.statusCode);
  if (!schema) return `${where}, a status its response schemas do not declare: ${response.body.slice(0, 300)}`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `${where} with a body that is not JSON: ${response.body.slice(0, 300)}`;
  }
  if (Value.Check(schema, REFERENCES, body)) return null;
  const errors = [...Value.Errors(schema, REFERENCES, body)]
    .slice(0, 10)
    .map((e) => `  ${e.path || '/'}: ${e.message} (got ${JSON.stringify(e.value)?.slice(0, 80)})`);
  return `${where} with a body its response schema does not allow:\n${errors.join('\n')}`;
}

/**
 * Wraps app.inject so that each JSON response is checked against its route's response schema. The
 * route is found by an onSend hook (request.routeOptions), matched to the response by its request id.
 */
export function checkResponses(app: FastifyInstance): void {
  const answered = new Map<string, Answered>();
  app.addHook('onSend', async (request) => {
    const schema = request.routeOptions.schema as { response?: Record<string, TSchema> } | undefined;
    answered.set(request.id, {
      method: request.method,
      route: `${request.method} ${request.routeOptions.url ?? request.url}`,
      responses: schema?.response,
    });
  });
  const inject = app.inject.bind(app) as (options: unknown) => Promise<LightMyRequestResponse>;
  const checked = async (options: unknown) => {
    const response = await inject(options);
    const id = String(response.headers['x-request-id'] ?? '');
    const found = answered.get(id);
    answered.delete(id);
    const mismatch = found ? mismatchOf(found, response) : null;
    if (mismatch) throw new Error(`Response schema check: ${mismatch}`);
    return response;
  };
  app.inject = ((options?: unknown) => (options === undefined ? inject(options) : checked(options))) as FastifyInstance['inject'];
}
