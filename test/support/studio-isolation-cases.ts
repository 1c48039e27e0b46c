// For each studio route: how account A makes a private record, and how account B, signed in to the
// studio, tries to read or change it. B must get a 404 page (or a page without it) and A's record must
// not change. A studio route added without a case here fails test/integration/studio-guard.test.ts.
import type { LightMyRequestResponse } from 'fastify';
import { json, type Client, type TestApp } from './app.js';
import { bakeryRecipe, type StudioSession } from './studio.js';

export interface StudioIsolationCase {
  route: string;
  setup(owner: Client, t: TestApp): Promise<Record<string, any>>;
  attempt(intruder: StudioSession, fixture: Record<string, any>): Promise<LightMyRequestResponse>;
  /** What must stay unchanged, read by the owner before and after the attempt. */
  snapshot?(owner: Client, fixture: Record<string, any>): Promise<unknown>;
  /** 404 unless said; a page B may see (its own list) must still not show A's record. */
  expectStatus?: number;
  /** Text of A's record that B's answer must not contain. */
  secret?: (fixture: Record<string, any>) => string;
}

/** Routes anyone reaches (the sign-in form, its POST, static files) and the sign-out, which touches only the caller. */
export const STUDIO_OPEN_ROUTES = [
  'GET /studio',
  'GET /studio/',
  'GET /studio/sign-in',
  'POST /studio/session',
  'GET /studio/assets/:name',
  'POST /studio/sign-out',
];

const recipe = (owner: Client) => bakeryRecipe(owner, 'Secret shortbread');
const recipeSnapshot = async (owner: Client, f: Record<string, any>) => ({
  recipe: json(await owner.get(`/v1/recipes/${f.recipeId}`)).recipe.updated_at,
  lines: json(await owner.get(`/v1/recipes/${f.recipeId}/recipe_ingredients`)),
  approvals: json(await owner.get(`/v1/recipes/${f.recipeId}/label_approvals`)).length,
});

async function approved(owner: Client): Promise<Record<string, any>> {
  const r = await recipe(owner);
  const approval = json(await owner.post(`/v1/recipes/${r.recipeId}/label_approvals`, { language: 'en-GB' })).label_approval;
  return { ...r, approvalId: approval.id };
}

export const studioIsolationCases: StudioIsolationCase[] = [
  {
    route: 'GET /studio/recipes',
    setup: recipe,
    attempt: (b) => b.get('/studio/recipes?q=secret'),
    expectStatus: 200,
    secret: () => 'Secret shortbread',
  },
  { route: 'GET /studio/recipes/:id', setup: recipe, attempt: (b, f) => b.get(`/studio/recipes/${f.recipeId}`), secret: () => 'Secret' },
  {
    route: 'POST /studio/recipes/:id/lines/:lineId',
    setup: recipe,
    attempt: (b, f) => b.post(`/studio/recipes/${f.recipeId}/lines/${f.lineIds.butter}`, { quantity: '9', unit: '1 cup' }),
    snapshot: recipeSnapshot,
  },
  { route: 'GET /studio/recipes/:id/labels', setup: recipe, attempt: (b, f) => b.get(`/studio/recipes/${f.recipeId}/labels`) },
  {
    route: 'GET /studio/recipes/:id/labels/:file',
    setup: recipe,
    attempt: (b, f) => b.get(`/studio/recipes/${f.recipeId}/labels/en-GB.svg`),
  },
  {
    route: 'GET /studio/recipes/:id/front-of-pack/:file',
    setup: recipe,
    attempt: (b, f) => b.get(`/studio/recipes/${f.recipeId}/front-of-pack/en-GB.svg`),
  },
  {
    route: 'POST /studio/recipes/:id/approvals',
    setup: recipe,
    attempt: (b, f) => b.post(`/studio/recipes/${f.recipeId}/approvals`, { market: 'en-GB' }),
    snapshot: recipeSnapshot,
  },
  { route: 'GET /studio/approvals/:id', setup: approved, attempt: (b, f) => b.get(`/studio/approvals/${f.approvalId}`) },
  { route: 'GET /studio/approvals/:id/:file', setup: approved, attempt: (b, f) => b.get(`/studio/approvals/${f.approvalId}/label.pdf`) },
  { route: 'GET /studio/recipes/:id/revisions', setup: recipe, attempt: (b, f) => b.get(`/studio/recipes/${f.recipeId}/revisions`) },
  {
    route: 'GET /studio/recipes/:id/revisions/diff',
    setup: recipe,
    attempt: (b, f) => b.get(`/studio/recipes/${f.recipeId}/revisions/diff?from=1&to=2`),
  },
  { route: 'GET /studio/ingredients/:id', setup: recipe, attempt: (b, f) => b.get(`/studio/ingredients/${f.butterId}`) },
  {
    route: 'POST /studio/ingredients/:id/copy',
    setup: recipe,
    attempt: (b, f) => b.post(`/studio/ingredients/${f.butterId}/copy`, { name: 'Stolen butter' }),
    snapshot: async (owner, f) => json(await owner.get(`/v1/ingredients/${f.butterId}`)),
  },
  {
    route: 'POST /studio/ingredients/:id',
    setup: recipe,
    attempt: (b, f) => b.post(`/studio/ingredients/${f.butterId}`, { name: 'Hijacked', 'values[sodium]': '999' }),
    snapshot: async (owner, f) => json(await owner.get(`/v1/ingredients/${f.butterId}`)),
  },
];
