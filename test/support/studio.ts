// The label studio through the real app: signing in with a key (the sign-in form's CSRF cookie and
// token, then the session cookie), posting its forms, and a small bakery recipe to look at.
import type { LightMyRequestResponse } from 'fastify';
import { flourBody, json, type Client, type TestApp } from './app.js';

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  const raw = response.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return Object.fromEntries(list.map((c) => c.split(';', 1)[0]!.split('=') as [string, string]));
}

export const csrfOf = (body: string) => /name="csrf" value="([^"]+)"/.exec(body)?.[1];

export interface StudioSession {
  cookie: string;
  csrf: string;
  get(url: string): Promise<LightMyRequestResponse>;
  /** A form post with the session's CSRF token (unless `fields.csrf` says otherwise). */
  post(url: string, fields?: Record<string, string>, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** Signs in to the studio with `key`; the session's cookie and CSRF token, and helpers that carry them. */
export async function studioSignIn(t: TestApp, key: string): Promise<StudioSession> {
  const form = await t.app.inject({ method: 'GET', url: '/studio/sign-in' });
  const login = cookiesOf(form).recipal_login!;
  const response = await t.app.inject({
    method: 'POST',
    url: '/studio/session',
    headers: { ...FORM, cookie: `recipal_login=${login}` },
    payload: new URLSearchParams({ csrf: csrfOf(form.body)!, api_key: key, next: '/studio/recipes' }).toString(),
  });
  if (response.statusCode !== 303) throw new Error(`sign-in answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
  const cookie = `recipal_session=${cookiesOf(response).recipal_session}`;
  const page = await t.app.inject({ method: 'GET', url: '/studio/recipes', headers: { cookie } });
  const csrf = csrfOf(page.body)!;
  return {
    cookie,
    csrf,
    get: (url) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url, fields = {}, headers = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...FORM, cookie, ...headers },
        payload: new URLSearchParams({ csrf, ...fields }).toString(),
      }),
  };
}

export interface BakeryRecipe {
  recipeId: number;
  flourId: number;
  butterId: number;
  sugarId: number;
  lineIds: { flour: number; butter: number; sugar: number };
}

/**
 * Shortbread: flour, butter (no vitamin D or potassium known: its labels are incomplete until the gap
 * is filled or accepted) and sugar, 24 servings, with prices for flour and sugar only.
 */
export async function bakeryRecipe(owner: Client, name = 'Shortbread'): Promise<BakeryRecipe> {
  const full = { vitamin_d_mcg: 0, potassium: 107 };
  const flourId = json(await owner.post('/v1/ingredients', flourBody({ ...full, allergens: { wheat: true } }))).ingredient.id;
  const butterId = json(
    await owner.post(
      '/v1/ingredients',
      flourBody({
        name: 'Butter, unsalted',
        description1: '1 cup',
        weight1: 227,
        calories: 1628,
        protein: 1.9,
        fat: 184,
        fat_saturated: 117,
        fat_trans: 7.5,
        cholesterol: 488,
        carbohydrate: 0.1,
        fiber: 0,
        sugar: 0.1,
        added_sugar: 0,
        sodium: 25,
        calcium: 54,
        iron: 0,
        vitamin_a_IU: 5600,
        vitamin_c: 0,
        allergens: { milk: true },
      }),
    ),
  ).ingredient.id;
  const sugarId = json(
    await owner.post(
      '/v1/ingredients',
      flourBody({
        name: 'Sugar, granulated',
        description1: '1 cup',
        weight1: 200,
        calories: 774,
        protein: 0,
        fat: 0,
        fat_saturated: 0,
        fat_trans: 0,
        cholesterol: 0,
        carbohydrate: 200,
        fiber: 0,
        sugar: 200,
        added_sugar: 200,
        sodium: 2,
        calcium: 2,
        iron: 0.1,
        ...full,
      }),
    ),
  ).ingredient.id;
  const recipe = json(await owner.post('/v1/recipes', { recipe: { name, servings: 24, suggested_serving: '1 cookie' } })).recipe;
  const line = async (ingredient_id: number, unit: string, quantity: number) =>
    json(await owner.post(`/v1/recipes/${recipe.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id, unit, quantity } }))
      .recipe_ingredient.id as number;
  const lineIds = {
    flour: await line(flourId, '1 cup', 2),
    butter: await line(butterId, '1 cup', 1),
    sugar: await line(sugarId, '1 cup', 0.5),
  };
  for (const [ingredient_id, price] of [
    [flourId, 0.4],
    [sugarId, 0.6],
  ] as const) {
    await owner.post('/v1/ingredient_costs', {
      ingredient_cost: { ingredient_id, unit: '1 cup', quantity: 1, price, effective_at: '2026-01-01' },
    });
  }
  return { recipeId: recipe.id, flourId, butterId, sugarId, lineIds };
}
