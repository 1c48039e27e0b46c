import { describe, expect, it } from 'vitest';
import { escapeXml } from '../../../src/render/escape.js';
import { fontBuffer, lineMetrics, textWidth } from '../../../src/render/fonts.js';
import { wrapRuns, type Run } from '../../../src/render/svg/canvas.js';
import { readMetrics } from '../../../src/render/ttf.js';
import { stripLayoutTables, subsetTtf } from '../../../src/render/ttf-subset.js';

function fileChecksum(buf: Buffer): number {
  let sum = 0;
  for (let i = 0; i < buf.length; i += 4) sum = (sum + buf.readUInt32BE(i)) >>> 0;
  return sum;
}

describe('font metrics (Arimo, Helvetica/Arial widths)', () => {
  it.each([
    // Arial/Helvetica advance widths in 1/1000 em: the metric compatibility Arimo promises.
    ['regular', 'a', 556],
    ['regular', ' ', 278],
    ['regular', '%', 889],
    ['regular', 'W', 944],
    ['bold', 'a', 556],
    ['bold', 'N', 722],
    ['italic', 'T', 611],
  ] as const)('%s "%s" is %i/1000 em', (face, ch, units) => {
    expect(textWidth(ch, face, 1000)).toBeCloseTo(units, 0);
  });

  it('sums advances over a string and scales with the size', () => {
    expect(textWidth('Total Fat', 'bold', 8)).toBeCloseTo((textWidth('Total Fat', 'bold', 1000) * 8) / 1000, 9);
    expect(textWidth('', 'regular', 8)).toBe(0);
  });

  it('ascent and descent are the hhea values', () => {
    const { ascent, descent } = lineMetrics('regular', 1000);
    expect(ascent).toBeCloseTo(905, 0);
    expect(descent).toBeCloseTo(212, 0);
  });
});

describe('subsetTtf', () => {
  const full = fontBuffer('regular');
  const text = 'Nutrition Facts 0,5 g écrémé %';
  const sub = subsetTtf(full, text);
  const fullMetrics = readMetrics(full);
  const subMetrics = readMetrics(sub);

  it('keeps each used character with its advance width', () => {
    for (const ch of new Set(text)) {
      const cp = ch.codePointAt(0)!;
      expect(subMetrics.glyphId(cp), ch).toBeGreaterThan(0);
      expect(subMetrics.advance(cp), ch).toBe(fullMetrics.advance(cp));
    }
  });

  it('drops characters it was not given', () => {
    expect(subMetrics.glyphId('Z'.codePointAt(0)!)).toBe(0);
    expect(fullMetrics.glyphId('Z'.codePointAt(0)!)).toBeGreaterThan(0);
  });

  it('is a small, valid sfnt (whole-file checksum 0xB1B0AFBA)', () => {
    expect(sub.length).toBeLessThan(15_000);
    expect(fileChecksum(sub)).toBe(0xb1b0afba);
  });

  it('stripLayoutTables removes GSUB/GPOS and keeps metrics', () => {
    const stripped = stripLayoutTables(full);
    expect(stripped.includes(Buffer.from('GPOS'))).toBe(false);
    expect(fileChecksum(stripped)).toBe(0xb1b0afba);
    expect(readMetrics(stripped).advance(65)).toBe(fullMetrics.advance(65));
  });
});

describe('wrapRuns', () => {
  const plain = (text: string): Run[] => [{ text, face: 'regular' }];

  it.each([
    ['fits on one line', 'Milk, Wheat', 200, 1],
    ['breaks at spaces', 'Ingredients: Whole Grain Oats, Sugar, Wheat Flour, Skim Milk Powder, Canola Oil, Salt', 100, 4],
    // "x" is 500/1000 em: 25 of them fill 100 pt at 8 pt exactly.
    ['splits a word longer than the line', 'x'.repeat(80), 100, 4],
  ])('%s', (_name, text, width, lines) => {
    const out = wrapRuns(plain(text), 8, width);
    expect(out).toHaveLength(lines);
    for (const line of out) {
      const last = line[line.length - 1]!;
      expect(last.x + textWidth(last.text, last.face, 8)).toBeLessThanOrEqual(width + 0.01);
    }
    expect(
      out
        .flat()
        .map((r) => r.text)
        .join(' ')
        .replace(/\s+/g, ''),
    ).toBe(text.replace(/\s+/g, ''));
  });

  it('a line exactly as wide as the limit still fits; a hair narrower breaks', () => {
    const text = 'Total Fat 8g';
    const exact = textWidth(text, 'regular', 8);
    expect(wrapRuns(plain(text), 8, exact)).toHaveLength(1);
    expect(wrapRuns(plain(text), 8, exact - 0.1)).toHaveLength(2);
  });

  it('keeps faces apart and positions the second run after the first', () => {
    const [line] = wrapRuns(
      [
        { text: 'Contains:', face: 'bold' },
        { text: ' Milk', face: 'regular' },
      ],
      8,
      200,
    );
    expect(line!.map((r) => [r.text, r.face])).toEqual([
      ['Contains:', 'bold'],
      ['Milk', 'regular'],
    ]);
    expect(line![1]!.x).toBeCloseTo(textWidth('Contains:', 'bold', 8) + textWidth(' ', 'regular', 8), 9);
  });
});

describe('escapeXml', () => {
  it.each([
    ['<b>', '&lt;b&gt;'],
    ['a & b', 'a &amp; b'],
    ['"x"', '&quot;x&quot;'],
    ["'", '&#39;'],
    ['nul\u0000here', 'nulhere'],
    ['bell\u0007', 'bell'],
    ['tab\tok', 'tab\tok'],
    ['é €', 'é €'],
    ['lone \uD800 surrogate', 'lone  surrogate'],
    ['pair 😀', 'pair 😀'],
  ])('%j -> %j', (input, output) => {
    expect(escapeXml(input)).toBe(output);
  });
});
