import { describe, expect, it } from 'vitest';
import type { LabelModel } from '../../../src/core/label/shared/model.js';
import { textWidth, type FontFace } from '../../../src/render/fonts.js';
import { renderLabelSvg } from '../../../src/render/svg/index.js';
import {
  ALL_FIXTURES,
  CA_BILINGUAL,
  CA_STANDARD_EN,
  CA_STANDARD_FR,
  FDA_DUAL,
  FDA_LINEAR,
  FDA_SAMPLE,
  FDA_SIMPLIFIED,
  FDA_TABULAR,
} from './fixtures.js';
import { elements, parseXml, rowKeys, rowTexts, textOf, type XmlElement } from './svg-tree.js';

function svgOf(model: LabelModel, embedFont = false): XmlElement {
  const root = parseXml(renderLabelSvg(model, { embedFont }));
  const svg = elements(root, 'svg')[0];
  if (!svg) throw new Error('no <svg>');
  return svg;
}

function texts(svg: XmlElement): XmlElement[] {
  return elements(svg, 'text');
}

function findText(svg: XmlElement, content: string): XmlElement {
  const t = texts(svg).find((e) => textOf(e) === content);
  if (!t) throw new Error(`no text ${JSON.stringify(content)} in ${texts(svg).map(textOf).join(' | ')}`);
  return t;
}

function faceOf(t: XmlElement): FontFace {
  if (t.attrs['font-weight'] === 'bold' || t.attrs['font-weight'] === '900') return 'bold';
  return t.attrs['font-style'] === 'italic' ? 'italic' : 'regular';
}

function isBold(t: XmlElement): boolean {
  return t.attrs['font-weight'] === 'bold';
}

describe('renderLabelSvg: every format', () => {
  it.each(Object.entries(ALL_FIXTURES))('%s: well-formed, sized, rows in model order', (_format, model) => {
    const svg = svgOf(model);
    const width = Number(svg.attrs.width);
    const height = Number(svg.attrs.height);
    expect(width).toBeGreaterThan(100);
    expect(height).toBeGreaterThan(50);
    expect(svg.attrs.viewBox).toBe(`0 0 ${svg.attrs.width} ${svg.attrs.height}`);
    expect(svg.attrs['font-family']).toBe('Arimo');
    expect(rowKeys(svg)).toEqual(model.nutrients.map((r) => r.key));
  });

  it.each(Object.entries(ALL_FIXTURES))('%s: no text runs past the right edge', (_format, model) => {
    const svg = svgOf(model);
    const width = Number(svg.attrs.width);
    for (const t of texts(svg)) {
      const size = Number(t.attrs['font-size']);
      const x = Number(t.attrs.x);
      const w = textWidth(textOf(t), faceOf(t), size);
      const anchor = t.attrs['text-anchor'] ?? 'start';
      const right = anchor === 'end' ? x : anchor === 'middle' ? x + w / 2 : x + w;
      const left = anchor === 'end' ? x - w : anchor === 'middle' ? x - w / 2 : x;
      expect(right, textOf(t)).toBeLessThanOrEqual(width + 0.01);
      expect(left, textOf(t)).toBeGreaterThanOrEqual(0);
    }
  });

  it.each(Object.entries(ALL_FIXTURES))('%s: every row prints its amount and %%DV', (_format, model) => {
    const svg = svgOf(model);
    const all = texts(svg).map(textOf).join(' ');
    for (const row of model.nutrients) {
      if (row.display) expect(all, row.key).toContain(row.display);
      if (row.percent_dv_display) expect(all, row.key).toContain(row.percent_dv_display);
    }
  });
});

describe('FDA vertical (21 CFR 101.9(d), sample label (d)(12))', () => {
  const svg = svgOf(FDA_SAMPLE);

  it('bolds exactly the headings and the non-indented names (101.9(d)(1)(iv))', () => {
    for (const heading of ['Nutrition Facts', 'Serving size', '2/3 cup (55g)', 'Amount per serving', 'Calories', '230', '% Daily Value*']) {
      expect(isBold(findText(svg, heading)), heading).toBe(true);
    }
    expect(isBold(findText(svg, '8 servings per container'))).toBe(false);
    const boldNames = FDA_SAMPLE.nutrients
      .filter((r) => r.key !== 'calories')
      .filter((r) => rowTexts(svg, r.key).some((t) => isBold(t) && textOf(t) === r.name))
      .map((r) => r.name);
    expect(boldNames).toEqual(['Total Fat', 'Cholesterol', 'Sodium', 'Total Carbohydrate', 'Protein']);
  });

  it.each([
    ['fat', '8g', false],
    ['fat_saturated', '1g', false],
    ['sodium', '160mg', false],
    ['vitamin_d', '2mcg', false],
  ] as const)('%s amount %s is regular weight', (key, display, bold) => {
    const t = rowTexts(svg, key).find((e) => textOf(e) === display)!;
    expect(isBold(t)).toBe(bold);
  });

  it.each([
    ['fat', '10%', true],
    ['fat_saturated', '5%', true],
    ['fiber', '14%', true],
    ['added_sugar', '20%', true],
    ['vitamin_d', '10%', false],
    ['calcium', '20%', false],
    ['iron', '45%', false],
    ['potassium', '6%', false],
  ] as const)('%%DV of %s (%s) bold=%s: DRV nutrients only', (key, pct, bold) => {
    const t = rowTexts(svg, key).find((e) => textOf(e) === pct)!;
    expect(isBold(t)).toBe(bold);
    expect(t.attrs['text-anchor']).toBe('end');
  });

  it('right-aligns every %DV on one edge', () => {
    const xs = FDA_SAMPLE.nutrients
      .filter((r) => r.percent_dv_display)
      .map((r) => rowTexts(svg, r.key).find((t) => textOf(t) === r.percent_dv_display)!.attrs.x);
    expect(new Set(xs).size).toBe(1);
    expect(findText(svg, '% Daily Value*').attrs.x).toBe(xs[0]);
  });

  it('sets "Trans" in italic and the rest of the name upright', () => {
    const row = rowTexts(svg, 'fat_trans');
    expect(row.find((t) => textOf(t) === 'Trans')!.attrs['font-style']).toBe('italic');
    expect(row.find((t) => textOf(t) === 'Fat')!.attrs['font-style']).toBeUndefined();
  });

  it('prints "Includes 10g Added Sugars" with no separate amount', () => {
    expect(rowTexts(svg, 'added_sugar').map(textOf)).toEqual(['Includes 10g Added Sugars', '20%']);
  });

  it.each([
    ['fat', 0],
    ['fat_saturated', 1],
    ['fat_trans', 1],
    ['fiber', 1],
    ['sugar', 1],
    ['added_sugar', 2],
    ['protein', 0],
  ] as const)('indents %s to level %i', (key, level) => {
    const x = (k: string): number => Number(rowTexts(svg, k)[0]!.attrs.x);
    expect(x(key) - x('fat')).toBeCloseTo(level * 9, 5);
  });

  it('draws the 7 pt bars, the 3 pt bar under Calories and 1/4 pt hairlines', () => {
    const heights = elements(svg, 'rect').map((r) => Number(r.attrs.height));
    expect(heights.filter((h) => h === 7)).toHaveLength(2); // under the serving size, before vitamin D
    expect(heights.filter((h) => h === 3)).toHaveLength(1); // under Calories
    expect(heights.filter((h) => h === 0.25).length).toBeGreaterThanOrEqual(FDA_SAMPLE.nutrients.length - 3);
  });

  it('places the rows top to bottom in order', () => {
    const ys = FDA_SAMPLE.nutrients.map((r) => Number(rowTexts(svg, r.key).at(-1)!.attrs.y));
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
  });

  it('prints the footnote, ingredients and allergens under the table, wrapped', () => {
    const all = texts(svg).map(textOf).join(' ');
    expect(all).toContain('*The % Daily Value (DV)');
    expect(all).toContain('Ingredients:');
    expect(all).toContain('Milk, Wheat');
    const statementLines = elements(svg, 'g')
      .filter((g) => g.attrs.class === 'statements')
      .flatMap((g) => elements(g, 'text'));
    expect(new Set(statementLines.map((t) => t.attrs.y)).size).toBeGreaterThan(2);
  });
});

describe('other FDA formats', () => {
  it('simplified: fewer rows plus the "Not a significant source" statement', () => {
    const svg = svgOf(FDA_SIMPLIFIED);
    expect(rowKeys(svg)).toEqual(['calories', 'fat', 'sodium', 'carbohydrate', 'sugar', 'added_sugar', 'protein']);
    expect(texts(svg).map(textOf).join(' ')).toContain('Not a significant source of saturated fat');
  });

  it('dual container: both column titles and both amounts per row', () => {
    const svg = svgOf(FDA_DUAL);
    expect(isBold(findText(svg, 'Per serving'))).toBe(true);
    expect(isBold(findText(svg, 'Per container'))).toBe(true);
    expect(rowTexts(svg, 'calories').map(textOf)).toEqual(['Calories', '230', '460']);
    expect(rowTexts(svg, 'fat').map(textOf)).toEqual(['Total Fat', '8g', '10%', '16g', '20%']);
  });

  it('tabular: serving block at the left, nutrients in two columns', () => {
    const svg = svgOf(FDA_TABULAR);
    const x = (k: string): number => Number(rowTexts(svg, k)[0]!.attrs.x);
    expect(x('carbohydrate')).toBeGreaterThan(x('fat') + 100);
    expect(x('fat')).toBeGreaterThan(Number(findText(svg, 'Nutrition').attrs.x) + 80);
    expect(Number(rowTexts(svg, 'carbohydrate')[0]!.attrs.y)).toBe(Number(rowTexts(svg, 'fat')[0]!.attrs.y));
  });

  it('linear: one run of text with "(10% DV)" and "Incl." added sugars', () => {
    const svg = svgOf(FDA_LINEAR);
    const all = texts(svg).map(textOf).join(' ');
    expect(all).toContain('8g (10% DV)');
    expect(all).toContain('(Incl. 10g Added Sugars, 20% DV)');
    expect(isBold(findText(svg, 'Nutrition Facts'))).toBe(true);
  });
});

describe('Canadian tables (Directory of NFt formats, docs/labeling.md#canada-layout)', () => {
  it('English: title, serving, Calories line with the %DV heading, footnote', () => {
    const svg = svgOf(CA_STANDARD_EN);
    expect(isBold(findText(svg, 'Nutrition Facts'))).toBe(true);
    findText(svg, 'Per 1 cup (250 mL)');
    const calories = rowTexts(svg, 'calories');
    expect(calories.map(textOf)).toEqual(['Calories', '110']);
    expect(calories.every(isBold)).toBe(true);
    expect(findText(svg, '% Daily Value*').attrs.y).toBe(calories[0]!.attrs.y);
    findText(svg, '*5% or less is a little, 15% or more is a lot');
  });

  it('one combined saturated + trans %DV set between the two lines', () => {
    const svg = svgOf(CA_STANDARD_EN);
    const y = (k: string): number => Number(rowTexts(svg, k)[0]!.attrs.y);
    const combined = rowTexts(svg, 'fat_saturated_trans');
    expect(combined.map(textOf)).toEqual(['0 %']);
    expect(Number(combined[0]!.attrs.y)).toBeGreaterThan(y('fat_saturated'));
    expect(Number(combined[0]!.attrs.y)).toBeLessThan(y('fat_trans'));
    expect(rowTexts(svg, 'fat_trans').map(textOf)).toEqual(['+ Trans', '0 g']);
  });

  it('French: "Valeur nutritive" and "% valeur quotidienne*"', () => {
    const svg = svgOf(CA_STANDARD_FR);
    findText(svg, 'Valeur nutritive');
    findText(svg, '% valeur quotidienne*');
    findText(svg, 'pour 1 tasse (250 mL)');
    expect(rowTexts(svg, 'fat').map(textOf)).toEqual(['Lipides', '0,5 g', '1 %']);
  });

  it('bilingual: both titles, both headings, both names per row, both footnotes', () => {
    const svg = svgOf(CA_BILINGUAL);
    for (const t of ['Nutrition Facts', 'Valeur nutritive', '% Daily Value*', '% valeur quotidienne*', 'pour 1 tasse (250 mL)'])
      findText(svg, t);
    expect(textOf(rowTexts(svg, 'fat')[0]!)).toBe('Fat / Lipides');
    expect(textOf(rowTexts(svg, 'fat_trans')[0]!)).toBe('+ Trans / trans');
    expect(textOf(rowTexts(svg, 'iron')[0]!)).toBe('Iron / Fer');
    const all = texts(svg).map(textOf).join(' ');
    expect(all).toContain("c'est beaucoup");
    expect(all).toContain('Ingrédients');
  });

  it.each([
    ['fat', true],
    ['fat_saturated', false],
    ['carbohydrate', true],
    ['fiber', false],
    ['sodium', true],
    ['potassium', false],
  ] as const)('%s name bold=%s', (key, bold) => {
    expect(isBold(rowTexts(svgOf(CA_STANDARD_EN), key)[0]!)).toBe(bold);
  });
});

describe('escaping user text', () => {
  const hostile: LabelModel = {
    ...FDA_SAMPLE,
    title: 'Nutrition Facts',
    ingredient_statement: 'Ingredients: <script>alert("x")</script> & "quotes" \'apos\' ]]> \u0000nul',
    allergen_statement: 'Contains: <img src=x onerror=alert(1)>',
    not_significant_statement: null,
  };
  const raw = renderLabelSvg(hostile, { embedFont: false });

  it('never emits user markup', () => {
    expect(raw).not.toMatch(/<script/i);
    expect(raw).not.toMatch(/<img/i);
    expect(raw).toContain('&lt;script&gt;');
    expect(raw).not.toContain('\u0000');
  });

  it('keeps the text readable after parsing', () => {
    const all = texts(svgOf(hostile)).map(textOf).join(' ');
    expect(all).toContain('<script>alert("x")</script>');
    expect(all).toContain('& "quotes"');
  });

  it('escapes a hostile row key in the data-key attribute', () => {
    const model = { ...FDA_SAMPLE, nutrients: [...FDA_SAMPLE.nutrients, { ...FDA_SAMPLE.nutrients[1]!, key: '"><script>' }] };
    const out = renderLabelSvg(model, { embedFont: false });
    expect(out).not.toContain('<script>');
    expect(rowKeys(svgOf(model))).toContain('"><script>');
  });
});

describe('font embedding', () => {
  it('embeds subset faces by default and none when asked', () => {
    const embedded = renderLabelSvg(FDA_SAMPLE);
    const plain = renderLabelSvg(FDA_SAMPLE, { embedFont: false });
    expect(embedded.match(/@font-face/g)).toHaveLength(3); // regular, bold, italic ("Trans")
    expect(embedded).toContain('src:url(data:font/ttf;base64,');
    expect(plain).not.toContain('@font-face');
    // Subsets, not the ~320 KB files.
    expect(embedded.length - plain.length).toBeLessThan(60_000);
  });

  it('a Canadian table without italics embeds two faces', () => {
    expect(renderLabelSvg(CA_STANDARD_EN).match(/@font-face/g)).toHaveLength(2);
  });
});

describe('long user text', () => {
  it.each([
    ['fits beside the words', '2/3 cup (55g)', 1],
    ['goes under the words', '1 container (about 2 1/2 cups prepared with water) (600g)', 2],
  ])('a serving size that %s', (_name, display, lines) => {
    const svg = svgOf({ ...FDA_SAMPLE, serving_size: { ...FDA_SAMPLE.serving_size, display } });
    const label = findText(svg, 'Serving size');
    const after = texts(svg).filter((t) => display.includes(textOf(t)) && t !== label && isBold(t));
    expect(after.map(textOf).join(' ')).toBe(display);
    expect(new Set(after.map((t) => t.attrs.y)).size).toBe(lines);
    if (lines > 1) expect(Number(after[0]!.attrs.y)).toBeGreaterThan(Number(label.attrs.y));
    else expect(after[0]!.attrs.y).toBe(label.attrs.y);
  });
});
