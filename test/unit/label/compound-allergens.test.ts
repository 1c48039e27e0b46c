// A compound ingredient's allergens emphasised at the ingredient of its list that names them (Regulation
// (EU) 1169/2011 Art. 21(1)(b); FSANZ Standard 1.2.3—4): "milkfat" carries the milk, "soy lecithin" the soy,
// never "vanilla extract" or "cocoa butter"; one no ingredient names stays with the compound's name.
import { describe, expect, it } from 'vitest';
import { attributeAllergens, textNamesAllergen } from '../../../src/core/allergens/compound-parts.js';
import { parseIngredientList } from '../../../src/core/recipe/ingredient-list.js';

describe('textNamesAllergen (Art. 21(1)(b) emphasis at the ingredient)', () => {
  it.each([
    ['milkfat', 'milk', 'en', true],
    ['butter', 'milk', 'en', true],
    ['buttermilk', 'milk', 'en', true],
    ['cocoa butter', 'milk', 'en', false],
    ['vanilla extract', 'milk', 'en', false],
    ['peanut butter', 'milk', 'en', false],
    ['coconut milk', 'milk', 'en', false],
    ['soy lecithin', 'soy', 'en', true],
    ['buckwheat flour', 'wheat', 'en', false],
    ['wheat flour', 'wheat', 'en', true],
    ['Butterreinfett', 'milk', 'de', true],
    ['Kakaobutter', 'milk', 'de', false],
    ['Sojalecithin', 'soy', 'de', true],
    ['Buchweizenmehl', 'wheat', 'de', false],
    ['matière grasse laitière', 'milk', 'fr', true],
    ['beurre de cacao', 'milk', 'fr', false],
    ['lait écrémé', 'milk', 'fr', true],
    ['lécithine de soja', 'soy', 'fr', true],
    ['cacaoboter', 'milk', 'nl', false],
    ['magere melkpoeder', 'milk', 'nl', true],
  ] as const)('%j names %s in %s: %s', (text, key, base, expected) => {
    expect(textNamesAllergen(text, key, true, base)).toBe(expected);
  });
});

describe('attributeAllergens', () => {
  it('gives the milk to milkfat and the soy to the lecithin; nothing to vanilla extract', () => {
    const list = parseIngredientList('sugar, chocolate, cocoa butter, milkfat, soy lecithin, vanilla extract') ?? [];
    const { parts, unplaced } = attributeAllergens({ milk: true, soy: true }, list, 'en');
    expect(parts.map((p) => [p.text, Object.keys(p.allergens)])).toEqual([
      ['sugar', []],
      ['chocolate', []],
      ['cocoa butter', []],
      ['milkfat', ['milk']],
      ['soy lecithin', ['soy']],
      ['vanilla extract', []],
    ]);
    expect(unplaced).toEqual({});
  });

  it('keeps an allergen no ingredient of the list names with the compound ingredient itself', () => {
    const { parts, unplaced } = attributeAllergens({ milk: true, egg: true }, parseIngredientList('sugar, cream') ?? [], 'en');
    expect(parts[1]?.allergens).toEqual({ milk: true });
    expect(unplaced).toEqual({ egg: true });
  });

  it('emphasises at the deepest ingredient that names it', () => {
    const { parts } = attributeAllergens({ milk: true }, parseIngredientList('chocolate (sugar, milk powder), salt') ?? [], 'en');
    expect(parts[0]?.allergens).toEqual({});
    expect(parts[0]?.parts?.[1]?.allergens).toEqual({ milk: true });
  });
});
