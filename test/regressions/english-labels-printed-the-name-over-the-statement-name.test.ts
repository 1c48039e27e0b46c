// Regression: once statements were made per label language, an English statement read the
// ingredient's name before its statement name, so a library food printed USDA's description
// ("Flour, wheat, all-purpose, enriched, bleached") on every English label again. English labels
// print the ingredient's own list, else its statement name (21 CFR 101.4(a)(1): the common name),
// else its name; other languages their own name or list first. Pure: needs no USDA data.
import { describe, expect, it } from 'vitest';
import type { Ingredient } from '../../src/core/ingredient.js';
import { computeRecipe } from '../../src/core/recipe/engine.js';
import { labelLanguages } from '../../src/core/label/markets.js';
import { isEnglish } from '../../src/core/recipe/label-names.js';
import { ingredient, line, recipe } from '../unit/recipe/fixtures.js';

const FLOUR = ingredient(
  21,
  'Flour, wheat, all-purpose, enriched, bleached',
  { calories: 364 },
  { statement_name: 'enriched bleached all-purpose wheat flour', statement_name_generated: true, name_fr: 'Farine de blé' },
);
const BUTTER = ingredient(22, 'Butter, stick, unsalted', { calories: 717 }, { statement_name: 'unsalted butter', names: { de: 'Butter' } });
const LISTED = ingredient(
  23,
  'Chocolate chips',
  { calories: 500 },
  { statement_name: 'chips', ingredient_list: 'Chocolate (sugar, cocoa)' },
);

function statements(lines: Array<[Ingredient, number]>) {
  const byId = new Map(lines.map(([i]) => [i.id, i]));
  return computeRecipe(
    recipe(1, 'Shortbread'),
    lines.map(([i, grams]) => line(1, i.id, grams)),
    (id) => ({ ingredient: byId.get(id)!, unitsAndGrams: { '1 gram': 1 }, subrecipe: null }),
  ).statements;
}

describe('English statements use the statement name, never the description', () => {
  const printed = statements([
    [FLOUR, 300],
    [BUTTER, 200],
    [LISTED, 100],
  ]);

  // No sugars-based ingredient here, so the Canadian English list reads as the others.
  it.each(labelLanguages().filter(isEnglish))('%s', (language) => {
    expect(printed[language]).toBe('enriched bleached all-purpose wheat flour, unsalted butter, Chocolate (sugar, cocoa)');
  });

  it('other languages print their own name where set, else the English statement text', () => {
    expect(printed['fr-CA']).toBe('Farine de blé, unsalted butter, Chocolate (sugar, cocoa)');
    expect(printed['de-DE']).toBe('enriched bleached all-purpose wheat flour, Butter, Chocolate (sugar, cocoa)');
  });
});
