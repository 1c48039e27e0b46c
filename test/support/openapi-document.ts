// The OpenAPI document the real app serves, walked operation by operation, and a validator for the
// examples it holds (OpenAPI 3.1 schemas are JSON Schema 2020-12; `$ref`s point into its components).
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';

export type Json = Record<string, any>;

export interface DocumentedOperation {
  key: string;
  method: string;
  path: string;
  operation: Json;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export async function openapiDocument(app: FastifyInstance): Promise<Json> {
  const response = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${response.statusCode}`);
  return response.json() as Json;
}

export function operationsOf(document: Json): DocumentedOperation[] {
  return Object.entries<Json>(document.paths).flatMap(([path, item]) =>
    Object.entries<Json>(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, operation })),
  );
}

/** The examples a media type or parameter object carries (`example`, or the values of `examples`), and its schema's own. */
export function examplesOf(holder: Json | undefined): unknown[] {
  if (!holder) return [];
  const own = 'example' in holder ? [holder.example] : [];
  const named = holder.examples && typeof holder.examples === 'object' ? Object.values<Json>(holder.examples).map((e) => e.value) : [];
  const schema = holder.schema && Array.isArray(holder.schema.examples) ? holder.schema.examples : [];
  return [...own, ...named, ...schema];
}

/** The statuses every route documents (src/http/plugins/documented-errors.ts): no operation's main answer. */
const COMMON_STATUSES = new Set(['400', '401', '403', '404', '408', '413', '415', '417', '429', '431', '500']);

/** The main status of an operation: its lowest 2xx; for one that never succeeds (a 405), the lowest status of its own. */
export function mainStatusOf(operation: Json): string | undefined {
  const statuses = Object.keys(operation.responses ?? {}).sort();
  return statuses.find((s) => /^2\d\d$/.test(s)) ?? statuses.find((s) => !COMMON_STATUSES.has(s));
}

/** Validates values against schemas of the document; the messages name the failing member. */
export function exampleValidator(document: Json): (schema: Json, value: unknown) => string | null {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const cache = new Map<Json, ReturnType<typeof ajv.compile>>();
  return (schema, value) => {
    let validate = cache.get(schema);
    if (!validate) {
      validate = ajv.compile({ ...schema, components: document.components });
      cache.set(schema, validate);
    }
    if (validate(value)) return null;
    return ajv.errorsText(validate.errors, { separator: '; ' });
  };
}

/** Every schema object (and nested one) with its own `examples` array or `example`, with where it is. */
export function schemasWithExamples(root: unknown, where: string, found: Array<{ where: string; schema: Json }> = []) {
  if (Array.isArray(root)) root.forEach((item, i) => schemasWithExamples(item, `${where}/${i}`, found));
  else if (root && typeof root === 'object') {
    const object = root as Json;
    if (Array.isArray(object.examples) || ('example' in object && ('type' in object || '$ref' in object || 'anyOf' in object))) {
      found.push({ where, schema: object });
    }
    for (const [key, value] of Object.entries(object)) {
      if (key !== 'examples' && key !== 'example') schemasWithExamples(value, `${where}/${key}`, found);
    }
  }
  return found;
}
