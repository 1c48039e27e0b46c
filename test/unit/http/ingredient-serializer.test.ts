import { describe, expect, it } from 'vitest';
import { applyIngredientWrite, type Ingredient } from '../../../src/core/ingredient.js';
import { ingredientJson, ingredientJsonText, ingredientListText } from '../../../src/http/resources/ingredients/serializer.js';
import { flourBody } from '../../support/app.js';

function ingredient(overrides: Record<string, unknown>, extra: Partial<Ingredient> = {}): Ingredient {
  const result = applyIngredientWrite(null, flourBody(overrides));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return {
    ...result.fields,
    id: 7,
    account_id: 1,
    category: null,
    fdc_id: null,
    created_at: '2026-11-21T10:00:00Z',
    updated_at: '2026-11-21T10:00:00Z',
    ...extra,
  };
}

describe('ingredient JSON text form', () => {
  it.each([
    ['plain', ingredient({})],
    [
      'quotes, unicode and control characters',
      ingredient({ name: 'Crème "fraîche" \\ \u0001 <b>', brand: 'Ünïcode ☃', allergens: { milk: true } }),
    ],
    [
      'public with units and tags',
      ingredient({ description2: '1 large egg', weight2: 50, potassium: 12.5 }, { account_id: null, fdc_id: 321360, category: 'Dairy' }),
    ],
  ])('%s: same bytes as JSON.stringify of the object form', (_name, value) => {
    const tags = ['dry', 'a "quoted" tag'];
    expect(ingredientJsonText(value, tags)).toBe(JSON.stringify(ingredientJson(value, tags)));
    expect(JSON.parse(ingredientJsonText(value, []))).toEqual(ingredientJson(value, []));
  });
});

describe('ingredient list text form', () => {
  it('is the bytes of JSON.stringify of the list of envelopes, empty or not', () => {
    const items = [
      { ingredient: ingredient({}), tags: ['dry'] },
      { ingredient: ingredient({ name: 'Crème "fraîche"' }, { id: 8 }), tags: [] },
    ];
    const objects = items.map((item) => ({ ingredient: ingredientJson(item.ingredient, item.tags) }));
    expect(ingredientListText(items)).toBe(JSON.stringify(objects));
    expect(ingredientListText([])).toBe('[]');
  });
});
