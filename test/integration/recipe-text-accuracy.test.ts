// Recipe lines matched and weighed against the library a bakery imports (docs/api.md#recipe-text): USDA SR28
// and the 2023 Foundation foods (../shared/data), through POST /v1/recipe_text/parse, on every
// database. The table of lines (test/fixtures/recipe-lines.ts) must come out at least 95 % right on
// quantity and unit and at least 90 % right on the food and on grams within 10 %; the figures are
// printed. Then a cookie recipe pasted as text becomes a recipe whose US label a baker would print.
// The whole releases where they are beside the repository, else its sample (test/support/usda-data.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.js';
import { json } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { appWithLibrary } from '../support/usda-library.js';
import { RECIPE_LINES, type RecipeLineCase } from '../fixtures/recipe-lines.js';

interface Outcome {
  c: RecipeLineCase;
  line: any;
}

/** Parses the table, a request per language (at most 200 lines each). */
async function parseTable(t: TestApp): Promise<Outcome[]> {
  const out: Outcome[] = [];
  const byLanguage = new Map<string, RecipeLineCase[]>();
  for (const c of RECIPE_LINES) byLanguage.set(c.language ?? 'en', [...(byLanguage.get(c.language ?? 'en') ?? []), c]);
  for (const [language, cases] of byLanguage) {
    for (let i = 0; i < cases.length; i += 200) {
      const slice = cases.slice(i, i + 200);
      const r = await t.client().post('/v1/recipe_text/parse', { lines: slice.map((c) => c.input), language });
      expect(r.statusCode).toBe(200);
      json(r).lines.forEach((line: any, k: number) => out.push({ c: slice[k] as RecipeLineCase, line }));
    }
  }
  return out;
}

const weighed = (line: any) => (line.status === 'matched' || line.status === 'ambiguous' ? (line.match?.grams ?? null) : null);

/** The food a line offers: its match, or for a line that cannot be weighed its first alternative. */
const offered = (line: any) => line.match ?? line.alternatives[0] ?? null;

function foodRight({ c, line }: Outcome): boolean {
  if (c.food === null) return true;
  const food = c.grams === null ? offered(line) : line.match;
  return food !== null && c.food.test(food.name);
}

function gramsRight({ c, line }: Outcome): boolean {
  const grams = weighed(line);
  if (c.grams === null) return grams === null;
  return grams !== null && Math.abs(grams - c.grams) <= 0.1 * c.grams;
}

function quantityRight({ c, line }: Outcome): boolean {
  const [low, high] = Array.isArray(c.quantity) ? c.quantity : [c.quantity, null];
  const same = (a: number | null, b: number | null) => (a === null ? b === null : b !== null && Math.abs(a - b) < 1e-6);
  return same(low, line.quantity) && same(high, line.quantity_max);
}

describe.each(databaseKinds())('recipe text over SR28 and Foundation on %s', (kind) => {
  describe('the library a bakery imports', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWithLibrary(kind, { sr28: true, foundation: true });
    }, 600_000);
    afterAll(() => t?.close());

    it(`reads, matches and weighs the ${RECIPE_LINES.length} lines of the table: 95 % quantity and unit, 90 % food and grams`, async () => {
      const outcomes = await parseTable(t);
      expect(outcomes).toHaveLength(RECIPE_LINES.length);
      const share = (test: (o: Outcome) => boolean) => outcomes.filter(test).length / outcomes.length;
      const figures = {
        quantity: share(quantityRight),
        unit: share((o) => o.line.unit === o.c.unit),
        food: share(foodRight),
        grams: share(gramsRight),
      };
      const pct = (n: number) => `${(100 * n).toFixed(1)} %`;
      console.log(
        `recipe text accuracy on ${kind}, ${outcomes.length} lines: quantity ${pct(figures.quantity)}, unit ${pct(figures.unit)}, food ${pct(figures.food)}, grams within 10 % ${pct(figures.grams)}`,
      );
      const wrong = outcomes.filter((o) => !foodRight(o) || !gramsRight(o));
      console.log(
        wrong
          .map(
            (o) =>
              `  ${o.c.input} -> ${o.line.status} ${offered(o.line)?.name ?? '-'} ${weighed(o.line) ?? '-'} g (expected ${o.c.grams ?? '-'} g)`,
          )
          .join('\n'),
      );
      expect(figures.quantity).toBeGreaterThanOrEqual(0.95);
      expect(figures.unit).toBeGreaterThanOrEqual(0.95);
      expect(figures.food).toBeGreaterThanOrEqual(0.9);
      expect(figures.grams).toBeGreaterThanOrEqual(0.9);
    }, 120_000);

    it('makes a pasted cookie recipe a recipe whose US label a baker would print', async () => {
      const text = [
        'Chocolate chip cookies',
        '2 1/4 cups all-purpose flour',
        '1 tsp baking soda',
        '1 tsp salt',
        '1 cup (2 sticks) unsalted butter, softened',
        '3/4 cup granulated sugar',
        '3/4 cup packed brown sugar',
        '1 tsp vanilla extract',
        '2 large eggs',
        '2 cups semi-sweet chocolate chips',
      ].join('\n');
      const r = await t.client().post('/v1/recipes/from_text', {
        recipe: {
          name: 'Chocolate chip cookies',
          servings: 48,
          suggested_serving: '1 cookie',
          label_settings: { racc_category: 'cookies' },
        },
        text,
        skip: [1],
      });
      expect(r.statusCode).toBe(201);
      const recipe = json(r).recipe;
      expect(recipe.recipe_ingredients_count).toBe(9);
      // The classic dough weighs about 1.27 kg: flour 281, butter 227, sugars 150 + 165, chips 336, eggs 100, and 19 g of the rest.
      expect(recipe.total_grams).toBeGreaterThan(1200);
      expect(recipe.total_grams).toBeLessThan(1350);
      // A cookie of ~26.5 g: about 115 kcal (5,600 kcal a batch), ~6 g fat (butter 184 g, chocolate ~100 g a batch).
      expect(recipe.nutrition.calories).toBeGreaterThan(100);
      expect(recipe.nutrition.calories).toBeLessThan(135);
      expect(recipe.nutrition.fat).toBeGreaterThan(5);
      expect(recipe.nutrition.fat).toBeLessThan(7.5);
      expect(recipe.allergens).toMatchObject({ milk: true, egg: true, wheat: true });
      // The statement lists the ingredients by weight (the chocolate, 336 g, before the flour, 281 g), in their common names (docs/labeling.md "Statement names").
      expect(recipe.ingredient_list).toMatch(/^Semisweet chocolate[^,]*, enriched bleached all-purpose wheat flour/i);
      console.log(`recipe text: the cookie statement is "${recipe.ingredient_list}"`);
      // SR28 has no trans fat for the flour, butter and chocolate, and no added sugars for the chocolate,
      // soda and vanilla: the label says so on its face (unknown is never zero) and names them.
      const label = json(await t.client().get(`/v1/recipes/${recipe.id}/label`)).label;
      expect(label.complete).toBe(false);
      const missing = label.warnings.filter((w: any) => w.code === 'missing_nutrient').map((w: any) => w.nutrient);
      expect(missing.sort()).toEqual(['added_sugar', 'fat_trans']);
      const dir = mkdtempSync(join(tmpdir(), 'recipe-text-label-'));
      const keep = async (name: string) => {
        const png = await t.client().get(`/v1/recipes/${recipe.id}/label.png`);
        expect(png.statusCode).toBe(200);
        expect(png.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
        // Kept for a person to look at.
        writeFileSync(join(dir, `${name}-${kind}.png`), png.rawPayload);
        console.log(`recipe text: the cookie label (${name}) is ${join(dir, `${name}-${kind}.png`)}`);
      };
      await keep('as-pasted');
      // The baker who accepts those two gaps in writing (label_settings.accept_missing) gets a label to print.
      const accepted = await t
        .client()
        .put(`/v1/recipes/${recipe.id}`, { label_settings: { accept_missing: ['fat_trans', 'added_sugar'] } });
      expect(accepted.statusCode).toBe(200);
      const printable = json(await t.client().get(`/v1/recipes/${recipe.id}/label`)).label;
      expect(printable.complete).toBe(true);
      expect(printable.nutrients.find((n: any) => n.key === 'calories').display).toBe('120');
      expect(printable.serving_size.display).toBe('1 cookie (27g)');
      await keep('accepted');
    }, 120_000);
  });
});
