// For each authenticated route: how account A creates a private record, and how account B tries to
// read, list or change it. B must get a 404 (or a list without it) and A's record must not change.
// A route added to the API without a case here fails the route-guard suite.
import type { LightMyRequestResponse } from 'fastify';
import { flourBody, json, type Client, type TestApp } from './app.js';

export interface IsolationCase {
  route: string;
  setup(owner: Client, t: TestApp): Promise<Record<string, any>>;
  attempt(intruder: Client, fixture: Record<string, any>): Promise<LightMyRequestResponse>;
  /** What must stay unchanged, read by the owner before and after the attempt. */
  snapshot?(owner: Client, fixture: Record<string, any>): Promise<unknown>;
  expectStatus?: number;
}

/** Routes under /v1 that need no key (the OpenAPI document; signed download links). */
export const PUBLIC_ROUTES: string[] = [
  'GET /v1/openapi.json', 'GET /v1/label_renders/:token/download', 'GET /api/v1/label_renders/:token/download',
];

export async function secretIngredient(owner: Client): Promise<number> {
  return json(await owner.post('/v1/ingredients', flourBody({ name: 'Secret sauce' }))).ingredient.id;
}

const ingredientSnapshot = async (owner: Client, f: Record<string, any>) => json(await owner.get(`/v1/ingredients/${f.id}`));

/** A's private ingredient with one cost entry (issue 5: costs are per account). */
async function secretCost(owner: Client): Promise<{ ingredient: number; id: number }> {
  const ingredient = await secretIngredient(owner);
  const cost = json(await owner.post('/v1/ingredient_costs', { ingredient_cost: { ingredient_id: ingredient, unit: 'cup', quantity: 1, price: 2, effective_at: '2026-01-01' } }));
  return { ingredient, id: cost.ingredient_cost.id };
}
const costHistorySnapshot = async (owner: Client, f: Record<string, any>) => json(await owner.get(`/v1/ingredients/${f.ingredient}/ingredient_costs`));

export const isolationCases: IsolationCase[] = [
  {
    route: 'GET /v1/ingredients/:id',
    setup: async (owner) => ({ id: await secretIngredient(owner) }),
    attempt: (intruder, f) => intruder.get(`/v1/ingredients/${f.id}`),
  },
  {
    route: 'PUT /v1/ingredients/:id',
    setup: async (owner) => ({ id: await secretIngredient(owner) }),
    attempt: (intruder, f) => intruder.put(`/v1/ingredients/${f.id}`, { name: 'Hijacked', tag_list: 'mine' }),
    snapshot: ingredientSnapshot,
  },
  {
    route: 'DELETE /v1/ingredients/:id',
    setup: async (owner) => ({ id: await secretIngredient(owner) }),
    attempt: (intruder, f) => intruder.delete(`/v1/ingredients/${f.id}`),
    snapshot: ingredientSnapshot,
  },
  {
    route: 'GET /v1/ingredients',
    setup: async (owner) => ({ id: await secretIngredient(owner) }),
    attempt: (intruder) => intruder.get('/v1/ingredients?archived=all&q=secret'),
    expectStatus: 200,
  },
  {
    route: 'POST /v1/ingredients',
    setup: async () => ({}),
    // Creating is always the caller's own; what matters is that the new record is B's, not A's.
    attempt: (intruder) => intruder.post('/v1/ingredients', flourBody({ name: 'B owns this' })),
    expectStatus: 201,
  },
  {
    route: 'GET /v1/ingredient_costs/:id',
    setup: secretCost,
    attempt: (intruder, f) => intruder.get(`/v1/ingredient_costs/${f.id}`),
  },
  {
    route: 'PUT /v1/ingredient_costs/:id',
    setup: secretCost,
    attempt: (intruder, f) => intruder.put(`/v1/ingredient_costs/${f.id}`, { price: 99 }),
    snapshot: costHistorySnapshot,
  },
  {
    route: 'DELETE /v1/ingredient_costs/:id',
    setup: secretCost,
    attempt: (intruder, f) => intruder.delete(`/v1/ingredient_costs/${f.id}`),
    snapshot: costHistorySnapshot,
  },
  {
    route: 'GET /v1/ingredient_costs',
    setup: secretCost,
    attempt: (intruder) => intruder.get('/v1/ingredient_costs'),
    expectStatus: 200,
  },
  {
    route: 'POST /v1/ingredient_costs',
    setup: secretCost,
    // Another account's private ingredient in the body is unreadable: 422 on ingredient_id (API.md §1.5).
    attempt: (intruder, f) => intruder.post('/v1/ingredient_costs', { ingredient_cost: { ingredient_id: f.ingredient, unit: 'cup', quantity: 1, price: 1, effective_at: '2026-02-01' } }),
    snapshot: costHistorySnapshot,
    expectStatus: 422,
  },
  {
    route: 'GET /v1/ingredients/:id/ingredient_costs',
    setup: secretCost,
    attempt: (intruder, f) => intruder.get(`/v1/ingredients/${f.ingredient}/ingredient_costs`),
  },
  ...labelIsolationCases(),
  ...recipeIsolationCases(),
];

/** A private recipe of the owner with one line, for the label routes. */
async function secretRecipe(owner: Client): Promise<Record<string, any>> {
  const ingredient = await secretIngredient(owner);
  const recipe = json(await owner.post('/v1/recipes', { recipe: { name: 'Secret recipe', servings: 2 } })).recipe;
  await owner.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: ingredient, total_grams: 100 } });
  return { id: recipe.id, token: recipe.embed_token };
}

function labelIsolationCases(): IsolationCase[] {
  const files = ['svg', 'png', 'pdf'].map((format): IsolationCase => ({
    route: `GET /v1/recipes/:id/label.${format}`,
    setup: secretRecipe,
    attempt: (intruder, f) => intruder.get(`/v1/recipes/${f.id}/label.${format}?async=true`),
  }));
  return [
    { route: 'GET /v1/recipes/:id/label', setup: secretRecipe, attempt: (intruder, f) => intruder.get(`/v1/recipes/${f.id}/label`) },
    ...files,
    {
      route: 'GET /v1/recipes/label_renders/:token',
      setup: async (owner) => {
        const { id } = await secretRecipe(owner);
        return { render: json(await owner.get(`/v1/recipes/${id}/label.svg?async=true`)).label_render.token };
      },
      attempt: (intruder, f) => intruder.get(`/v1/recipes/label_renders/${f.render}`),
    },
    { route: 'GET /v1/labels/:token', setup: secretRecipe, attempt: (intruder, f) => intruder.get(`/v1/labels/${f.token}`) },
  ];
}

/** A private recipe with one line, and what the owner sees of it (must not change). */
async function secretRecipeWithLine(owner: Client): Promise<Record<string, any>> {
  const recipe = await secretRecipe(owner);
  const lines = json(await owner.get(`/v1/recipes/${recipe.id}/recipe_ingredients`)).recipe.recipe_ingredients;
  return { ...recipe, line: lines[0].recipe_ingredient.id, ingredient: lines[0].recipe_ingredient.ingredient_id };
}

async function recipeSnapshot(owner: Client, f: Record<string, any>) {
  return {
    recipe: json(await owner.get(`/v1/recipes/${f.id}`)),
    lines: json(await owner.get(`/v1/recipes/${f.id}/recipe_ingredients`)),
  };
}

function recipeIsolationCases(): IsolationCase[] {
  const onRecipe = (route: string, attempt: IsolationCase['attempt']): IsolationCase => ({
    route, setup: secretRecipeWithLine, attempt, snapshot: recipeSnapshot,
  });
  return [
    onRecipe('GET /v1/recipes/:id', (intruder, f) => intruder.get(`/v1/recipes/${f.id}`)),
    onRecipe('PUT /v1/recipes/:id', (intruder, f) => intruder.put(`/v1/recipes/${f.id}`, { name: 'Hijacked', embed_token: 'rotate' })),
    onRecipe('DELETE /v1/recipes/:id', (intruder, f) => intruder.delete(`/v1/recipes/${f.id}`)),
    onRecipe('POST /v1/recipes/:id/scale', (intruder, f) => intruder.post(`/v1/recipes/${f.id}/scale`, { scale_amount: 2 })),
    onRecipe('PUT /v1/recipes/:id/scale', (intruder, f) => intruder.put(`/v1/recipes/${f.id}/scale`, { scale_amount: 2 })),
    onRecipe('POST /v1/recipes/:id/create_subrecipe', (intruder, f) => intruder.post(`/v1/recipes/${f.id}/create_subrecipe`)),
    onRecipe('GET /v1/recipes/:id/recipe_ingredients', (intruder, f) => intruder.get(`/v1/recipes/${f.id}/recipe_ingredients`)),
    onRecipe('POST /v1/recipes/:id/recipe_ingredients', (intruder, f) => intruder.post(`/v1/recipes/${f.id}/recipe_ingredients`, { ingredient_id: f.ingredient })),
    onRecipe('GET /v1/recipes/:id/recipe_ingredients/:line_id', (intruder, f) => intruder.get(`/v1/recipes/${f.id}/recipe_ingredients/${f.line}`)),
    onRecipe('PUT /v1/recipes/:id/recipe_ingredients/:line_id', (intruder, f) => intruder.put(`/v1/recipes/${f.id}/recipe_ingredients/${f.line}`, { quantity: 9 })),
    onRecipe('DELETE /v1/recipes/:id/recipe_ingredients/:line_id', (intruder, f) => intruder.delete(`/v1/recipes/${f.id}/recipe_ingredients/${f.line}`)),
    { ...onRecipe('GET /v1/recipes', (intruder) => intruder.get('/v1/recipes?archived=all')), expectStatus: 200 },
    // Creating is always the caller's own; a line may not point at another account's private ingredient.
    { ...onRecipe('POST /v1/recipes', (intruder) => intruder.post('/v1/recipes', { name: 'B owns this' })), expectStatus: 201 },
    {
      ...onRecipe('POST /v1/recipes/shortcut', (intruder, f) => intruder.post('/v1/recipes/shortcut', { name: 'B copy', ingredient_ids: `${f.ingredient}`, ingredient_weights: '10' })),
      expectStatus: 422,
    },
    { ...onRecipe('GET /v1/ingredients/search', (intruder) => intruder.get('/v1/ingredients/search?q=secret')), expectStatus: 200 },
  ];
}
