// The front-of-package nutrition symbol's SVG, read as structure (no snapshots): for each of the six
// variants (English, French, bilingual x horizontal, vertical), the elements Schedule K.1 draws, their
// words, their order and placement, the box's aspect, and nothing drawn outside the box.
import { describe, expect, it } from 'vitest';
import { textWidth } from '../../../src/render/fonts.js';
import { type HighInDrawing, highInTitle } from '../../../src/core/label/canada/draw-symbol.js';
import { renderFrontOfPackSvg } from '../../../src/render/svg/front-of-pack.js';
import { elements, parseXml, textOf, type XmlElement } from './svg-tree.js';

type Language = HighInDrawing['language'];
type Orientation = HighInDrawing['orientation'];

function draw(over: Partial<HighInDrawing> = {}): XmlElement {
  const drawing: HighInDrawing = {
    scheme: 'ca_high_in',
    high_in: ['saturated_fat', 'sugars', 'sodium'],
    language: 'en-CA',
    orientation: 'horizontal',
    incomplete: false,
    ...over,
  };
  return elements(parseXml(renderFrontOfPackSvg(drawing, { embedFont: false })), 'svg')[0]!;
}

const group = (svg: XmlElement, key: string): XmlElement[] => elements(svg, 'g').filter((g) => g.attrs['data-key'] === key);
const texts = (g: XmlElement): string[] => elements(g, 'text').map(textOf);
/** The first point of a path's data: where a bar's outline starts (its top edge). */
const startOf = (path: XmlElement): [number, number] => {
  const m = /^M([\d.-]+) ([\d.-]+)/.exec(path.attrs.d!)!;
  return [Number(m[1]), Number(m[2])];
};
const size = (svg: XmlElement) => ({ width: Number(svg.attrs.width), height: Number(svg.attrs.height) });
const baseline = (g: XmlElement): number => Number(elements(g, 'text')[0]!.attrs.y);

// Schedule K.1: heading, bar words (Sat fat / Gras sat., Sugars / Sucres, Sodium) and signature per language.
const WORDS: Record<Orientation, Record<Language, { heading: string[]; bars: string[][]; footer: string[] }>> = {
  horizontal: {
    'en-CA': { heading: ['High in'], bars: [['Sat fat'], ['Sugars'], ['Sodium']], footer: ['Health Canada'] },
    'fr-CA': { heading: ['Élevé en'], bars: [['Gras sat.'], ['Sucres'], ['Sodium']], footer: ['Santé Canada'] },
    bilingual: {
      heading: ['High in / Élevé en'],
      bars: [['Sat fat / Gras sat.'], ['Sugars / Sucres'], ['Sodium']],
      footer: ['Health Canada / Santé Canada'],
    },
  },
  vertical: {
    'en-CA': { heading: ['High in'], bars: [['Sat fat'], ['Sugars'], ['Sodium']], footer: ['Health Canada'] },
    'fr-CA': { heading: ['Élevé en'], bars: [['Gras sat.'], ['Sucres'], ['Sodium']], footer: ['Santé Canada'] },
    bilingual: {
      heading: ['High in', 'Élevé en'],
      bars: [['Sat fat', 'Gras sat.'], ['Sugars', 'Sucres'], ['Sodium']],
      footer: ['Health Canada', 'Santé Canada'],
    },
  },
};

const VARIANTS = (['horizontal', 'vertical'] as const).flatMap((orientation) =>
  (['en-CA', 'fr-CA', 'bilingual'] as const).map((language) => [language, orientation] as const),
);

describe.each(VARIANTS)('nutrition symbol %s %s (Schedule K.1)', (language, orientation) => {
  const svg = draw({ language, orientation });
  const words = WORDS[orientation][language];

  it('has one heading, one magnifying glass, three bars, one signature, in one thin black outline', () => {
    expect(group(svg, 'heading')).toHaveLength(1);
    expect(group(svg, 'magnifier')).toHaveLength(1);
    expect(elements(group(svg, 'magnifier')[0]!, 'path')).toHaveLength(2); // lens ring and handle
    expect(group(svg, 'bar')).toHaveLength(3);
    expect(group(svg, 'footer')).toHaveLength(1);
    const outline = elements(svg, 'rect').filter((r) => r.attrs.stroke === '#000');
    expect(outline).toHaveLength(1);
    expect(Number(outline[0]!.attrs['stroke-width'])).toBeLessThanOrEqual(1);
    expect(elements(svg, 'g').filter((g) => g.attrs.class === 'incomplete-band')).toHaveLength(0);
  });

  it('says the words of its language, bars in the regulation order: saturated fat, sugars, sodium', () => {
    expect(texts(group(svg, 'heading')[0]!)).toEqual(words.heading);
    const bars = group(svg, 'bar');
    expect(bars.map((b) => b.attrs['data-nutrient'])).toEqual(['saturated_fat', 'sugars', 'sodium']);
    expect(bars.map(texts)).toEqual(words.bars);
    expect(texts(group(svg, 'footer')[0]!)).toEqual(words.footer);
  });

  it('is black on white: black bars with white bold words, bold black heading, regular black signature', () => {
    for (const bar of group(svg, 'bar')) {
      const [outline] = elements(bar, 'path');
      expect(outline!.attrs.fill).toBeUndefined(); // the document's black
      for (const t of elements(bar, 'text')) {
        expect(t.attrs.fill).toBe('#fff');
        expect(t.attrs['font-weight']).toBe('bold');
      }
    }
    for (const t of elements(group(svg, 'heading')[0]!, 'text'))
      expect([t.attrs.fill, t.attrs['font-weight']]).toEqual([undefined, 'bold']);
    for (const t of elements(group(svg, 'footer')[0]!, 'text')) {
      expect([t.attrs.fill, t.attrs['font-weight'], t.attrs['text-anchor']]).toEqual([undefined, undefined, 'middle']);
      expect(Number(t.attrs.x)).toBeCloseTo(size(svg).width / 2, 1); // centred at the bottom
    }
    expect(svg.attrs.fill).toBe('#000');
    expect(elements(svg, 'rect')[0]!.attrs.fill).toBe('#fff');
  });

  it('places heading, lens, bars and signature as its Schedule K.1 figure does', () => {
    const heading = baseline(group(svg, 'heading')[0]!);
    const [lens] = elements(group(svg, 'magnifier')[0]!, 'path');
    const [lensLeft, lensCentre] = startOf(lens!);
    const barStarts = group(svg, 'bar').map((b) => startOf(elements(b, 'path')[0]!));
    const barTops = barStarts.map(([, y]) => y);
    expect([...barTops].sort((a, b) => a - b)).toEqual(barTops); // stacked top to bottom
    expect(baseline(group(svg, 'footer')[0]!)).toBeGreaterThan(barTops[2]!);
    const barText = Math.min(...group(svg, 'bar').map((b) => Number(elements(b, 'text')[0]!.attrs.x)));
    if (orientation === 'horizontal') {
      expect(heading).toBeLessThan(barTops[0]!); // heading on top
      expect(lensCentre).toBeGreaterThan(barTops[0]!); // lens beside the stack...
      expect(lensCentre).toBeLessThan(barTops[2]!);
      expect(lensLeft).toBeLessThan(barText); // ...to its left
      // The bars' left ends follow the lens: the middle bar starts further right than the outer ones (concave).
      expect(barStarts[1]![0]).toBeGreaterThan(barStarts[0]![0]);
      expect(elements(group(svg, 'bar')[0]!, 'path')[0]!.attrs.d).toMatch(/A[\d.]+ [\d.]+ 0 0 0 /);
    } else {
      expect(lensCentre).toBeLessThan(barTops[0]!); // lens top left, above the bars
      const headingX = Number(elements(group(svg, 'heading')[0]!, 'text')[0]!.attrs.x);
      expect(headingX).toBeGreaterThan(lensLeft); // heading to the right of the lens
      expect(heading).toBeLessThan(barTops[0]!);
      // Full-width bars with white space at both ends: all start at the same x.
      expect(new Set(barStarts.map(([x]) => x)).size).toBe(1);
    }
  });

  it('has the aspect of its format: horizontal wider than tall, vertical taller than wide', () => {
    const { width, height } = size(svg);
    expect(svg.attrs.viewBox).toBe(`0 0 ${svg.attrs.width} ${svg.attrs.height}`);
    if (orientation === 'horizontal') expect(width / height).toBeGreaterThan(1.2);
    else expect(height / width).toBeGreaterThan(1.1);
  });

  it('draws nothing outside the outline (B.01.354: elements must not touch or run off)', () => {
    const { width } = size(svg);
    for (const t of elements(svg, 'text')) {
      const x = Number(t.attrs.x);
      const w = textWidth(textOf(t), t.attrs['font-weight'] === 'bold' ? 'bold' : 'regular', Number(t.attrs['font-size']));
      const [left, right] = t.attrs['text-anchor'] === 'middle' ? [x - w / 2, x + w / 2] : [x, x + w];
      expect(left, textOf(t)).toBeGreaterThan(0.75);
      expect(right, textOf(t)).toBeLessThan(width - 0.75);
    }
  });
});

describe('nutrition symbol: nutrients that are not high', () => {
  it.each([
    [['sugars'], [false, true, false]],
    [
      ['saturated_fat', 'sodium'],
      [true, false, true],
    ],
    [
      ['sodium', 'saturated_fat'],
      [true, false, true],
    ], // drawn in the regulation's order whatever the input order
  ] as const)('high in %o: bars %o; the others white in a thin outline with no words (versions 2 to 7)', (high, expected) => {
    for (const [language, orientation] of VARIANTS) {
      const bars = group(draw({ high_in: high, language, orientation }), 'bar');
      expect(bars.map((b) => b.attrs['data-high'])).toEqual(expected.map(String));
      for (const bar of bars.filter((b) => b.attrs['data-high'] === 'false')) {
        const outline = elements(bar, 'path')[0]!;
        expect([outline.attrs.fill, outline.attrs.stroke]).toEqual(['#fff', '#000']);
        expect(texts(bar)).toEqual([]);
      }
    }
  });
});

describe('nutrition symbol: title and incomplete data', () => {
  it('is titled with what it says, in its language', () => {
    expect(highInTitle({ high_in: ['sodium', 'saturated_fat'], language: 'en-CA' })).toBe('High in: Sat fat, Sodium');
    expect(highInTitle({ high_in: ['sugars'], language: 'fr-CA' })).toBe('Élevé en: Sucres');
    expect(highInTitle({ high_in: ['sugars'], language: 'bilingual' })).toBe('High in / Élevé en: Sugars / Sucres');
    const svg = draw({ high_in: ['sugars'] });
    expect(textOf(elements(svg, 'title')[0]!)).toBe('High in: Sugars');
    expect(svg.attrs['aria-label']).toBe('High in: Sugars');
  });

  it.each([
    ['en-CA', ['INCOMPLETE DATA - NOT FOR PRINT']],
    ['fr-CA', ['DONNÉES INCOMPLÈTES - NE PAS IMPRIMER']],
    ['bilingual', ['INCOMPLETE DATA - NOT FOR PRINT', 'DONNÉES INCOMPLÈTES - NE PAS IMPRIMER']],
  ] as const)('an incomplete %s symbol carries the band across it, in both orientations', (language, lines) => {
    for (const orientation of ['horizontal', 'vertical'] as const) {
      const svg = draw({ language, orientation, incomplete: true });
      // The label's own band (src/render/svg/incomplete-band.ts), drawn over the symbol.
      const band = elements(svg, 'g').filter((g) => g.attrs.class === 'incomplete-band');
      expect(band).toHaveLength(1);
      expect(texts(band[0]!)).toEqual(lines);
      const top = Number(elements(band[0]!, 'rect')[0]!.attrs.y);
      expect(top).toBeGreaterThan(0);
      expect(top).toBeLessThan(size(svg).height / 2);
    }
  });
});
