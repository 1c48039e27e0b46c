// Closed sets in the OpenAPI document as `enum`, so /docs offers a list instead of a text box.
// Two shapes reach here: query members marked `x-enum` (resources/shared/choice.ts: the service
// checks them) and unions of string literals (validated as an enum, but documented as an `anyOf`
// of one-value enums, which Swagger UI shows as free text). Only the document changes: new objects are
// made, never the route schemas the validator reads.
import { DOCUMENTED_ENUM } from './resources/shared/choice.js';

type Json = { [key: string]: unknown };

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** The one string a branch allows: `{const: "a"}`, or `{enum: ["a"]}` as @fastify/swagger writes a const. */
function literalOf(branch: unknown): unknown {
  if (!isJson(branch)) return undefined;
  if (typeof branch.const === 'string') return branch.const;
  return Array.isArray(branch.enum) && branch.enum.length === 1 ? branch.enum[0] : undefined;
}

function withEnum(schema: unknown): unknown {
  if (!isJson(schema)) return schema;
  const marked = schema[DOCUMENTED_ENUM];
  if (Array.isArray(marked)) {
    const { [DOCUMENTED_ENUM]: _marked, ...rest } = schema;
    return { ...rest, enum: marked };
  }
  const branches = schema.anyOf;
  const values = Array.isArray(branches) ? branches.map(literalOf) : [];
  if (values.length > 0 && values.every((v) => typeof v === 'string')) {
    const { anyOf: _anyOf, ...rest } = schema;
    return { ...rest, type: 'string', enum: values };
  }
  return schema;
}

function withEnumParameters(operation: unknown): unknown {
  if (!isJson(operation) || !Array.isArray(operation.parameters)) return operation;
  return {
    ...operation,
    parameters: operation.parameters.map((p: unknown) =>
      isJson(p) && p.in === 'query' && p.schema ? { ...p, schema: withEnum(p.schema) } : p,
    ),
  };
}

/** @fastify/swagger's transformObject: the OpenAPI document with query enums spelled as `enum`. */
export function documentQueryEnums(document: { openapiObject?: Json; swaggerObject?: Json }): Json {
  const openapi = document.openapiObject ?? document.swaggerObject ?? {};
  const paths: Json = {};
  for (const [path, item] of Object.entries(isJson(openapi.paths) ? openapi.paths : {})) {
    paths[path] = isJson(item)
      ? Object.fromEntries(Object.entries(item).map(([method, operation]) => [method, withEnumParameters(operation)]))
      : item;
  }
  return { ...openapi, paths };
}
