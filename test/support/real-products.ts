// The bakery's products of docs/labeling.md#polyols-and-sweeteners, built through the HTTP API: a sugar-free
// oat bar sweetened with erythritol, a sliced sourdough loaf, a carrot cake sold by the slice. Per 100 g.
import { expect } from 'vitest';
import { type Client, flourBody, json } from './app.js';

const per100 = (body: Record<string, unknown>) => flourBody({ description1: '100 gram', weight1: 100, cholesterol: 0, ...body });

export const OATS = per100({
  name: 'Rolled oats',
  name_fr: "Flocons d'avoine",
  names: { de: 'Haferflocken', es: 'Copos de avena', it: "Fiocchi d'avena", nl: 'Havervlokken' },
  calories: 380,
  protein: 13,
  fat: 7,
  fat_saturated: 1.2,
  carbohydrate: 68,
  fiber: 10,
  sugar: 1,
  added_sugar: 0,
  sodium: 2,
  allergens: { gluten: 'oats' },
});
export const ERYTHRITOL = per100({
  name: 'Erythritol',
  name_fr: 'Érythritol',
  names: { de: 'Erythrit', es: 'Eritritol', it: 'Eritritolo', nl: 'Erythritol' },
  calories: 0,
  protein: 0,
  fat: 0,
  fat_saturated: 0,
  carbohydrate: 100,
  fiber: 0,
  sugar: 0,
  added_sugar: 0,
  sodium: 0,
  sugar_alcohol: 100,
  erythritol: 100,
});
export const BUTTER = per100({
  name: 'Butter',
  name_fr: 'Beurre',
  names: { de: 'Butter', es: 'Mantequilla', it: 'Burro', nl: 'Boter' },
  calories: 717,
  protein: 1,
  fat: 81,
  fat_saturated: 51,
  carbohydrate: 0,
  fiber: 0,
  sugar: 0,
  added_sugar: 0,
  sodium: 11,
  cholesterol: 215,
  allergens: { milk: true },
  adds_fat: true,
});

export async function ingredient(c: Client, body: Record<string, unknown>): Promise<any> {
  const res = await c.post('/v1/ingredients', body);
  expect(res.statusCode, res.body).toBe(201);
  return json(res).ingredient;
}

export async function recipe(c: Client, body: Record<string, unknown>, lines: Array<[number, number]>): Promise<any> {
  const res = await c.post('/v1/recipes', { recipe: body });
  expect(res.statusCode, res.body).toBe(201);
  const made = json(res).recipe;
  for (const [ingredient_id, total_grams] of lines) {
    const line = await c.post(`/v1/recipes/${made.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id, total_grams } });
    expect(line.statusCode, line.body).toBe(201);
  }
  return made;
}

export async function label(c: Client, id: number, query: string): Promise<any> {
  const res = await c.get(`/v1/recipes/${id}/label?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).label;
}

/** The oat bar: 600 g oats, 200 g erythritol (20 g/100 g), 200 g butter; 20 bars of 50 g. */
export async function oatBar(c: Client, settings: Record<string, unknown> = {}): Promise<any> {
  const [oats, erythritol, butter] = [await ingredient(c, OATS), await ingredient(c, ERYTHRITOL), await ingredient(c, BUTTER)];
  return recipe(c, { name: 'Oat bar', servings: 20, suggested_serving: '1 bar', label_settings: { racc_grams: 40, ...settings } }, [
    [oats.id, 600],
    [erythritol.id, 200],
    [butter.id, 200],
  ]);
}
