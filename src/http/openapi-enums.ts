// Closed sets in the OpenAPI document as `enum`, so /docs offers a list instead of a text box.
// Three shapes reach here: query members marked `x-enum` (resources/shared/choice.ts: the service
// checks them), members marked `x-enum-of` (a set of the label markets, read from them now), and
// unions of string literals (validated as an enum, but documented as an `anyOf` of one-value enums,
// which Swagger UI shows as free text). Only the document changes: new objects are made, never the
// route schemas the validator reads.
import {
  formatsOfLanguage,
  labelFormats,
  labelLanguages,
  labelMarkets,
  symbolLanguages,
  symbolOrientations,
} from '../core/label/markets.js';
import { DOCUMENTED_ENUM, DOCUMENTED_ENUM_OF, type MarketList } from './resources/shared/choice.js';

type Json = { [key: string]: unknown };

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** The one string a branch allows: `{const: "a"}`, or `{enum: ["a"]}` as @fastify/swagger writes a const. */
function literalOf(branch: unknown): unknown {
  if (!isJson(branch)) return undefined;
  if (typeof branch.const === 'string') return branch.const;
  return Array.isArray(branch.enum) && branch.enum.length === 1 ? branch.enum[0] : undefined;
}

/** "fda_vertical, fda_tabular (en-US); ca_standard, ca_bilingual (en-CA, fr-CA); ...": which formats each market's languages take. */
function formatsByLanguage(): string {
  return labelMarkets()
    .map((market) => {
      const languages = market.languages.map((l) => l.code);
      return `${formatsOfLanguage(languages[0] ?? '').join(', ')} (${languages.join(', ')})`;
    })
    .join('; ');
}

/** The label markets' sets, as registered now; `said` is added to the member's description. */
const MARKET_LISTS: Readonly<Record<MarketList, () => { values: readonly string[]; said?: string }>> = {
  label_languages: () => ({ values: labelLanguages() }),
  label_formats: () => ({ values: labelFormats(), said: formatsByLanguage() }),
  symbol_languages: () => ({ values: symbolLanguages() }),
  symbol_orientations: () => ({ values: symbolOrientations() }),
};

function withEnum(schema: unknown): unknown {
  if (!isJson(schema)) return schema;
  const list = schema[DOCUMENTED_ENUM_OF];
  if (typeof list === 'string' && list in MARKET_LISTS) {
    const { [DOCUMENTED_ENUM_OF]: _list, ...rest } = schema;
    return { ...rest, enum: [...MARKET_LISTS[list as MarketList]().values] };
  }
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

/** What a market list adds to its parameter's description (the formats each market's languages take). */
function saidOf(schema: unknown): string | undefined {
  const list = isJson(schema) ? schema[DOCUMENTED_ENUM_OF] : undefined;
  return typeof list === 'string' && list in MARKET_LISTS ? MARKET_LISTS[list as MarketList]().said : undefined;
}

function withEnumParameters(operation: unknown): unknown {
  if (!isJson(operation) || !Array.isArray(operation.parameters)) return operation;
  return {
    ...operation,
    parameters: operation.parameters.map((p: unknown) => {
      if (!isJson(p) || p.in !== 'query' || !p.schema) return p;
      const said = saidOf(p.schema);
      const description = said && typeof p.description === 'string' ? `${p.description}: ${said}` : p.description;
      return { ...p, ...(description === undefined ? {} : { description }), schema: withEnum(p.schema) };
    }),
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
