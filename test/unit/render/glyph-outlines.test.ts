import type { HighInDrawing } from '../../../src/core/label/canada/draw-symbol.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { afterAll, describe, expect, it } from 'vitest';
import { FONT_FACES, FONT_FAMILY, fontBuffer, fontPath, textWidth } from '../../../src/render/fonts.js';
import { glyphOutline, textOutline } from '../../../src/render/glyph-outlines.js';
import { rasterise } from '../../../src/render/png.js';
import { stripLayoutTables } from '../../../src/render/ttf-subset.js';
import { SvgCanvas, type TextMode } from '../../../src/render/svg/canvas.js';
import { renderFrontOfPackSvg } from '../../../src/render/svg/front-of-pack.js';
import { renderLabelSvg } from '../../../src/render/svg/index.js';
import { ALL_FIXTURES, CA_BILINGUAL } from './fixtures.js';

// Printable ASCII, the French accents of Canadian labels (composite glyphs in Arimo), and signs.
const CHARACTERS = [
  ...'!"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~éèêëàâîïôûùçÉÈÀÇœ°µ–—’·',
];

/** One character per <text> (no pair to kern), in every face and a few anchors, at label sizes. */
function specimen(mode: TextMode): string {
  const canvas = new SvgCanvas();
  let y = 14;
  for (const face of FONT_FACES) {
    for (let i = 0; i < CHARACTERS.length; i++) {
      const x = 6 + (i % 30) * 16;
      if (i % 30 === 0 && i > 0) y += 18;
      canvas.text(x, y, CHARACTERS[i]!, { size: 12, face, anchor: i % 3 === 0 ? 'start' : i % 3 === 1 ? 'middle' : 'end' });
    }
    y += 22;
  }
  return canvas.toSvg(500, y, { title: 'specimen', embedFont: false, textMode: mode });
}

// resvg kerns pairs ("To", "11") from GPOS; the layout measures without kerning (ttf.ts), as the
// PDF draws (its fonts have GPOS stripped), and the outlines follow the layout. To compare like with
// like, resvg draws the text SVG from the same fonts without GPOS.
const unkerned = mkdtempSync(join(tmpdir(), 'arimo-unkerned-'));
afterAll(() => rmSync(unkerned, { recursive: true, force: true }));
const unkernedFiles = [...new Set(FONT_FACES.map(fontPath))].map((path, i) => {
  const file = join(unkerned, `${i}.ttf`);
  writeFileSync(file, stripLayoutTables(fontBuffer(FONT_FACES.find((f) => fontPath(f) === path)!)));
  return file;
});

function rasteriseUnkernedText(svg: string, zoom: number): { pixels: Buffer; width: number; height: number } {
  const image = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: zoom },
    font: { loadSystemFonts: false, fontFiles: unkernedFiles, defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
    background: '#ffffff',
  }).render();
  return { pixels: image.pixels, width: image.width, height: image.height };
}

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 4) sum += Math.abs(a[i]! - b[i]!);
  return sum / (a.length / 4);
}

describe('glyph outlines (the PNG renderer draws text with them)', () => {
  it('draw every glyph where resvg draws it from the font file, pixel for pixel within anti-aliasing', () => {
    const fromFont = rasteriseUnkernedText(specimen('text'), 3);
    const fromOutlines = rasterise(specimen('outlines'), 3);
    expect([fromOutlines.width, fromOutlines.height]).toEqual([fromFont.width, fromFont.height]);
    let worst = 0;
    let inked = 0;
    for (let i = 0; i < fromFont.pixels.length; i += 4) {
      worst = Math.max(worst, Math.abs(fromFont.pixels[i]! - fromOutlines.pixels[i]!));
      if (fromFont.pixels[i]! < 128) inked++;
    }
    expect(inked).toBeGreaterThan(20_000); // the specimen really drew text
    // The same curves through the same rasteriser: only sub-pixel rounding of the coordinates differs.
    expect(worst).toBeLessThanOrEqual(80);
    expect(meanDifference(fromFont.pixels, fromOutlines.pixels)).toBeLessThan(0.05);
  });

  it.each(Object.entries(ALL_FIXTURES))(
    'a %s label drawn from outlines is the one resvg draws from the unkerned fonts',
    (_format, model) => {
      const fromFont = rasteriseUnkernedText(renderLabelSvg(model, { embedFont: false }), 2);
      const fromOutlines = rasterise(renderLabelSvg(model, { embedFont: false, textMode: 'outlines' }), 2);
      expect([fromOutlines.width, fromOutlines.height]).toEqual([fromFont.width, fromFont.height]);
      // Sub-pixel rounding of glyph positions only (with kerning on, resvg's own text differs by 3 to 7).
      expect(meanDifference(fromFont.pixels, fromOutlines.pixels)).toBeLessThan(0.5);
    },
  );

  it('an outlined SVG carries no text and needs no font; the text SVG is unchanged', () => {
    const outlined = renderLabelSvg(CA_BILINGUAL, { embedFont: false, textMode: 'outlines' });
    expect(outlined).not.toMatch(/<text/);
    expect(outlined).not.toContain('@font-face');
    expect(outlined).toMatch(/<path transform="matrix\(/);
    expect(renderLabelSvg(CA_BILINGUAL, { embedFont: false })).toContain('<text');
    const symbol = renderFrontOfPackSvg(
      { scheme: 'ca_high_in', high_in: ['sodium'], language: 'bilingual', orientation: 'vertical', incomplete: false } as HighInDrawing,
      { embedFont: false, textMode: 'outlines' },
    );
    expect(symbol).not.toMatch(/<text/);
    // White words on the symbol's black bars keep their paint.
    expect(symbol).toMatch(/<path transform="matrix\([^"]+\)" d="[^"]+" fill="#fff"\/>/);
  });

  it('advance by the widths the layout measured, and anchor like text-anchor', () => {
    for (const face of FONT_FACES) {
      const { advance, unitsPerEm } = textOutline(face, 'Total Fat 8g');
      expect((advance / unitsPerEm) * 8).toBeCloseTo(textWidth('Total Fat 8g', face, 8), 9);
    }
    const draw = (anchor: 'start' | 'middle' | 'end') => {
      const canvas = new SvgCanvas();
      canvas.text(100, 20, 'Sodium', { size: 10, anchor });
      return /matrix\([^ ]+ 0 0 [^ ]+ ([\d.]+) 20\)/.exec(
        canvas.toSvg(200, 40, { title: 't', embedFont: false, textMode: 'outlines' }),
      )![1];
    };
    const width = textWidth('Sodium', 'regular', 10);
    expect(Number(draw('start'))).toBe(100);
    expect(Number(draw('middle'))).toBeCloseTo(100 - width / 2, 2);
    expect(Number(draw('end'))).toBeCloseTo(100 - width, 2);
  });

  it('collapse and trim white space as SVG text does; a space alone draws nothing', () => {
    const canvas = new SvgCanvas();
    canvas.text(10, 10, '  Iron   2mg ', { size: 8 });
    canvas.text(10, 20, ' ', { size: 8 });
    const svg = canvas.toSvg(100, 30, { title: 't', embedFont: false, textMode: 'outlines' });
    expect(svg.match(/<path /g)).toHaveLength(1);
    expect(svg).toContain(`d="${textOutline('regular', 'Iron 2mg').d}"`);
    expect(glyphOutline('regular', 0x20).body).toBe('');
  });

  it('keeps a no-break space, at the ends too (only XML white space collapses)', () => {
    const canvas = new SvgCanvas();
    canvas.text(50, 10, '15\u00a0%\u00a0', { size: 8, anchor: 'end' });
    const svg = canvas.toSvg(100, 30, { title: 't', embedFont: false, textMode: 'outlines' });
    expect(svg).toContain(`d="${textOutline('regular', '15\u00a0%').d}"`);
    const left = Number(/matrix\([^ ]+ 0 0 [^ ]+ ([\d.]+) 10\)/.exec(svg)![1]);
    expect(left).toBeCloseTo(50 - textWidth('15\u00a0%\u00a0', 'regular', 8), 2);
  });

  it("an unmapped character draws the font's .notdef box, by the advance the layout measured", () => {
    const { d, advance, unitsPerEm } = textOutline('regular', '\u{1F600}');
    expect(d).toMatch(/^M/);
    expect((advance / unitsPerEm) * 10).toBeCloseTo(textWidth('\u{1F600}', 'regular', 10), 9);
  });
});
