// The statement of ingredients of an Australian / New Zealand label with PEAL's required names in bold
// (FSANZ Standard 1.2.3—4; docs/labeling.md#anz-allergens): the label data built from the statement's items
// (ingredient_statement_runs beside the "Contains" summary), what keeps such a label from print, and the
// SVG drawing the emphasised runs of both statements in bold.
import { describe, expect, it } from 'vitest';
import type { StatementItem, TextRun } from '../../../src/core/allergens/peal.js';
import { buildLabel } from '../../../src/core/label/build-label.js';
import type { LabelInput } from '../../../src/core/label/shared/label-input.js';
import { renderLabelSvg } from '../../../src/render/svg/index.js';
import { ANZ_SAMPLE_INPUT } from '../../support/anz-mx-sample.js';
import { elements, parseXml, textOf } from '../render/svg-tree.js';

/** Runs as text with the bold parts in **...**, for readable expectations. */
const marked = (runs: readonly TextRun[]): string => runs.map((r) => (r.emphasis ? `**${r.text}**` : r.text)).join('');

const ITEMS: StatementItem[] = [
  { text: 'Wheat flour', allergens: { wheat: true } },
  { text: 'Butter', allergens: { milk: true } },
  { text: 'Roasted almonds', allergens: { tree_nut: 'almond' } },
  // A subrecipe: its name, then its own statement; milk and soy are marked at the parts that carry them.
  {
    text: 'Caramel',
    allergens: { milk: true, soy: true },
    parts: [
      { text: 'sugar', allergens: {} },
      { text: 'cream', allergens: { milk: true } },
      { text: 'soy lecithin', allergens: { soy: true } },
    ],
  },
  { text: 'Salt', allergens: {} },
];

const input = (over: Partial<LabelInput> = {}): LabelInput => ({
  ...ANZ_SAMPLE_INPUT,
  allergens: { wheat: true, milk: true, tree_nut: 'almond', soy: true },
  ingredient_statement: {},
  statement_items: () => ITEMS,
  ...over,
});

describe('FSANZ 1.2.3—4: the ANZ statement of ingredients with the required names in bold', () => {
  it.each(['en-AU', 'en-NZ'] as const)('%s: wheat flour, milk added in brackets, a tree nut by name, a subrecipe', (language) => {
    const label = buildLabel(input(), { language, format: 'anz_nip' });
    expect(marked(label.ingredient_statement_runs!)).toBe(
      '**Wheat** flour, Butter (**milk**), Roasted **almonds**, Caramel (sugar, cream (**milk**), **soy** lecithin), Salt',
    );
    // The printed text is the heading and the runs joined, word for word.
    expect(label.ingredient_statement).toBe(
      'Ingredients: Wheat flour, Butter (milk), Roasted almonds, Caramel (sugar, cream (milk), soy lecithin), Salt',
    );
    expect(label.ingredient_statement).toBe(`Ingredients: ${label.ingredient_statement_runs!.map((r) => r.text).join('')}`);
    expect(label.allergen_statement).toBe('Contains: wheat, gluten, almond, soy, milk');
    // Nothing else is missing: the bold list makes the label complete.
    expect(label.warnings).toEqual([]);
    expect(label.complete).toBe(true);
  });

  it('a tree nut not named prints "tree nuts" in bold and keeps the label from print, saying why', () => {
    const label = buildLabel(
      input({ allergens: { tree_nut: true }, statement_items: () => [{ text: 'Mixed nuts', allergens: { tree_nut: true } }] }),
      { language: 'en-AU', format: 'anz_nip' },
    );
    expect(marked(label.ingredient_statement_runs!)).toBe('Mixed nuts (**tree nuts**)');
    expect(label.complete).toBe(false);
    expect(label.warnings).toEqual([
      expect.objectContaining({ code: 'format_not_allowed', message: expect.stringContaining('requires the specific nut') }),
    ]);
  });

  it('an allergen set on the recipe that no ingredient carries has no place in the list: said, not for print', () => {
    const label = buildLabel(input({ allergens: { wheat: true, milk: true, tree_nut: 'almond', soy: true, sesame: true } }), {
      language: 'en-AU',
      format: 'anz_nip',
    });
    expect(label.allergen_statement).toBe('Contains: wheat, gluten, almond, soy, milk, sesame');
    expect(label.complete).toBe(false);
    const warnings = label.warnings.filter((w) => w.code === 'format_not_allowed');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain('sesame');
  });

  it('a custom list that starts with its heading keeps it once', () => {
    const label = buildLabel(
      input({
        allergens: { wheat: true, milk: true },
        statement_items: () => [{ text: 'Ingredients: flour, butter', allergens: { wheat: true, milk: true } }],
      }),
      { language: 'en-AU', format: 'anz_nip' },
    );
    expect(label.ingredient_statement).toBe('Ingredients: flour, butter (wheat, milk)');
    expect(marked(label.ingredient_statement_runs!)).toBe('flour, butter (**wheat**, **milk**)');
  });

  it('a recipe without allergens: runs with nothing in bold, no summary, complete', () => {
    const label = buildLabel(input({ allergens: {}, statement_items: () => [{ text: 'Rolled oats', allergens: {} }] }), {
      language: 'en-AU',
      format: 'anz_nip',
    });
    expect(label.ingredient_statement_runs).toEqual([{ text: 'Rolled oats', emphasis: false }]);
    expect(label.allergen_statement).toBeNull();
    expect(label.allergen_statement_runs).toBeUndefined();
    expect(label.complete).toBe(true);
  });

  it('no statement (no food line): no runs and no statement text', () => {
    const label = buildLabel(input({ allergens: {}, statement_items: () => null }), { language: 'en-AU', format: 'anz_nip' });
    expect(label.ingredient_statement).toBeNull();
    expect(label.ingredient_statement_runs).toBeUndefined();
  });
});

describe('the NIP file draws the emphasised runs of both statements in bold', () => {
  const statementTexts = () => {
    const svg = parseXml(renderLabelSvg(buildLabel(input(), { language: 'en-AU', format: 'anz_nip' }), { embedFont: false }));
    const group = elements(svg, 'g').find((g) => g.attrs.class === 'statements');
    if (!group) throw new Error('no statements group');
    return elements(group, 'text').map((t) => ({ text: textOf(t), bold: t.attrs['font-weight'] === 'bold' }));
  };

  it('the list: the heading and the required names bold, the other words regular', () => {
    const texts = statementTexts();
    const list = texts.slice(
      0,
      texts.findIndex((t) => t.text.startsWith('Contains:')),
    );
    // Neighbouring words in one face are drawn as one text: the heading runs into "Wheat".
    expect(list.filter((t) => t.bold).map((t) => t.text)).toEqual(['Ingredients: Wheat', 'milk', 'almonds', 'milk', 'soy']);
    const regular = list
      .filter((t) => !t.bold)
      .map((t) => t.text)
      .join(' ');
    for (const word of ['flour', 'Butter', 'Roasted', 'Caramel', 'sugar', 'cream', 'lecithin', 'Salt']) expect(regular).toContain(word);
  });

  it('the "Contains" summary: the names bold, "Contains:" and the commas regular', () => {
    const texts = statementTexts();
    const contains = texts.findIndex((t) => t.text.startsWith('Contains:'));
    expect(contains).toBeGreaterThan(0);
    expect(texts[contains]!.bold).toBe(false);
    const summary = texts.slice(contains + 1);
    expect(summary.filter((t) => t.bold).map((t) => t.text.replace(/,$/u, ''))).toEqual(['wheat', 'gluten', 'almond', 'soy', 'milk']);
  });
});
