// The statement as items with their allergens (src/core/recipe/statement-items.ts): the same words, order
// and nesting as the statement text, in every label language, so markets that emphasise allergens inside
// the list (EU Art. 21(1)(b), FSANZ PEAL) print exactly the statement.
import { describe, expect, it } from 'vitest';
import { labelLanguages } from '../../../src/core/label/markets.js';
import { RecipeEvaluator } from '../../../src/core/recipe/index.js';
import { itemsText, statementItems } from '../../../src/core/recipe/statement-items.js';
import { FLOUR, graph, ingredient, line, MILK, recipe, SUGAR, subrecipeIngredient } from './fixtures.js';

const BUTTER = ingredient(8, 'Butter', { fat: 81 }, { allergens: { milk: true }, name_fr: 'Beurre' });
const LECITHIN = ingredient(9, 'Lecithin', {}, { allergens: { soy: true }, ingredient_list: 'Emulsifier (soya lecithin)' });

describe('statementItems', () => {
  // Chocolate: sugar 50, milk 30, lecithin 1. Cake: flour 100, chocolate 60 (1 serving of 60 g... by grams), butter 40, flour 20 again.
  const choc = recipe(30, 'Chocolate');
  const cake = recipe(10, 'Cake', { servings: 4 });
  const subChoc = subrecipeIngredient(300, 30, 'Chocolate');
  const lines = [
    line(30, 2, 50),
    line(30, 3, 30, '1 ml'),
    line(30, 9, 1),
    line(10, 1, 100),
    line(10, 300, 60),
    line(10, 8, 40),
    line(10, 1, 20),
  ];
  const g = graph([cake, choc], lines, [FLOUR, SUGAR, MILK, BUTTER, LECITHIN, subChoc]);

  // Canadian statements group sugars (FDR B.01.008.3) and declare allergens apart: no runs, no items.
  const RUN_LANGUAGES = labelLanguages().filter((language) => language !== 'en-CA' && language !== 'fr-CA');
  it.each(RUN_LANGUAGES)('joined, the items are the statement in %s', (language) => {
    const result = new RecipeEvaluator(g).recipe(10)!;
    expect(itemsText(statementItems(result, language)!)).toBe(result.statements[language]);
  });

  it('each item carries its own allergens; duplicates are merged by weight; a subrecipe lists its parts', () => {
    const result = new RecipeEvaluator(g).recipe(10)!;
    expect(statementItems(result, 'en-GB')).toEqual([
      { text: 'Flour', allergens: { wheat: true } },
      {
        text: 'Chocolate',
        allergens: { milk: true, soy: true },
        parts: [
          { text: 'Sugar', allergens: {} },
          { text: 'Milk', allergens: { milk: true } },
          // The old form of a list, the whole entry ("Emulsifier (soya lecithin)"): the soy is the lecithin's.
          { text: 'Emulsifier', allergens: {}, parts: [{ text: 'soya lecithin', allergens: { soy: true } }] },
        ],
      },
      { text: 'Butter', allergens: { milk: true } },
    ]);
    expect(statementItems(result, 'fr-FR')!.map((i) => i.text)).toEqual(['Flour', 'Chocolate', 'Beurre']);
  });

  it('a custom list in the language is one item with every allergen of the recipe; a blank one prints nothing', () => {
    const custom = recipe(10, 'Cake', { ingredient_list: 'Flour, butter', allergens: { egg: true } });
    const result = new RecipeEvaluator(graph([custom], [line(10, 1, 100), line(10, 8, 10)], [FLOUR, BUTTER])).recipe(10)!;
    expect(statementItems(result, 'en-GB')).toEqual([{ text: 'Flour, butter', allergens: { egg: true, milk: true, wheat: true } }]);
    // A custom English list is not German: the generated statement.
    expect(statementItems(result, 'de-DE')!.map((i) => i.text)).toEqual(['Flour', 'Butter']);
    const blank = recipe(10, 'Cake', { ingredient_list: '' });
    expect(statementItems(new RecipeEvaluator(graph([blank], [line(10, 1, 100)], [FLOUR])).recipe(10)!, 'en-GB')).toBeNull();
  });

  it('no food line: no items', () => {
    expect(statementItems(new RecipeEvaluator(graph([recipe(10, 'R')], [], [])).recipe(10)!, 'en-GB')).toBeNull();
  });
});
