// docs/api.md#incomplete-band: every rendered file of an incomplete label carries a band across the panel, in the
// table's language; complete labels carry none. PNG and PDF are drawn from this same SVG.
import { describe, expect, it } from 'vitest';
import type { LabelModel } from '../../../src/core/label/shared/model.js';
import { renderEmbedHtml } from '../../../src/render/html.js';
import { languageWords } from '../../../src/core/label/shared/languages.js';
import { renderLabelSvg } from '../../../src/render/svg/index.js';
import { ALL_FIXTURES, CA_BILINGUAL, CA_STANDARD_EN, CA_STANDARD_FR, FDA_SAMPLE } from './fixtures.js';
import { elements, parseXml, textOf } from './svg-tree.js';

const INCOMPLETE_BAND_EN = languageWords('en-CA').incompleteBand;
const INCOMPLETE_BAND_FR = languageWords('fr-CA').incompleteBand;
const incomplete = (model: LabelModel): LabelModel => ({ ...model, complete: false });

function band(svg: string) {
  const root = parseXml(svg);
  const group = elements(root, 'g').find((g) => g.attrs.class === 'incomplete-band');
  return { root, group };
}

describe('the incomplete-data band', () => {
  it.each([
    ['en-US', FDA_SAMPLE, [INCOMPLETE_BAND_EN]],
    ['en-CA', CA_STANDARD_EN, [INCOMPLETE_BAND_EN]],
    ['fr-CA', CA_STANDARD_FR, [INCOMPLETE_BAND_FR]],
    ['bilingual', CA_BILINGUAL, [INCOMPLETE_BAND_EN, INCOMPLETE_BAND_FR]],
  ] as const)('%s: the band reads %j, across the whole width, drawn last (over the panel)', (_name, model, lines) => {
    const svg = renderLabelSvg(incomplete(model), { embedFont: false });
    const { root, group } = band(svg);
    expect(group, 'band group').toBeDefined();
    expect(elements(group!, 'text').map(textOf)).toEqual(lines);
    const svgEl = elements(root, 'svg')[0]!;
    const rect = elements(group!, 'rect')[0]!;
    expect(Number(rect.attrs.x)).toBe(0);
    expect(Number(rect.attrs.width)).toBe(Number(svgEl.attrs.width));
    expect(rect.attrs.fill).not.toBe('#fff');
    // Drawn after everything else: the last element of the document.
    expect(svgEl.children[svgEl.children.length - 1]).toBe(group);
  });

  it('the band text fits the panel', () => {
    const svg = renderLabelSvg(incomplete(CA_BILINGUAL), { embedFont: false });
    const texts = elements(band(svg).group!, 'text');
    for (const t of texts) expect(Number(t.attrs['font-size'])).toBeGreaterThanOrEqual(6);
  });

  it.each(Object.entries(ALL_FIXTURES))('%s: a complete label has no band', (_format, model) => {
    const svg = renderLabelSvg(model, { embedFont: false });
    expect(band(svg).group).toBeUndefined();
    expect(svg).not.toContain(INCOMPLETE_BAND_EN);
  });

  it.each(Object.entries(ALL_FIXTURES))('%s: an incomplete label has the band', (_format, model) => {
    expect(band(renderLabelSvg(incomplete(model), { embedFont: false })).group).toBeDefined();
  });

  it('the embed page carries it too (its SVG is inline)', () => {
    expect(renderEmbedHtml(incomplete(FDA_SAMPLE), { title: 'x' })).toContain(INCOMPLETE_BAND_EN);
    expect(renderEmbedHtml(FDA_SAMPLE, { title: 'x' })).not.toContain(INCOMPLETE_BAND_EN);
  });
});
