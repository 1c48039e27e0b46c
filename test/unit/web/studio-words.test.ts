// The label studio's words: numbers as its pages print them, a revision's changes in plain words, two
// statements compared word by word, and where the sign-in form may send a person afterwards.
import { describe, expect, it } from 'vitest';
import { safeNext } from '../../../src/http/routes/studio/context.js';
import type { ChangeNames } from '../../../src/services/studio/index.js';
import { describeChange } from '../../../src/web/studio/changes.js';
import { wordDiff } from '../../../src/web/studio/word-diff.js';
import { grams, money, nutrientName, percent, plural, when } from '../../../src/web/studio/words.js';

describe('numbers as the studio prints them', () => {
  it.each([
    [1250, '1,250 g'],
    [100, '100 g'],
    [99.94, '99.9 g'],
    [12.5, '12.5 g'],
    [1, '1 g'],
    [0.354, '0.35 g'],
    [0, '0 g'],
    [null, '—'],
    [Number.NaN, '—'],
  ])('grams(%s) is %s', (value, text) => expect(grams(value)).toBe(text));

  it.each([
    [0.4333, '43.3%'],
    [0.1, '10%'],
    [0.0952, '9.52%'],
    [null, '—'],
  ])('percent(%s) is %s', (value, text) => expect(percent(value)).toBe(text));

  it.each([
    [1.1, 'USD', '$1.10'],
    [0.1697, 'USD', '$0.1697'],
    [4.07, 'EUR', '€4.07'],
    [2.5, 'X1', '2.5 X1'],
    [null, 'USD', '—'],
  ])('money(%s, %s) is %s', (value, currency, text) => expect(money(value, currency)).toBe(text));

  it('names nutrients, words and times', () => {
    expect(nutrientName('fat_saturated')).toBe('Saturated fat');
    expect(nutrientName('vitamin_d_mcg')).toBe('Vitamin D');
    expect(nutrientName('omega_9')).toBe('Omega 9');
    expect(plural(1, 'line')).toBe('1 line');
    expect(plural(1200, 'line')).toBe('1,200 lines');
    expect(when('2026-11-18T12:00:00Z')).toBe('2026-11-18 12:00 UTC');
    expect(when(null)).toBe('—');
  });
});

describe("a revision's changes in plain words", () => {
  const names: ChangeNames = {
    recipes: { 1: 'Cookies', 2: 'Icing' },
    ingredients: { 10: 'Butter', 11: 'Margarine', 12: 'Sugar' },
    lines: { 100: 10, 200: 12 },
  };

  it.each([
    ['the first revision', { field: 'recipe', old: null, new: 'Cookies' }, [['created', 'Recipe', '', '', 'Created as "Cookies"']]],
    ['a recipe field', { field: 'servings', old: 24, new: 20 }, [['changed', 'Recipe', 'Servings', '24', '20']]],
    [
      "a line's quantity",
      { field: 'quantity', old: 1, new: 0.75, recipe_id: 1, line_id: 100, ingredient_id: 10 },
      [['changed', 'Line: Butter', 'Quantity', '1', '0.75']],
    ],
    [
      "a line's grams",
      { field: 'total_grams', old: 227, new: 170.25, recipe_id: 1, line_id: 100, ingredient_id: 10 },
      [['changed', 'Line: Butter', 'Total grams', '227 g', '170.25 g']],
    ],
    [
      'a swapped ingredient, named by the line it was on',
      { field: 'ingredient_id', old: 10, new: 11, recipe_id: 1, line_id: 100, ingredient_id: 11 },
      [['changed', 'Line: Butter', 'Ingredient', 'Butter', 'Margarine']],
    ],
    [
      'a line added',
      {
        field: 'line',
        old: null,
        new: { ingredient_id: 12, unit: '1 cup', quantity: 0.5, waste: 5 },
        recipe_id: 1,
        line_id: 200,
        ingredient_id: 12,
      },
      [['added', 'Line', '', '—', 'Sugar: 0.5 × 1 cup, 5% waste']],
    ],
    [
      "a sub-recipe's line removed",
      {
        field: 'line',
        old: { ingredient_id: 12, unit: '1 cup', quantity: 1, waste: 0 },
        new: null,
        recipe_id: 2,
        line_id: 200,
        ingredient_id: 12,
      },
      [['removed', 'Sub-recipe Icing: line', '', 'Sugar: 1 × 1 cup', '—']],
    ],
    [
      'a nutrient per 100 g, and unknown',
      { field: 'vitamin_d_mcg', old: null, new: 0.6, ingredient_id: 10, basis: 'per 100 g' },
      [['changed', 'Ingredient: Butter', 'Vitamin D per 100 g', 'unknown', '0.6 mcg']],
    ],
    ['a price', { field: 'price', old: 2, new: 2.5, ingredient_id: 10, cost_id: 7 }, [['changed', 'Price of Butter', 'Price', '2', '2.5']]],
    [
      'a price added',
      {
        field: 'cost',
        old: null,
        new: { effective_at: '2026-01-01', quantity: 1, unit: '1 cup', price: 2, shipping: 0.5 },
        ingredient_id: 10,
        cost_id: 7,
      },
      [['added', 'Price of Butter', '', '—', '2 for 1 × 1 cup (+0.5 shipping) from 2026-01-01']],
    ],
    [
      'label settings, one line per setting that changed',
      {
        field: 'label_settings',
        old: { language: 'en-US', accept_missing: [] },
        new: { language: 'en-US', accept_missing: ['vitamin_d'], format: 'fda_tabular' },
      },
      [
        ['changed', 'Recipe', 'Label setting accept_missing', 'none', 'vitamin_d'],
        ['changed', 'Recipe', 'Label setting format', '—', 'fda_tabular'],
      ],
    ],
  ] as const)('%s', (_name, change, lines) => {
    const described = describeChange(change as never, names, 1).map((l) => [l.kind, l.subject, l.field, l.from, l.to]);
    expect(described).toEqual(lines);
  });

  it('names by id what it no longer knows', () => {
    const [line] = describeChange({ field: 'quantity', old: 1, new: 2, recipe_id: 1, line_id: 999, ingredient_id: 77 }, names, 1);
    expect(line?.subject).toBe('Line: ingredient 77');
  });
});

describe('two statements compared word by word', () => {
  it('marks what was removed and added, and keeps the rest', () => {
    const runs = wordDiff('Ingredients: Flour, Butter, Sugar', 'Ingredients: Flour, Margarine, Sugar');
    expect(runs.filter((r) => r.kind === 'removed').map((r) => r.text.trim())).toEqual(['Butter']);
    expect(runs.filter((r) => r.kind === 'added').map((r) => r.text.trim())).toEqual(['Margarine']);
    expect(
      runs
        .filter((r) => r.kind !== 'added')
        .map((r) => r.text)
        .join(''),
    ).toBe('Ingredients: Flour, Butter, Sugar');
    expect(
      runs
        .filter((r) => r.kind !== 'removed')
        .map((r) => r.text)
        .join(''),
    ).toBe('Ingredients: Flour, Margarine, Sugar');
  });

  it('compares claims (lists) and a statement that appears or goes', () => {
    expect(wordDiff(null, 'Contains: milk')).toEqual([{ text: 'Contains: milk', kind: 'added' }]);
    expect(wordDiff(['Low Sodium'], []).map((r) => r.kind)).toEqual(['removed']);
  });

  it('past its bound shows both texts whole instead of working them out', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(' ');
    const b = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(' ');
    expect(wordDiff(a, b)).toEqual([
      { text: a, kind: 'removed' },
      { text: b, kind: 'added' },
    ]);
  });
});

describe('where the sign-in form sends a person afterwards', () => {
  it.each([
    ['/studio/recipes/12', '/studio/recipes/12'],
    ['/studio/recipes?q=oat%20bar&page=2', '/studio/recipes?q=oat%20bar&page=2'],
    ['/studio', '/studio'],
    ['', '/studio/recipes'],
    ['/account', '/studio/recipes'],
    ['https://evil.example/studio', '/studio/recipes'],
    ['//evil.example/studio', '/studio/recipes'],
    ['/studio//evil.example', '/studio/recipes'],
    ['/studio/../v1/recipes', '/studio/recipes'],
    ['/studio/./recipes', '/studio/recipes'],
    ['/studio/%2e%2e/v1', '/studio/recipes'],
    ['/studio/%2F%2Fevil.example', '/studio/recipes'],
    ['/studio\\evil', '/studio/recipes'],
    ['/studio/recipes\n', '/studio/recipes'],
    [`/studio/${'a'.repeat(600)}`, '/studio/recipes'],
  ])('%j -> %s', (next, where) => expect(safeNext(next)).toBe(where));
});
