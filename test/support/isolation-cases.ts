// For each authenticated route: how account A creates a private record, and how account B tries to
// read, list or change it. B must get a 404 (or a list without it) and A's record must not change.
// A route added to the API without a case here fails the route-guard suite.
import type { LightMyRequestResponse } from 'fastify';
import { flourBody, json, type Client, type TestApp } from './app.js';
import { uploadSheet } from './spreadsheet-upload.js';

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
  'GET /v1/openapi.json',
  'GET /v1/label_renders/:token/download',
  'GET /api/v1/label_renders/:token/download',
];

export async function secretIngredient(owner: Client): Promise<number> {
  return json(await owner.post('/v1/ingredients', flourBody({ name: 'Secret sauce' }))).ingredient.id;
}

const ingredientSnapshot = async (owner: Client, f: Record<string, any>) => json(await owner.get(`/v1/ingredients/${f.id}`));

/** A's private ingredient with one cost entry (costs are per account). */
async function secretCost(owner: Client): Promise<{ ingredient: number; id: number }> {
  const ingredient = await secretIngredient(owner);
  const cost = json(
    await owner.post('/v1/ingredient_costs', {
      ingredient_cost: { ingredient_id: ingredient, unit: 'cup', quantity: 1, price: 2, effective_at: '2026-01-01' },
    }),
  );
  return { ingredient, id: cost.ingredient_cost.id };
}
const costHistorySnapshot = async (owner: Client, f: Record<string, any>) =>
  json(await owner.get(`/v1/ingredients/${f.ingredient}/ingredient_costs`));

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
    route: 'POST /v1/ingredients/:id/copy',
    setup: async (owner) => ({ id: await secretIngredient(owner) }),
    attempt: (intruder, f) => intruder.post(`/v1/ingredients/${f.id}/copy`, { ingredient: { name: 'Stolen sauce' } }),
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
    // Another account's private ingredient in the body is unreadable: 422 on ingredient_id (docs/api.md#errors).
    attempt: (intruder, f) =>
      intruder.post('/v1/ingredient_costs', {
        ingredient_cost: { ingredient_id: f.ingredient, unit: 'cup', quantity: 1, price: 1, effective_at: '2026-02-01' },
      }),
    snapshot: costHistorySnapshot,
    expectStatus: 422,
  },
  {
    route: 'GET /v1/ingredients/:id/ingredient_costs',
    setup: secretCost,
    attempt: (intruder, f) => intruder.get(`/v1/ingredients/${f.ingredient}/ingredient_costs`),
  },
  ...labelIsolationCases(),
  ...frontOfPackIsolationCases(),
  ...recipeIsolationCases(),
  ...spreadsheetIsolationCases(),
  ...historyIsolationCases(),
];

/** A private recipe of the owner with one line, for the label routes. */
async function secretRecipe(owner: Client): Promise<Record<string, any>> {
  const ingredient = await secretIngredient(owner);
  const recipe = json(await owner.post('/v1/recipes', { recipe: { name: 'Secret recipe', servings: 2 } })).recipe;
  await owner.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: ingredient, total_grams: 100 } });
  return { id: recipe.id, token: recipe.embed_token };
}

function labelIsolationCases(): IsolationCase[] {
  const files = ['svg', 'png', 'pdf'].map(
    (format): IsolationCase => ({
      route: `GET /v1/recipes/:id/label.${format}`,
      setup: secretRecipe,
      attempt: (intruder, f) => intruder.get(`/v1/recipes/${f.id}/label.${format}?async=true`),
    }),
  );
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

/** A private recipe that needs the "High in" symbol (sodium), so the owner would get a file. */
async function secretSaltyRecipe(owner: Client): Promise<Record<string, any>> {
  const brine = json(await owner.post('/v1/ingredients', flourBody({ name: 'Secret brine', sodium: 5000 }))).ingredient.id;
  const recipe = json(await owner.post('/v1/recipes', { recipe: { name: 'Secret pickles', servings: 2 } })).recipe;
  await owner.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: brine, total_grams: 100 } });
  return { id: recipe.id };
}

/** A private recipe that needs Mexico's EXCESO SODIO octagon (salt added), so the owner would get a file. */
async function secretSaltedRecipe(owner: Client): Promise<Record<string, any>> {
  const brine = json(await owner.post('/v1/ingredients', flourBody({ name: 'Secret salted brine', sodium: 5000, adds_sodium: true })))
    .ingredient.id;
  const recipe = json(await owner.post('/v1/recipes', { recipe: { name: 'Secret encurtidos', servings: 2 } })).recipe;
  await owner.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: brine, total_grams: 100 } });
  return { id: recipe.id };
}

function frontOfPackIsolationCases(): IsolationCase[] {
  return ['', '.svg', '.png', '.pdf'].flatMap((suffix): IsolationCase[] => [
    {
      route: `GET /v1/recipes/:id/front_of_pack${suffix}`,
      setup: secretSaltyRecipe,
      attempt: (intruder, f) => intruder.get(`/v1/recipes/${f.id}/front_of_pack${suffix}`),
    },
    {
      route: `GET /v1/recipes/:id/front_of_pack${suffix}?language=es-MX`,
      setup: secretSaltedRecipe,
      attempt: (intruder, f) => intruder.get(`/v1/recipes/${f.id}/front_of_pack${suffix}?language=es-MX`),
    },
    {
      route: `GET /v1/recipes/:id/front_of_pack${suffix}?language=en-GB`,
      setup: secretSaltyRecipe,
      attempt: (intruder, f) => intruder.get(`/v1/recipes/${f.id}/front_of_pack${suffix}?language=en-GB`),
    },
  ]);
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
    route,
    setup: secretRecipeWithLine,
    attempt,
    snapshot: recipeSnapshot,
  });
  return [
    onRecipe('GET /v1/recipes/:id', (intruder, f) => intruder.get(`/v1/recipes/${f.id}`)),
    onRecipe('PUT /v1/recipes/:id', (intruder, f) => intruder.put(`/v1/recipes/${f.id}`, { name: 'Hijacked', embed_token: 'rotate' })),
    onRecipe('DELETE /v1/recipes/:id', (intruder, f) => intruder.delete(`/v1/recipes/${f.id}`)),
    onRecipe('POST /v1/recipes/:id/scale', (intruder, f) => intruder.post(`/v1/recipes/${f.id}/scale`, { scale_amount: 2 })),
    onRecipe('PUT /v1/recipes/:id/scale', (intruder, f) => intruder.put(`/v1/recipes/${f.id}/scale`, { scale_amount: 2 })),
    onRecipe('POST /v1/recipes/:id/create_subrecipe', (intruder, f) => intruder.post(`/v1/recipes/${f.id}/create_subrecipe`)),
    onRecipe('POST /v1/recipes/:id/clone_and_swap', (intruder, f) =>
      intruder.post(`/v1/recipes/${f.id}/clone_and_swap`, {
        swap_recipe_ingredient_id: f.line,
        entries: [{ name: 'Stolen copy', ingredient_id: f.ingredient }],
        dry_run: false,
      }),
    ),
    onRecipe('GET /v1/recipes/:id/revisions/diff', (intruder, f) => intruder.get(`/v1/recipes/${f.id}/revisions/diff?from=1&to=1`)),
    // B cannot replace A's private ingredient (404), so A's recipe keeps its line.
    onRecipe('POST /v1/ingredients/:id/replace', (intruder, f) =>
      intruder.post(`/v1/ingredients/${f.ingredient}/replace`, { replacement_id: f.ingredient, dry_run: false }),
    ),
    onRecipe('GET /v1/recipes/:id/recipe_ingredients', (intruder, f) => intruder.get(`/v1/recipes/${f.id}/recipe_ingredients`)),
    onRecipe('POST /v1/recipes/:id/recipe_ingredients', (intruder, f) =>
      intruder.post(`/v1/recipes/${f.id}/recipe_ingredients`, { ingredient_id: f.ingredient }),
    ),
    onRecipe('GET /v1/recipes/:id/recipe_ingredients/:line_id', (intruder, f) =>
      intruder.get(`/v1/recipes/${f.id}/recipe_ingredients/${f.line}`),
    ),
    onRecipe('PUT /v1/recipes/:id/recipe_ingredients/:line_id', (intruder, f) =>
      intruder.put(`/v1/recipes/${f.id}/recipe_ingredients/${f.line}`, { quantity: 9 }),
    ),
    onRecipe('DELETE /v1/recipes/:id/recipe_ingredients/:line_id', (intruder, f) =>
      intruder.delete(`/v1/recipes/${f.id}/recipe_ingredients/${f.line}`),
    ),
    { ...onRecipe('GET /v1/recipes', (intruder) => intruder.get('/v1/recipes?archived=all')), expectStatus: 200 },
    // Creating is always the caller's own; a line may not point at another account's private ingredient.
    { ...onRecipe('POST /v1/recipes', (intruder) => intruder.post('/v1/recipes', { name: 'B owns this' })), expectStatus: 201 },
    {
      ...onRecipe('POST /v1/recipes/shortcut', (intruder, f) =>
        intruder.post('/v1/recipes/shortcut', { name: 'B copy', ingredient_ids: `${f.ingredient}`, ingredient_weights: '10' }),
      ),
      expectStatus: 422,
    },
    // docs/api.md#recipe-text: B's recipe text naming A's private ingredient matches nothing of A's, and A's id in choices is unknown to B.
    {
      ...onRecipe('POST /v1/recipe_text/parse', async (intruder, f) => {
        const r = await intruder.post('/v1/recipe_text/parse', { text: '1 cup secret sauce\n2 cups secret sauce' });
        const offered = (json(r).lines ?? []).flatMap((l: any) => [l.match, ...l.alternatives]).filter(Boolean);
        if (offered.some((food: any) => food.ingredient_id === f.ingredient)) {
          throw new Error(`another account's ingredient was offered: ${r.body.slice(0, 300)}`);
        }
        return r;
      }),
      expectStatus: 200,
    },
    {
      ...onRecipe('POST /v1/recipes/from_text', (intruder, f) =>
        intruder.post('/v1/recipes/from_text', {
          recipe: { name: 'B copy' },
          text: '1 cup secret sauce',
          choices: [{ line: 1, ingredient_id: f.ingredient }],
        }),
      ),
      expectStatus: 422,
    },
    { ...onRecipe('GET /v1/ingredients/search', (intruder) => intruder.get('/v1/ingredients/search?q=secret')), expectStatus: 200 },
    // Public tables: the same rows for everyone, nothing of A's in them.
    { ...onRecipe('GET /v1/reference_amounts', (intruder) => intruder.get('/v1/reference_amounts?country=US')), expectStatus: 200 },
  ];
}

/** docs/api.md#bulk-work: exports hold only the caller's records; an import cannot reach another account's. */
function spreadsheetIsolationCases(): IsolationCase[] {
  const withCost = async (owner: Client, t: TestApp) => ({ ...(await secretRecipeWithLine(owner)), cost: await secretCost(owner), t });
  const exports = ['ingredients', 'recipes', 'ingredient_costs'].flatMap((kind) =>
    ['csv', 'xlsx'].map(
      (format): IsolationCase => ({
        route: `GET /v1/${kind}.${format}`,
        setup: withCost,
        attempt: (intruder) => intruder.get(`/v1/${kind}.${format}`),
        expectStatus: 200,
      }),
    ),
  );
  return [
    ...exports,
    {
      route: 'POST /v1/imports',
      setup: withCost,
      // B names A's ingredient by id in a recipe line and as an ingredient row: both unknown to B (422), nothing changes.
      attempt: async (_intruder, f) => {
        const asB = { key: f.t.accountB.key, dryRun: false };
        const rows = await uploadSheet(f.t, `id,name\n${f.ingredient},Hijacked\n`, { kind: 'ingredients', ...asB });
        if (rows.statusCode !== 422) return rows;
        return uploadSheet(f.t, `recipe_name,ingredient_id,quantity\nB recipe,${f.ingredient},1\n`, { kind: 'recipes', ...asB });
      },
      snapshot: async (owner, f) => ({
        recipe: await recipeSnapshot(owner, f),
        ingredient: json(await owner.get(`/v1/ingredients/${f.ingredient}`)),
      }),
      expectStatus: 422,
    },
    {
      route: 'GET /v1/imports/:id',
      // A's dry run and A's applied import: B asking for either report by its id learns nothing (404).
      setup: async (owner, t) => {
        await secretIngredient(owner);
        const dry = json(await uploadSheet(t, 'name,brand\nSecret sauce,Mine\n', { kind: 'ingredients' })).import.id;
        const applied = json(
          await uploadSheet(t, 'ingredient_name,effective_at,unit,quantity,price\nSecret sauce,2026-02-01,1 cup,1,$9.50\n', {
            kind: 'ingredient_costs',
            dryRun: false,
          }),
        ).import.id;
        return { dry, applied };
      },
      attempt: async (intruder, f) => {
        const dry = await intruder.get(`/v1/imports/${f.dry}`);
        return dry.statusCode === 404 ? intruder.get(`/v1/imports/${f.applied}`) : dry;
      },
      snapshot: async (owner, f) => [json(await owner.get(`/v1/imports/${f.dry}`)), json(await owner.get(`/v1/imports/${f.applied}`))],
    },
  ];
}

/** A private recipe with an approved label (docs/api.md#history), and what the owner sees of its history. */
async function secretApproval(owner: Client): Promise<Record<string, any>> {
  const recipe = await secretRecipe(owner);
  const approval = json(
    await owner.post(`/v1/recipes/${recipe.id}/label_approvals`, { accept_incomplete: true, note: 'Secret run' }),
  ).label_approval;
  return { ...recipe, approval: approval.id };
}

/** A private Canadian recipe high in sugars, its label approved: the approval froze a "High in" symbol. */
async function secretSymbolApproval(owner: Client): Promise<Record<string, any>> {
  const sugar = json(await owner.post('/v1/ingredients', flourBody({ name: 'Secret syrup', sugar: 120, added_sugar: 120 }))).ingredient.id;
  const recipe = json(await owner.post('/v1/recipes', { recipe: { name: 'Secret syrup cake', servings: 2 } })).recipe;
  await owner.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id: sugar, total_grams: 100 } });
  const approval = json(
    await owner.post(`/v1/recipes/${recipe.id}/label_approvals`, { language: 'en-CA', format: 'ca_standard', accept_incomplete: true }),
  ).label_approval;
  return { id: recipe.id, token: recipe.embed_token, approval: approval.id };
}

async function historySnapshot(owner: Client, f: Record<string, any>) {
  return {
    revisions: json(await owner.get(`/v1/recipes/${f.id}/revisions`)),
    approvals: json(await owner.get(`/v1/recipes/${f.id}/label_approvals`)),
    approval: json(await owner.get(`/v1/label_approvals/${f.approval}`)),
  };
}

function historyIsolationCases(): IsolationCase[] {
  const onApproval = (route: string, attempt: IsolationCase['attempt'], expectStatus?: number): IsolationCase => ({
    route,
    setup: secretApproval,
    attempt,
    snapshot: historySnapshot,
    expectStatus,
  });
  return [
    onApproval('GET /v1/recipes/:id/revisions', (intruder, f) => intruder.get(`/v1/recipes/${f.id}/revisions`)),
    onApproval('GET /v1/recipes/:id/label_approvals', (intruder, f) => intruder.get(`/v1/recipes/${f.id}/label_approvals`)),
    onApproval('POST /v1/recipes/:id/label_approvals', (intruder, f) =>
      intruder.post(`/v1/recipes/${f.id}/label_approvals`, { accept_incomplete: true }),
    ),
    onApproval('GET /v1/label_approvals/:id', (intruder, f) => intruder.get(`/v1/label_approvals/${f.approval}`)),
    ...['svg', 'png', 'pdf'].map((format) =>
      onApproval(`GET /v1/label_approvals/:id.${format}`, (intruder, f) => intruder.get(`/v1/label_approvals/${f.approval}.${format}`)),
    ),
    ...['svg', 'png', 'pdf'].map(
      (format): IsolationCase => ({
        route: `GET /v1/label_approvals/:id/front_of_pack.${format}`,
        setup: secretSymbolApproval,
        attempt: (intruder, f) => intruder.get(`/v1/label_approvals/${f.approval}/front_of_pack.${format}`),
        snapshot: historySnapshot,
      }),
    ),
    onApproval('GET /v1/label_approvals/:id/diff', (intruder, f) => intruder.get(`/v1/label_approvals/${f.approval}/diff`)),
    onApproval('DELETE /v1/label_approvals/:id', (intruder, f) => intruder.delete(`/v1/label_approvals/${f.approval}`)),
    onApproval('PUT /v1/label_approvals/:id', (intruder, f) => intruder.put(`/v1/label_approvals/${f.approval}`, { note: 'Hijacked' })),
    // B's own trail: none of A's writes in it.
    onApproval('GET /v1/audit_events', (intruder) => intruder.get('/v1/audit_events?per_page=20'), 200),
  ];
}
