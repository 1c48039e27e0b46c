// The name rule for sugars-based ingredients (src/core/label/canada/sugars-based.ts): the words of the
// CFIA's Annex 1 A and B examples, English head noun last, French head noun first, never a sugar-free
// food, a sweetener substitute or a food that merely carries a sugar's word.
import { describe, expect, it } from 'vitest';
import { isSugarsBased, nameIsSugarsBased, SUGARS_BASED_NAMES } from '../../../src/core/label/canada/sugars-based.js';

describe('nameIsSugarsBased', () => {
  it.each([
    // Everyday names.
    ['Sugar', true],
    ['Brown sugar', true],
    ['Icing sugar', true],
    ['Maple syrup', true],
    ['High-fructose corn syrup', true],
    ['Glucose-fructose', true],
    ['Honey', true],
    ['Fancy molasses', true],
    ['Dextrose', true],
    ['Corn syrup solids', true],
    ['Evaporated cane juice', true],
    ['Corn sweetener', true],
    // USDA descriptions: the head noun first, then qualifiers.
    ['Sugars, granulated', true],
    ['Sugars, brown', true],
    ['Syrups, maple', true],
    ['Molasses', true],
    // French names.
    ['Sucre', true],
    ['Cassonade', true],
    ["Sirop d'érable", true],
    ['Mélasse', true],
    ['Miel', true],
    ['Sucre à glacer', true],
    // Not sugars-based.
    ['Flour', false],
    ['Sugar cookie', false],
    ['Sugar snap peas', false],
    ['Honey mustard', false],
    ['Melons, honeydew, raw', false],
    ['Cookies, sugar', false],
    ['Sugar-free syrup', false],
    ['Syrups, sugar free', false],
    ['Sugar substitute', false],
    ['Sugar alcohol', false],
    ['Sweeteners, tabletop, sucralose', false],
    ['Artificial sweetener', false],
    ['Sans sucre', false],
    ['', false],
  ])('%s -> %s', (name, expected) => {
    expect(nameIsSugarsBased(name)).toBe(expected);
  });
});

describe('every name of the lists, on its own and as people write it', () => {
  // The plain-ASCII shortcut (a name without any sugar's key word is answered at once) must never
  // turn one of these away.
  it.each(SUGARS_BASED_NAMES.flatMap((name) => [name, name.toUpperCase(), `${name[0]!.toUpperCase()}${name.slice(1)}`]))('%s', (name) => {
    expect(nameIsSugarsBased(name)).toBe(true);
  });
});

describe('isSugarsBased', () => {
  const base = { name: 'Sugar', name_fr: null, subrecipe: false, food: true, sugars_based: null };
  it.each([
    ['inferred from the name', base, true],
    ['inferred from the French name', { ...base, name: 'Golden', name_fr: 'Sirop doré' }, true],
    ['the account says no', { ...base, sugars_based: false }, false],
    ['the account says yes', { ...base, name: 'Apple juice concentrate', sugars_based: true }, true],
    ['a subrecipe is never inferred', { ...base, name: 'Sugar glaze syrup', subrecipe: true }, false],
    ['a subrecipe the account marks', { ...base, name: 'Caramel', subrecipe: true, sugars_based: true }, true],
    ['a non-food item is never inferred', { ...base, name: 'Sugar bag', food: false }, false],
  ])('%s', (_label, ingredient, expected) => {
    expect(isSugarsBased(ingredient)).toBe(expected);
  });
});
