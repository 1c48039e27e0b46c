// FDR B.01.008.3: a Canadian list groups the sugars-based ingredients after "Sugars" / "Sucres", each in
// lower case by its own weight, the group placed by their combined weight; the US list is untouched.
import { describe, expect, it } from 'vitest';
import type { Ingredient } from '../../../src/core/ingredient.js';
import { computeRecipe, RecipeEvaluator } from '../../../src/core/recipe/engine.js';
import { graph, ingredient, line, recipe, subrecipeIngredient } from './fixtures.js';

const FLOUR = ingredient(11, 'Flour', { calories: 364 }, { name_fr: 'Farine' });
const BUTTER = ingredient(12, 'Butter', { calories: 717 }, { name_fr: 'Beurre' });
const SUGAR = ingredient(13, 'Sugar', { calories: 387 }, { name_fr: 'Sucre' });
const BROWN = ingredient(14, 'Brown sugar', { calories: 380 }, { name_fr: 'Cassonade' });
const HONEY = ingredient(15, 'Honey', { calories: 304 }, { name_fr: 'Miel' });
const EGG = ingredient(16, 'Eggs', { calories: 143 }, { name_fr: 'Oeufs' });
const RAISINS = ingredient(17, 'Raisins', { calories: 299 }, { name_fr: 'Raisins secs' });

function statements(lines: Array<[Ingredient, number]>) {
  const r = recipe(1, 'Cookies');
  const ls = lines.map(([i, grams]) => line(1, i.id, grams));
  const byId = new Map(lines.map(([i]) => [i.id, i]));
  return computeRecipe(r, ls, (id) => ({ ingredient: byId.get(id)!, unitsAndGrams: { '1 gram': 1 }, subrecipe: null })).statements;
}

describe('Canadian sugars grouped (FDR B.01.008.3)', () => {
  it.each([
    {
      name: 'the group sits where the combined weight puts it (80 g of sugars before 60 g of butter)',
      lines: [
        [FLOUR, 100],
        [BUTTER, 60],
        [SUGAR, 50],
        [BROWN, 30],
      ] as Array<[Ingredient, number]>,
      us: 'Flour, Butter, Sugar, Brown sugar',
      en: 'Flour, Sugars (sugar, brown sugar), Butter',
      fr: 'Farine, Sucres (sucre, cassonade), Beurre',
    },
    {
      name: 'members by their own weight: brown sugar first when it weighs more',
      lines: [
        [FLOUR, 100],
        [SUGAR, 30],
        [BUTTER, 60],
        [BROWN, 50],
      ] as Array<[Ingredient, number]>,
      us: 'Flour, Butter, Brown sugar, Sugar',
      en: 'Flour, Sugars (brown sugar, sugar), Butter',
      fr: 'Farine, Sucres (cassonade, sucre), Beurre',
    },
    {
      name: 'combined weight can put the group first',
      lines: [
        [FLOUR, 100],
        [SUGAR, 60],
        [HONEY, 50],
        [EGG, 40],
      ] as Array<[Ingredient, number]>,
      us: 'Flour, Sugar, Honey, Eggs',
      en: 'Sugars (sugar, honey), Flour, Eggs',
      fr: 'Sucres (sucre, miel), Farine, Oeufs',
    },
    {
      name: 'a single sugar is grouped too ("one or more", B.01.008.3(1))',
      lines: [
        [FLOUR, 100],
        [SUGAR, 20],
        [EGG, 40],
      ] as Array<[Ingredient, number]>,
      us: 'Flour, Eggs, Sugar',
      en: 'Flour, Eggs, Sugars (sugar)',
      fr: 'Farine, Oeufs, Sucres (sucre)',
    },
    {
      name: 'a tie keeps the order first added (the group counts from its first member)',
      lines: [
        [EGG, 40],
        [SUGAR, 20],
        [HONEY, 20],
        [RAISINS, 10],
      ] as Array<[Ingredient, number]>,
      us: 'Eggs, Sugar, Honey, Raisins',
      en: 'Eggs, Sugars (sugar, honey), Raisins',
      fr: 'Oeufs, Sucres (sucre, miel), Raisins secs',
    },
    {
      name: 'the same sugar twice is merged before grouping',
      lines: [
        [FLOUR, 100],
        [SUGAR, 20],
        [BUTTER, 50],
        [SUGAR, 20],
        [BROWN, 15],
      ] as Array<[Ingredient, number]>,
      us: 'Flour, Butter, Sugar, Brown sugar',
      en: 'Flour, Sugars (sugar, brown sugar), Butter',
      fr: 'Farine, Sucres (sucre, cassonade), Beurre',
    },
    {
      name: 'no sugars: the list is the weight order',
      lines: [
        [FLOUR, 100],
        [BUTTER, 60],
        [EGG, 40],
      ] as Array<[Ingredient, number]>,
      us: 'Flour, Butter, Eggs',
      en: 'Flour, Butter, Eggs',
      fr: 'Farine, Beurre, Oeufs',
    },
  ])('$name', ({ lines, us, en, fr }) => {
    expect(statements(lines)).toMatchObject({ 'en-US': us, 'en-CA': en, 'fr-CA': fr });
  });

  it('members print entirely in lower case (B.01.008.3(3)(a)), their own lists included', () => {
    const maple = ingredient(20, 'Pure Maple Syrup', {}, { name_fr: "Sirop d'Érable" });
    const golden = ingredient(21, 'Golden', {}, { sugars_based: true, ingredient_list: 'Golden Syrup' });
    expect(
      statements([
        [FLOUR, 100],
        [maple, 30],
        [golden, 20],
      ])['en-CA'],
    ).toBe('Flour, Sugars (pure maple syrup, golden syrup)');
    expect(
      statements([
        [FLOUR, 100],
        [maple, 30],
        [golden, 20],
      ])['fr-CA'],
    ).toBe("Farine, Sucres (sirop d'érable, golden syrup)");
  });

  it('sugars_based false keeps a sugar out of the group; true puts any ingredient in it', () => {
    const notGrouped = { ...SUGAR, sugars_based: false };
    const juice = ingredient(22, 'Apple juice concentrate', {}, { sugars_based: true, name_fr: 'Concentré de jus de pomme' });
    expect(
      statements([
        [FLOUR, 100],
        [notGrouped, 30],
        [juice, 20],
      ])['en-CA'],
    ).toBe('Flour, Sugar, Sugars (apple juice concentrate)');
  });

  it('a subrecipe groups its own sugars inside its parentheses; the parent groups its own', () => {
    const icing = recipe(2, 'Icing', { name_fr: 'Glaçage' });
    const cookie = recipe(1, 'Cookie');
    const g = graph(
      [cookie, icing],
      [
        line(2, SUGAR.id, 40),
        line(2, BUTTER.id, 30),
        line(2, HONEY.id, 10),
        line(1, FLOUR.id, 100),
        line(1, 30, 80),
        line(1, BROWN.id, 20),
      ],
      [FLOUR, BUTTER, SUGAR, HONEY, BROWN, subrecipeIngredient(30, 2, 'Icing')],
    );
    const result = new RecipeEvaluator(g).recipe(1)!;
    expect(result.statements['en-US']).toBe('Flour, Icing (Sugar, Butter, Honey), Brown sugar');
    expect(result.statements['en-CA']).toBe('Flour, Icing (Sugars (sugar, honey), Butter), Sugars (brown sugar)');
    expect(result.statements['fr-CA']).toBe('Farine, Glaçage (Sucres (sucre, miel), Beurre), Sucres (cassonade)');
  });

  it("only the Canadian languages group: every other language prints its base language's list, nested lists too", () => {
    const icing = recipe(2, 'Icing', { name_fr: 'Glaçage' });
    const cookie = recipe(1, 'Cookie');
    const g = graph(
      [cookie, icing],
      [line(2, SUGAR.id, 40), line(2, BUTTER.id, 30), line(1, FLOUR.id, 100), line(1, 30, 80), line(1, BROWN.id, 20)],
      [FLOUR, BUTTER, SUGAR, BROWN, subrecipeIngredient(30, 2, 'Icing')],
    );
    const result = new RecipeEvaluator(g).recipe(1)!;
    const english = 'Flour, Icing (Sugar, Butter), Brown sugar';
    for (const language of ['en-US', 'en-GB', 'en-IE', 'en-AU', 'en-NZ'] as const) expect(result.statements[language]).toBe(english);
    expect(result.statements['fr-FR']).toBe('Farine, Glaçage (Sucre, Beurre), Cassonade');
    expect(result.statements['fr-CA']).toBe('Farine, Glaçage (Sucres (sucre), Beurre), Sucres (cassonade)');
    // No Spanish names: both Spanish markets fall back to the same English words.
    expect(result.statements['es-MX']).toBe(result.statements['es-ES']);
    expect(result.lines.map((l) => l.display_text['en-GB'])).toEqual(result.lines.map((l) => l.display_text['en-US']));
  });
});
