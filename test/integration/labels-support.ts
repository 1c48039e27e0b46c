// Recipes for the label suites, built through the HTTP API only.
import { expect } from 'vitest';
import { flourBody, json, type Client } from '../support/app.js';

/**
 * The 21 CFR 101.9(d)(12) sample label from two ingredients: 400 g of a cereal base and 40 g of
 * sugar, 8 servings of 55 g. Each cereal value is given per 50 g (its weight1), which is exactly
 * one serving's share (400 g / 8); sugar comes in 200 g sacks, 5 g a serving (mass units only: a volume unit would give the recipe a density and a label in mL). Per serving, unrounded:
 *   calories 211.85 + 19.35 (5 g x 387 kcal/100 g) = 231.2 -> 230 (101.9(c)(1): nearest 10 above 50)
 *   fat 7.9 -> 8 g (nearest 1 g from 5 g), sat 1.1 -> 1 g (nearest 0.5 g below 5 g), trans 0.2 -> 0 g (< 0.5 g)
 *   cholesterol 1 -> 0 mg (< 2 mg), sodium 158 -> 160 mg (nearest 10 above 140)
 *   carbohydrate 31.8 + 5 = 36.8 -> 37 g, fiber 4.2 -> 4 g, sugars 7.3 + 5 = 12.3 -> 12 g,
 *   added sugars 5.2 + 5 = 10.2 -> 10 g, protein 3.1 -> 3 g
 *   vitamin D 2 mcg, calcium 262 -> 260 mg (nearest 10 mg), iron 8.04 -> 8 mg (nearest 0.1 mg), potassium 236 -> 240 mg
 *   (the sample prints 235mg; FDA's 2019 guidance rounds potassium to 10 mg: see test/unit/label).
 */
export async function fdaSampleRecipe(client: Client, recipe: Record<string, unknown> = {}): Promise<any> {
  const cereal = json(
    await client.post(
      '/v1/ingredients',
      flourBody({
        name: 'Secret toasted oat cereal',
        description1: '1 portion',
        weight1: 50,
        calories: 211.85,
        fat: 7.9,
        fat_saturated: 1.1,
        fat_trans: 0.2,
        cholesterol: 1,
        sodium: 158,
        carbohydrate: 31.8,
        fiber: 4.2,
        sugar: 7.3,
        added_sugar: 5.2,
        protein: 3.1,
        vitamin_d_mcg: 2,
        calcium: 262,
        iron: 8.04,
        potassium: 236,
        vitamin_a_IU: 0,
        vitamin_c: 0,
        allergens: { wheat: true, milk: true },
      }),
    ),
  ).ingredient;
  const sugar = json(
    await client.post(
      '/v1/ingredients',
      flourBody({
        name: 'Cane sugar',
        name_fr: 'Sucre de canne',
        description1: '1 sack',
        weight1: 200,
        calories: 774,
        protein: 0,
        fat: 0,
        fat_saturated: 0,
        carbohydrate: 200,
        fiber: 0,
        sugar: 200,
        added_sugar: 200,
        sodium: 0,
        calcium: 0,
        iron: 0,
      }),
    ),
  ).ingredient;
  const res = await client.post('/v1/recipes', {
    // 2/3 cup (55g) taken as the RACC, so the sample's claims are made.
    recipe: {
      name: 'Secret Granola: Oats & Honey',
      servings: 8,
      packages: 1,
      suggested_serving: '2/3 cup',
      label_settings: { racc_grams: 55 },
      ...recipe,
    },
  });
  expect(res.statusCode).toBe(201);
  const created = json(res).recipe;
  for (const [ingredient_id, total_grams] of [
    [cereal.id, 400],
    [sugar.id, 40],
  ]) {
    const line = await client.post(`/v1/recipes/${created.id}/recipe_ingredients`, { recipe_ingredient: { ingredient_id, total_grams } });
    expect(line.statusCode).toBe(201);
  }
  return created;
}

export const rowsOf = (label: any) => label.nutrients.map((r: any) => [r.key, r.display, r.percent_dv_display]);
export const rowOf = (label: any, key: string) => label.nutrients.find((r: any) => r.key === key);

/** A PNG's width and height from its IHDR chunk. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The first page's MediaBox of a PDF, in points. */
export function pdfMediaBox(bytes: Buffer): number[] {
  const text = bytes.toString('latin1');
  const match = /\/MediaBox\s*\[\s*([\d.\s-]+)\]/.exec(text);
  expect(match, 'PDF has a MediaBox').not.toBeNull();
  return match![1]!.trim().split(/\s+/).map(Number);
}
