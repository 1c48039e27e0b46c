// Regulation (EU) 1169/2011 Art. 21(1)(b) and Annex II: the 14 allergens emphasised inside the list of
// ingredients, named in the label's language; no separate "Contains" line.
import { describe, expect, it } from 'vitest';
import { annexIiEntries, annexIiResolver, EU_SPELLING, type EuBase } from '../../../../src/core/allergens/annex-ii.js';
import { emphasisedRuns, runsText, type StatementItem, type TextRun } from '../../../../src/core/allergens/emphasis.js';
import { buildLabel } from '../../../../src/core/label/build-label.js';
import type { LabelInput } from '../../../../src/core/label/shared/label-input.js';

/** Runs as text with the emphasised parts in **...**, for readable expectations. */
const marked = (runs: readonly TextRun[]): string => runs.map((r) => (r.emphasis ? `**${r.text}**` : r.text)).join('');
const eu = (base: EuBase, items: StatementItem[]) => marked(emphasisedRuns(items, annexIiResolver(base), EU_SPELLING[base]));

describe('Annex II: our allergen keys to the 14 (points 1-14)', () => {
  it.each([
    [{ wheat: true }, ['wheat']],
    [{ wheat: 'spelt' }, ['spelt']], // point 1: "wheat (such as spelt and khorasan wheat)"
    [{ wheat: 'kamut' }, ['khorasan']],
    [{ wheat: 'durum' }, ['wheat']],
    [{ triticale: true }, ['triticale']], // point 1: "their hybridised strains"
    [{ gluten: 'barley, oats, rye' }, ['barley', 'oats', 'rye']],
    [{ gluten: 'wheat', wheat: true }, ['wheat']],
    [{ crustacean_shellfish: 'shrimp' }, ['crustaceans']], // point 2
    [{ egg: true }, ['eggs']], // point 3
    [{ fish: 'salmon' }, ['fish']], // point 4
    [{ peanut: true }, ['peanuts']], // point 5
    [{ soy: true }, ['soya']], // point 6
    [{ milk: 'goat' }, ['milk']], // point 7
    [
      { tree_nut: 'almond, hazelnut, black walnut, cashew, pecan, brazil nut, pistachio, macadamia' }, // point 8
      ['almonds', 'hazelnuts', 'walnuts', 'cashews', 'pecans', 'brazil_nuts', 'pistachios', 'macadamia'],
    ],
    [{ tree_nut: 'pine nut, coconut, chestnut' }, []], // not Annex II nuts
    [{ celery: true }, ['celery']], // point 9
    [{ mustard: true }, ['mustard']], // point 10
    [{ sesame: true }, ['sesame']], // point 11
    [{ sulphites: true }, ['sulphites']], // point 12
    [{ lupin: true }, ['lupin']], // point 13
    [{ mollusc: 'squid' }, ['molluscs']], // point 14
  ])('%j -> %j', (allergens, entries) => {
    const found = annexIiEntries(allergens as Record<string, true | string>);
    expect(found.entries).toEqual(entries);
    expect(found.gaps).toEqual([]);
  });

  it('a gluten cereal or a nut we cannot name stands as "gluten" / "nuts" and is a gap (points 1 and 8 name them)', () => {
    expect(annexIiEntries({ gluten: true })).toEqual({ entries: ['gluten'], gaps: [{ key: 'gluten' }] });
    expect(annexIiEntries({ tree_nut: true })).toEqual({ entries: ['nuts'], gaps: [{ key: 'tree_nut' }] });
  });
});

describe('Art. 21(1)(b): emphasised where the list says the name, added in brackets where it does not', () => {
  it.each<[EuBase, StatementItem[], string]>([
    ['en', [{ text: 'Flour', allergens: { wheat: true } }], 'Flour (**wheat**)'],
    ['en', [{ text: 'Wheat flour', allergens: { wheat: true } }], '**Wheat** flour'],
    ['en', [{ text: 'Buckwheat', allergens: {} }], 'Buckwheat'],
    ['en', [{ text: 'Free range eggs', allergens: { egg: true } }], 'Free range **eggs**'],
    ['en', [{ text: 'Soya lecithin', allergens: { soy: true } }], '**Soya** lecithin'],
    ['en', [{ text: 'Roasted almonds', allergens: { tree_nut: 'almond' } }], 'Roasted **almonds**'],
    ['en', [{ text: 'Pine nuts', allergens: { tree_nut: 'pine nut' } }], 'Pine nuts'],
    ['en', [{ text: 'Malt extract', allergens: { gluten: 'barley' } }], 'Malt extract (**barley**)'],
    [
      'en',
      [{ text: 'Preservative (sodium metabisulphite)', allergens: { sulphites: true } }],
      'Preservative (sodium metabisulphite) (**sulphites**)',
    ],
    ['de', [{ text: 'Weizenmehl', allergens: { wheat: true } }], '**Weizen**mehl'],
    ['de', [{ text: 'Vollmilchpulver', allergens: { milk: true } }], 'Voll**milch**pulver'],
    ['de', [{ text: 'Butter', allergens: { milk: true } }], 'Butter (**Milch**)'],
    ['de', [{ text: 'Eier', allergens: { egg: true } }], '**Eier**'],
    // A short word is never found inside another ("Ei" in "Weizen"): added instead.
    ['de', [{ text: 'Weizenkleie', allergens: { egg: true } }], 'Weizenkleie (**Ei**)'],
    ['de', [{ text: 'Haselnüsse', allergens: { tree_nut: 'hazelnut' } }], '**Haselnüsse**'],
    ['de', [{ text: 'Dijonsenf', allergens: { mustard: true } }], 'Dijon**senf**'],
    ['fr', [{ text: 'Farine de blé', allergens: { wheat: true } }], 'Farine de **blé**'],
    ['fr', [{ text: 'Beurre', allergens: { milk: true } }], 'Beurre (**lait**)'],
    ['fr', [{ text: 'Œufs frais', allergens: { egg: true } }], '**Œufs** frais'],
    ['es', [{ text: 'Harina de trigo', allergens: { wheat: true } }], 'Harina de **trigo**'],
    ['es', [{ text: 'Huevos', allergens: { egg: true } }], '**Huevos**'],
    ['it', [{ text: 'Farina di grano tenero', allergens: { wheat: true } }], 'Farina di **grano** tenero'],
    ['it', [{ text: 'Burro', allergens: { milk: true } }], 'Burro (**latte**)'],
    ['nl', [{ text: 'Tarwebloem', allergens: { wheat: true } }], '**Tarwe**bloem'],
    ['nl', [{ text: 'Volle melk', allergens: { milk: true } }], 'Volle **melk**'],
  ])('%s %j -> %s', (base, items, text) => {
    expect(eu(base, items)).toBe(text);
  });

  it('a compound ingredient: each allergen emphasised at the part it comes from, not repeated on the whole', () => {
    const items: StatementItem[] = [
      { text: 'Weizenmehl', allergens: { wheat: true } },
      {
        text: 'Schokolade',
        allergens: { milk: true, soy: true },
        parts: [
          { text: 'Zucker', allergens: {} },
          { text: 'Magermilchpulver', allergens: { milk: true } },
          { text: 'Emulgator (Sojalecithin)', allergens: { soy: true } },
        ],
      },
      { text: 'Butter', allergens: { milk: true } },
    ];
    const runs = emphasisedRuns(items, annexIiResolver('de'), EU_SPELLING.de);
    expect(marked(runs)).toBe(
      '**Weizen**mehl, Schokolade (Zucker, Mager**milch**pulver, Emulgator (**Soja**lecithin)), Butter (**Milch**)',
    );
    expect(runsText(runs)).toBe('Weizenmehl, Schokolade (Zucker, Magermilchpulver, Emulgator (Sojalecithin)), Butter (Milch)');
  });
});

describe('EU label data: ingredient_statement_runs, no "Contains" line, no longer held back for allergens', () => {
  const input = (over: Partial<LabelInput> = {}): LabelInput => ({
    recipe_id: 1,
    nutrition: { fat: 6, fat_saturated: 3.72, carbohydrate: 16.8, sugar: 9, protein: 1.8, sodium: 72, fiber: 0 },
    serving_grams: 30,
    servings_per_container: 10,
    allergens: { milk: true, wheat: true },
    ingredient_statement: {},
    statement_items: (language): StatementItem[] =>
      language === 'de-DE'
        ? [
            { text: 'Weizenmehl', allergens: { wheat: true } },
            { text: 'Butter', allergens: { milk: true } },
          ]
        : [
            { text: 'Flour', allergens: { wheat: true } },
            { text: 'Butter', allergens: { milk: true } },
          ],
    settings: {},
    empty_recipe: false,
    ...over,
  });

  it.each([
    ['en-GB', 'Ingredients: Flour (wheat), Butter (milk)', 'Flour (**wheat**), Butter (**milk**)'],
    ['de-DE', 'Zutaten: Weizenmehl, Butter (Milch)', '**Weizen**mehl, Butter (**Milch**)'],
  ] as const)('%s', (language, text, runs) => {
    const label = buildLabel(input(), { language, format: 'eu_table' });
    expect(label.ingredient_statement).toBe(text);
    expect(marked(label.ingredient_statement_runs!)).toBe(runs);
    expect(label.allergen_statement).toBeNull();
    expect(label.warnings.filter((w) => w.code === 'format_not_allowed')).toEqual([]);
    expect(label.complete).toBe(true);
  });

  it('a cereal not named (gluten: true) keeps the label from print, naming the ingredient and the point', () => {
    const label = buildLabel(
      input({ allergens: { gluten: true }, statement_items: () => [{ text: 'Malt', allergens: { gluten: true } }] }),
      { language: 'en-GB', format: 'eu_table' },
    );
    expect(label.complete).toBe(false);
    const warning = label.warnings.find((w) => w.code === 'format_not_allowed')!;
    expect(warning.message).toContain('"Malt"');
    expect(warning.message).toContain('Annex II point 1');
  });

  it('an allergen set on the recipe that no ingredient carries is said, not printed silently', () => {
    const label = buildLabel(input({ allergens: { milk: true, wheat: true, sesame: true } }), { language: 'en-GB', format: 'eu_table' });
    expect(label.complete).toBe(false);
    expect(label.warnings.find((w) => w.code === 'format_not_allowed')!.message).toContain('sesame');
  });

  it('a custom list that starts with its heading keeps it once', () => {
    const label = buildLabel(
      input({ statement_items: () => [{ text: 'Zutaten: Weizenmehl, Butter', allergens: { wheat: true, milk: true } }] }),
      { language: 'de-DE', format: 'eu_linear' },
    );
    // The custom list as written; milk, which it does not say, added in brackets at its end.
    expect(label.ingredient_statement).toBe('Zutaten: Weizenmehl, Butter (Milch)');
    expect(marked(label.ingredient_statement_runs!)).toBe('**Weizen**mehl, Butter (**Milch**)');
  });
});
