// The routes under attack come from the OpenAPI document the app serves (/v1/openapi.json), so a
// new route is attacked as soon as it is documented. What the document cannot say (which record an
// id names, the body's wrapper key, a body that passes validation, from which mutations start) is
// in ROUTE_GENERATORS below; a documented route without an entry fails the suite.
import type { FastifyInstance } from 'fastify';
import { flourBody } from '../app.js';
import type { World } from './world.js';

export type IdKind = 'ingredient' | 'recipe' | 'line' | 'cost' | 'embed' | 'render' | 'approval' | 'import';

export interface Operation {
  method: string;
  /** As documented: /v1/recipes/{id}. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Documented body fields (none for routes without a body). */
  bodyFields: string[] | null;
  /** The documented body fields that take numbers: their mutations lean to hostile numbers. */
  numericFields: string[];
  key: string;
}

export interface RouteGenerator {
  /** What each path parameter names. */
  params: Record<string, IdKind>;
  /** The wrapper key of the body (`{"recipe": {...}}`, `recipe[name]=`). */
  envelope?: string;
  /** A body the route accepts, from which hostile bodies start (so they reach the deeper rules). */
  valid?: (world: World) => Record<string, unknown>;
  /** Query values the route accepts (the download link's signature). */
  validQuery?: (world: World) => Record<string, string>;
}

const recipeBody = () => ({
  name: 'Fuzzed recipe',
  servings: 2,
  packages: 1,
  package_yield_quantity: 'default',
  package_yield_unit: 'grams',
});
const lineBody = (w: World) => ({ ingredient_id: w.a.ingredient, quantity: 1, unit: '1 cup', waste: 0 });
const costBody = (w: World) => ({
  ingredient_id: w.a.ingredient,
  effective_at: '2026-11-01',
  unit: '1 cup',
  quantity: 1,
  price: 2.5,
  shipping: 0,
});

export const ROUTE_GENERATORS: Record<string, RouteGenerator> = {
  'GET /v1/label_renders/{token}/download': { params: { token: 'render' }, validQuery: (w) => w.a.download },
  'GET /v1/ingredients': { params: {} },
  'POST /v1/ingredients': {
    params: {},
    envelope: 'ingredient',
    valid: () => flourBody({ name: 'Fuzzed flour', allergens: { wheat: true }, tags: ['dry'] }),
  },
  'GET /v1/ingredients/{id}': { params: { id: 'ingredient' } },
  'PUT /v1/ingredients/{id}': {
    params: { id: 'ingredient' },
    envelope: 'ingredient',
    valid: () => ({ name: 'Renamed flour', calories: 400 }),
  },
  'DELETE /v1/ingredients/{id}': { params: { id: 'ingredient' } },
  'GET /v1/recipes': { params: {} },
  'POST /v1/recipes': { params: {}, envelope: 'recipe', valid: recipeBody },
  'POST /v1/recipes/shortcut': { params: {}, envelope: 'recipe', valid: (w) => ({ ...recipeBody(), recipe_ingredients: [lineBody(w)] }) },
  'POST /v1/recipe_text/parse': {
    params: {},
    valid: () => ({ text: '2 cups flour\n1 cup (2 sticks) butter\n2 large eggs', language: 'en' }),
  },
  'POST /v1/recipes/from_text': {
    params: {},
    valid: (w) => ({
      recipe: recipeBody(),
      text: '2 cups flour\n1 cup fuzzed mystery',
      choices: [{ line: 2, ingredient_id: w.a.ingredient, grams: 100 }],
      skip: [],
      dry_run: false,
    }),
  },
  'GET /v1/recipes/{id}': { params: { id: 'recipe' } },
  'PUT /v1/recipes/{id}': { params: { id: 'recipe' }, envelope: 'recipe', valid: () => ({ servings: 3, package_yield_quantity: 250 }) },
  'DELETE /v1/recipes/{id}': { params: { id: 'recipe' } },
  'POST /v1/recipes/{id}/scale': { params: { id: 'recipe' }, envelope: 'recipe', valid: () => ({ scale_amount: 2 }) },
  'PUT /v1/recipes/{id}/scale': { params: { id: 'recipe' }, envelope: 'recipe', valid: () => ({ scale_factor: 0.5, name: 'Half' }) },
  'POST /v1/recipes/{id}/create_subrecipe': { params: { id: 'recipe' }, envelope: 'recipe', valid: () => ({ name: 'Fuzzed subrecipe' }) },
  'POST /v1/recipes/{id}/clone_and_swap': {
    params: { id: 'recipe' },
    envelope: 'clone_and_swap',
    valid: (w) => ({
      swap_recipe_ingredient_id: w.a.line,
      entries: [{ name: 'Fuzzed swap', ingredient_id: w.a.ingredient, quantity: 2, unit: '1 gram' }],
    }),
  },
  'GET /v1/recipes/{id}/recipe_ingredients': { params: { id: 'recipe' } },
  'POST /v1/recipes/{id}/recipe_ingredients': { params: { id: 'recipe' }, envelope: 'recipe_ingredient', valid: lineBody },
  'GET /v1/recipes/{id}/recipe_ingredients/{line_id}': { params: { id: 'recipe', line_id: 'line' } },
  'PUT /v1/recipes/{id}/recipe_ingredients/{line_id}': {
    params: { id: 'recipe', line_id: 'line' },
    envelope: 'recipe_ingredient',
    valid: () => ({ quantity: 2, waste: 5 }),
  },
  'DELETE /v1/recipes/{id}/recipe_ingredients/{line_id}': { params: { id: 'recipe', line_id: 'line' } },
  'GET /v1/ingredients/search': { params: {} },
  'GET /v1/reference_amounts': { params: {} },
  'GET /v1/ingredient_costs': { params: {} },
  'POST /v1/ingredient_costs': { params: {}, envelope: 'ingredient_cost', valid: costBody },
  'GET /v1/ingredient_costs/{id}': { params: { id: 'cost' } },
  'PUT /v1/ingredient_costs/{id}': {
    params: { id: 'cost' },
    envelope: 'ingredient_cost',
    valid: () => ({ price: 3, effective_at: '2026-11-02' }),
  },
  'DELETE /v1/ingredient_costs/{id}': { params: { id: 'cost' } },
  'GET /v1/ingredients/{id}/ingredient_costs': { params: { id: 'ingredient' } },
  'GET /v1/recipes/{id}/label': { params: { id: 'recipe' } },
  'GET /v1/recipes/{id}/label.svg': { params: { id: 'recipe' } },
  'GET /v1/recipes/{id}/label.png': { params: { id: 'recipe' } },
  'GET /v1/recipes/{id}/label.pdf': { params: { id: 'recipe' } },
  'GET /v1/recipes/label_renders/{token}': { params: { token: 'render' } },
  'GET /v1/labels/{token}': { params: { token: 'embed' } },
  // A dry run onto the public ingredient (docs/api.md#recipe-lines): accepted, writes nothing; mutations reach the rules.
  'POST /v1/ingredients/{id}/replace': {
    params: { id: 'ingredient' },
    envelope: 'ingredient_replacement',
    valid: (w) => ({ replacement_id: w.publicIngredient, dry_run: true }),
  },
  'POST /v1/ingredients/{id}/copy': { params: { id: 'ingredient' }, envelope: 'ingredient', valid: () => ({ name: 'Fuzzed copy' }) },
  'GET /v1/recipes/{id}/front_of_pack': { params: { id: 'recipe' } },
  'GET /v1/recipes/{id}/front_of_pack.svg': { params: { id: 'recipe' } },
  'GET /v1/recipes/{id}/front_of_pack.png': { params: { id: 'recipe' } },
  'GET /v1/recipes/{id}/front_of_pack.pdf': { params: { id: 'recipe' } },
  // Spreadsheets (docs/api.md#bulk-work): the fuzzer sends no file part, so every import is refused (422) unless its body is broken first.
  'POST /v1/imports': { params: {}, valid: () => ({ kind: 'ingredients', dry_run: true }) },
  'GET /v1/imports/{id}': { params: { id: 'import' } },
  ...Object.fromEntries(
    ['ingredients', 'recipes', 'ingredient_costs'].flatMap((kind) => ['csv', 'xlsx'].map((f) => [`GET /v1/${kind}.${f}`, { params: {} }])),
  ),
  'GET /v1/recipes/{id}/revisions': { params: { id: 'recipe' } },
  'GET /v1/recipes/{id}/revisions/diff': { params: { id: 'recipe' }, validQuery: () => ({ from: '1', to: '1' }) },
  'GET /v1/audit_events': { params: {} },
  'POST /v1/recipes/{id}/label_approvals': {
    params: { id: 'recipe' },
    envelope: 'label_approval',
    valid: () => ({ format: 'fda_vertical', note: 'Fuzzed', accept_incomplete: true }),
  },
  'GET /v1/recipes/{id}/label_approvals': { params: { id: 'recipe' } },
  'GET /v1/label_approvals/{id}': { params: { id: 'approval' } },
  'GET /v1/label_approvals/{id}.svg': { params: { id: 'approval' } },
  'GET /v1/label_approvals/{id}.png': { params: { id: 'approval' } },
  'GET /v1/label_approvals/{id}.pdf': { params: { id: 'approval' } },
  'GET /v1/label_approvals/{id}/front_of_pack.svg': { params: { id: 'approval' } },
  'GET /v1/label_approvals/{id}/front_of_pack.png': { params: { id: 'approval' } },
  'GET /v1/label_approvals/{id}/front_of_pack.pdf': { params: { id: 'approval' } },
  'GET /v1/label_approvals/{id}/diff': { params: { id: 'approval' } },
  'DELETE /v1/label_approvals/{id}': { params: { id: 'approval' } },
  'PUT /v1/label_approvals/{id}': { params: { id: 'approval' } },
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** A property whose schema (or a branch of it) is a number, or untyped with a number described. */
function takesNumbers(property: any): boolean {
  if (!property || typeof property !== 'object') return false;
  if (property.type === 'number' || property.type === 'integer') return true;
  if (Array.isArray(property.anyOf)) return property.anyOf.some(takesNumbers);
  return property.type === undefined && /number/.test(String(property.description ?? ''));
}

/** Every operation of the OpenAPI document the app serves. */
export async function documentedOperations(app: FastifyInstance): Promise<Operation[]> {
  const response = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${response.statusCode}`);
  const document = response.json() as { paths: Record<string, Record<string, any>> };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])] as Array<{ in: string; name: string }>;
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: schema ? Object.keys(schema.properties ?? {}) : null,
        numericFields: Object.entries<any>(schema?.properties ?? {})
          .filter(([, p]) => takesNumbers(p))
          .map(([name]) => name),
        key: `${method.toUpperCase()} ${path}`,
      });
    }
  }
  return operations;
}

/** Documented operations that have no generator, or whose generator misses a path parameter. */
export function operationsWithoutGenerator(operations: Operation[]): string[] {
  return operations
    .filter((op) => {
      const generator = ROUTE_GENERATORS[op.key];
      return !generator || op.pathParams.some((p) => !generator.params[p]) || (op.bodyFields !== null && !generator.valid);
    })
    .map((op) => op.key);
}

/** The generator of a documented operation (operationsWithoutGenerator has checked that each has one). */
export function generatorOf(key: string): RouteGenerator {
  const generator = ROUTE_GENERATORS[key];
  if (!generator) throw new Error(`no request generator for ${key}`);
  return generator;
}
