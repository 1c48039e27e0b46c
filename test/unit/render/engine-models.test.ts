// The renderers on models the label engine really produces (not only the hand-made fixtures):
// every format, every language, rows in order, nothing past the edge, PNG and PDF render.
import { describe, expect, it } from 'vitest';
import { buildLabel, type LabelInput } from '../../../src/core/label/build-label.js';
import type { LabelFormat, LabelLanguage, LabelModel } from '../../../src/core/label/shared/model.js';
import { textWidth, type FontFace } from '../../../src/render/fonts.js';
import { renderInline } from '../../../src/render/inline.js';
import { renderLabelSvg } from '../../../src/render/svg/index.js';
import { FDA_SAMPLE_INPUT } from '../../support/fda-sample.js';
import { elements, parseXml, rowKeys, rowTexts, textOf } from './svg-tree.js';

const US: LabelInput = {
  ...FDA_SAMPLE_INPUT,
  ingredient_statement: {
    'en-US': 'Ingredients: Flour, Sugar',
    'en-CA': 'Ingredients: Flour, Sugar',
    'fr-CA': 'Ingrédients : Farine, sucre',
  },
};

const CASES: Array<[LabelLanguage, LabelFormat]> = [
  ['en-US', 'fda_vertical'],
  ['en-US', 'fda_tabular'],
  ['en-US', 'fda_linear'],
  ['en-US', 'fda_simplified'],
  ['en-US', 'fda_dual_container'],
  ['en-CA', 'ca_standard'],
  ['fr-CA', 'ca_standard'],
  ['en-CA', 'ca_bilingual'],
];

function build(language: LabelLanguage, format: LabelFormat): LabelModel {
  return buildLabel(US, { language, format });
}

describe.each(CASES)('engine model %s %s', (language, format) => {
  const model = build(language, format);
  const svg = elements(parseXml(renderLabelSvg(model, { embedFont: false })), 'svg')[0]!;

  it('rows appear once each, in the model order', () => {
    expect(rowKeys(svg)).toEqual(model.nutrients.map((r) => r.key));
  });

  it('every text stays inside the drawing', () => {
    const width = Number(svg.attrs.width);
    for (const t of elements(svg, 'text')) {
      const face: FontFace = t.attrs['font-weight'] ? 'bold' : t.attrs['font-style'] ? 'italic' : 'regular';
      const w = textWidth(textOf(t), face, Number(t.attrs['font-size']));
      const x = Number(t.attrs.x);
      const right = t.attrs['text-anchor'] === 'end' ? x : t.attrs['text-anchor'] === 'middle' ? x + w / 2 : x + w;
      expect(right, textOf(t)).toBeLessThanOrEqual(width + 0.01);
    }
  });

  it('renders to PNG and PDF', () => {
    expect(renderInline({ model, kind: 'png', zoom: 1 }).subarray(1, 4).toString()).toBe('PNG');
    expect(renderInline({ model, kind: 'pdf' }).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('engine wording reaches the drawing', () => {
  it('FDA vertical prints the added-sugars line once, as the engine wrote it', () => {
    const svg = elements(parseXml(renderLabelSvg(build('en-US', 'fda_vertical'), { embedFont: false })), 'svg')[0]!;
    expect(rowTexts(svg, 'added_sugar').map(textOf)).toEqual(['Includes 10g Added Sugars', '20%']);
  });

  it('FDA linear uses the abbreviated names', () => {
    const all = elements(parseXml(renderLabelSvg(build('en-US', 'fda_linear'), { embedFont: false })), 'text')
      .map(textOf)
      .join(' ');
    expect(all).toContain('Sat. Fat');
    expect(all).toContain('Total Carb.');
    expect(all).toContain('(Incl. 10g Added Sugars, 20% DV)');
  });
});
