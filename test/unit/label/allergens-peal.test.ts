// Plain English Allergen Labelling, FSANZ Standard 1.2.3 (table to 1.2.3—4): required names in bold in the
// statement of ingredients and the "Contains" summary statement.
import { describe, expect, it } from 'vitest';
import { pealIngredientRuns, pealNamesNotInList, pealSummary, type StatementItem, type TextRun } from '../../../src/core/allergens/peal.js';

/** Runs as text with the bold parts in **...**, for readable expectations. */
const marked = (runs: readonly TextRun[]): string => runs.map((r) => (r.emphasis ? `**${r.text}**` : r.text)).join('');

describe('1.2.3—4 summary statement: the required names', () => {
  it.each([
    [{ wheat: true }, 'Contains: wheat, gluten'],
    [{ wheat: 'spelt' }, 'Contains: wheat, gluten'],
    [{ triticale: true }, 'Contains: wheat, gluten'],
    [{ gluten: 'barley' }, 'Contains: gluten'],
    [{ gluten: 'oats, rye' }, 'Contains: gluten'],
    [{ gluten: 'wheat' }, 'Contains: wheat, gluten'],
    [{ tree_nut: 'almond, pine nut, brazil nut' }, 'Contains: almond, Brazil nut, pine nut'],
    [{ tree_nut: 'black walnut, pecan' }, 'Contains: pecan, walnut'],
    [{ tree_nut: 'coconut' }, null],
    [{ soy: true }, 'Contains: soy'],
    [{ milk: 'goat' }, 'Contains: milk'],
    [{ egg: true }, 'Contains: egg'],
    [{ fish: 'salmon' }, 'Contains: fish'],
    [{ crustacean_shellfish: 'prawn' }, 'Contains: crustacean'],
    [{ mollusc: 'squid' }, 'Contains: mollusc'],
    [{ molluscs: true }, 'Contains: mollusc'],
    [{ peanut: true }, 'Contains: peanut'],
    [{ sesame: true }, 'Contains: sesame'],
    [{ lupin: true }, 'Contains: lupin'],
    [{ sulphites: true }, 'Contains: sulphites'],
    [{ celery: true, mustard: true }, null],
    [{ milk: true, wheat: true, soy: true, sesame: false }, 'Contains: wheat, gluten, soy, milk'],
  ])('%j -> %s', (allergens, text) => {
    expect(pealSummary(allergens as Record<string, true | string>).text).toBe(text);
  });

  it('the required names are bold, "Contains: " and the commas are not', () => {
    expect(marked(pealSummary({ wheat: true, milk: true }).runs)).toBe('Contains: **wheat**, **gluten**, **milk**');
  });

  it('named setting peal_summary_cereal_names adds barley, oats or rye beside "gluten"', () => {
    expect(pealSummary({ gluten: 'barley' }, { peal_summary_cereal_names: true }).text).toBe('Contains: barley, gluten');
  });

  it('a tree nut or gluten cereal we cannot name is said, never dropped', () => {
    const nuts = pealSummary({ tree_nut: true });
    expect(nuts.text).toBe('Contains: tree nuts');
    expect(nuts.problems).toEqual([expect.objectContaining({ key: 'tree_nut' })]);
    expect(pealSummary({ gluten: true }).problems).toEqual([expect.objectContaining({ key: 'gluten' })]);
  });
});

describe('1.2.3—4 statement of ingredients: required names in bold, added where the ingredient does not say them', () => {
  it.each([
    [[{ text: 'wheat flour', allergens: { wheat: true } }], '**wheat** flour'],
    [[{ text: 'flour', allergens: { wheat: true } }], 'flour (**wheat**)'],
    [[{ text: 'buckwheat', allergens: {} }], 'buckwheat'],
    [[{ text: 'eggs', allergens: { egg: true } }], '**eggs**'],
    [[{ text: 'butter', allergens: { milk: true } }], 'butter (**milk**)'],
    [[{ text: 'soya lecithin', allergens: { soy: true } }], '**soya** lecithin'],
    [[{ text: 'emulsifier (322)', allergens: { soy: true } }], 'emulsifier (322) (**soy**)'],
    [[{ text: 'roasted Almonds', allergens: { tree_nut: 'almond' } }], 'roasted **Almonds**'],
    [[{ text: 'prawns', allergens: { crustacean_shellfish: 'prawn' } }], 'prawns (**crustacean**)'],
    [[{ text: 'malt extract', allergens: { gluten: 'barley' } }], 'malt extract (**barley**)'],
    [[{ text: 'preservative (220)', allergens: { sulphites: true } }], 'preservative (220) (**sulphites**)'],
    [[{ text: 'coconut milk', allergens: {} }], 'coconut milk'],
  ])('%j -> %s', (items, text) => {
    expect(marked(pealIngredientRuns(items as never))).toBe(text);
  });

  it('a whole statement, items in order, a compound ingredient with its parts', () => {
    const runs = pealIngredientRuns([
      { text: 'flour', allergens: { wheat: true } },
      { text: 'sugar', allergens: {} },
      {
        text: 'chocolate chips',
        allergens: { milk: true, soy: true },
        parts: [
          { text: 'sugar', allergens: {} },
          { text: 'milk solids', allergens: { milk: true } },
          { text: 'emulsifier (soy lecithin)', allergens: { soy: true } },
        ],
      },
      { text: 'butter', allergens: { milk: true } },
    ]);
    expect(marked(runs)).toBe(
      'flour (**wheat**), sugar, chocolate chips (sugar, **milk** solids, emulsifier (**soy** lecithin)), butter (**milk**)',
    );
    // Adjacent runs of the same emphasis are merged.
    expect(runs.every((r, i) => i === 0 || runs[i - 1]!.emphasis !== r.emphasis)).toBe(true);
  });
});

describe('1.2.3—4: a required name the list has no ingredient for', () => {
  const items: StatementItem[] = [
    { text: 'flour', allergens: { wheat: true } },
    { text: 'caramel', allergens: {}, parts: [{ text: 'cream', allergens: { milk: 'cow' } }] },
  ];
  it.each([
    [{ wheat: true, milk: true }, []],
    [{ wheat: 'spelt', milk: true }, []],
    [{ wheat: true, milk: true, sesame: true }, ['sesame']],
    [{ tree_nut: 'almond', mustard: true }, ['almond']],
    [{ tree_nut: 'coconut' }, []],
  ])('recipe %j -> %j', (allergens, names) => {
    expect(pealNamesNotInList(allergens as never, items)).toEqual(names);
  });
});
