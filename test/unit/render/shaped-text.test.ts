// Text that needs shaping, drawn through the label canvas to SVG, PNG and PDF, and compared with
// HarfBuzz itself: each line is shaped here, whole, straight through harfbuzzjs (not through our
// layout code), and every format must show those glyphs, in that order, at those positions, where
// the format keeps them: glyph ids and positions in the SVG, outlines and positions in the PDF, the
// pixels of those outlines in the PNG.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import * as hb from 'harfbuzzjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { textWidth } from '../../../src/render/fonts.js';
import { svgToPdfSync } from '../../../src/render/pdf.js';
import { rasterise, svgToPng } from '../../../src/render/png.js';
import { SvgCanvas, type TextMode } from '../../../src/render/svg/canvas.js';
import { loadShaper } from '../../../src/render/text/load.js';
import { textNeedsShaping } from '../../../src/render/text/scripts.js';
import { activeShaper } from '../../../src/render/text/shaper.js';
import { pdfGlyphs } from '../../support/pdf-text.js';
import { elements, parseXml } from './svg-tree.js';

const require = createRequire(import.meta.url);
const FILES = {
  arimo: require.resolve('@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf'),
  arabic: require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'),
  chinese: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
};

/** "Added sugars": two words, right to left, letters joined. */
const ARABIC = 'السكريات المضافة';
/** "Nutrition facts table, energy, protein". */
const CHINESE = '营养成分表 能量 蛋白质';

const SIZE = 14;
const X = 10;
const Y = 30;
const WIDTH = 320;
const HEIGHT = 50;

interface Expected {
  id: number;
  cluster: number;
  /** Glyph origin in label units (points), y down as in the SVG. */
  x: number;
  y: number;
}

function hbFont(file: string): { font: hb.Font; upem: number } {
  const face = new hb.Face(new hb.Blob(readFileSync(file)));
  return { font: new hb.Font(face), upem: face.upem };
}

/**
 * The line shaped whole by HarfBuzz with the font file, placed at (X, Y): the glyphs every format must
 * show. White space is a gap, never a glyph, and as wide as Arimo's (the Latin fast path's) space.
 */
function harfbuzz(file: string, text: string, rtl: boolean): { glyphs: Expected[]; font: hb.Font; advance: number; scale: number } {
  const { font, upem } = hbFont(file);
  const arimo = hbFont(FILES.arimo);
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.setDirection(rtl ? hb.Direction.RTL : hb.Direction.LTR);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const k = SIZE / upem;
  const glyphs: Expected[] = [];
  let pen = X;
  for (const g of buffer.getGlyphInfosAndPositions()) {
    const ch = text[g.cluster] ?? '';
    if (/\s/.test(ch)) {
      pen += (arimo.font.glyphHAdvance(arimo.font.nominalGlyph(ch.codePointAt(0) ?? 0) ?? 0) * SIZE) / arimo.upem;
      continue;
    }
    glyphs.push({ id: g.codepoint, cluster: g.cluster, x: pen + (g.xOffset ?? 0) * k, y: Y - (g.yOffset ?? 0) * k });
    pen += (g.xAdvance ?? 0) * k;
  }
  return { glyphs, font, advance: pen - X, scale: k };
}

function drawLine(text: string, mode: TextMode): string {
  const canvas = new SvgCanvas();
  canvas.text(X, Y, text, { size: SIZE });
  return canvas.toSvg(WIDTH, HEIGHT, { title: 'line', embedFont: mode === 'text', textMode: mode });
}

/** The glyphs an SVG draws: per group, its <use> references placed by the group's transform. */
function svgGlyphs(svg: string): Array<{ font: string; id: number; x: number; y: number; d: string }> {
  const root = parseXml(svg);
  const paths = new Map(elements(root, 'path').map((p) => [p.attrs.id, p.attrs.d ?? '']));
  return elements(root, 'use').map((use) => {
    const group = use.parent?.attrs.transform ?? '';
    const m = /^matrix\(([\d.e-]+) 0 0 (-[\d.e-]+) ([-\d.]+) ([-\d.]+)\)$/.exec(group);
    if (!m) throw new Error(`unexpected group transform ${group}`);
    const [k, gx, gy] = [Number(m[1]), Number(m[3]), Number(m[4])];
    const href = use.attrs.href ?? '';
    const ref = /^#g-(.+)-(\d+)$/.exec(href);
    if (!ref) throw new Error(`unexpected glyph reference ${href}`);
    return {
      font: ref[1] ?? '',
      id: Number(ref[2]),
      x: gx + Number(use.attrs.x ?? 0) * k,
      y: gy - Number(use.attrs.y ?? 0) * k,
      d: paths.get(href.slice(1)) ?? '',
    };
  });
}

/** The grey value of each pixel of our PNG (8-bit greyscale or RGB, unfiltered rows, as png-encode.ts writes them). */
function pngGrey(png: Buffer): { width: number; height: number; grey: Uint8Array } {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const channels = png[25] === 0 ? 1 : 3;
  let idat = Buffer.alloc(0);
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat = Buffer.concat([idat, png.subarray(at + 8, at + 8 + length)]);
    at += 12 + length;
  }
  const rows = inflateSync(idat);
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) grey[y * width + x] = rows[y * (width * channels + 1) + 1 + x * channels] ?? 0;
  }
  return { width, height, grey };
}

beforeAll(async () => {
  await loadShaper();
});

describe.each([
  { script: 'Arabic', text: ARABIC, file: FILES.arabic, rtl: true, font: 'noto-sans-arabic-regular', pdfFont: 'NotoSansArabic-Regular' },
  { script: 'Chinese', text: CHINESE, file: FILES.chinese, rtl: false, font: 'noto-sans-sc-regular', pdfFont: 'NotoSansSC-Regular' },
])('a $script line', ({ text, file, rtl, font, pdfFont }) => {
  const expected = harfbuzz(file, text, rtl);

  it('needs the shaper, and measures as HarfBuzz lays it out', () => {
    expect(textNeedsShaping(text)).toBe(true);
    expect(textWidth(text, 'regular', SIZE)).toBeCloseTo(expected.advance, 6);
  });

  it('SVG: the glyph ids HarfBuzz chose, in its order, at its positions, with its outlines', () => {
    const drawn = svgGlyphs(drawLine(text, 'text'));
    expect(drawn.map((g) => g.font)).toEqual(expected.glyphs.map(() => font));
    expect(drawn.map((g) => g.id)).toEqual(expected.glyphs.map((g) => g.id));
    drawn.forEach((g, i) => {
      expect(g.x, `glyph ${i} x`).toBeCloseTo(expected.glyphs[i]?.x ?? Number.NaN, 2);
      expect(g.y, `glyph ${i} y`).toBeCloseTo(expected.glyphs[i]?.y ?? Number.NaN, 2);
      expect(g.d).toBe(expected.font.glyphToPath(g.id));
    });
    // No missing-glyph boxes.
    expect(drawn.every((g) => g.id !== 0 && g.d !== '')).toBe(true);
  });

  it('PNG: the pixels of those outlines at those positions', () => {
    const zoom = 3;
    const ours = pngGrey(svgToPng(drawLine(text, 'outlines'), zoom));
    expect([ours.width, ours.height]).toEqual([WIDTH * zoom, HEIGHT * zoom]);
    // A drawing of glyphs alone, each outline straight from HarfBuzz, rasterised by resvg as the PNG is.
    const drawing = (glyphs: Array<{ id: number; x: number; y: number }>): Uint8Array => {
      const k = expected.scale;
      const paths = glyphs
        .map((g) => `<path transform="matrix(${k} 0 0 ${-k} ${g.x} ${g.y})" d="${expected.font.glyphToPath(g.id)}"/>`)
        .join('');
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>${paths}</svg>`;
      const { pixels } = rasterise(svg, zoom);
      return Uint8Array.from({ length: pixels.length / 4 }, (_, i) => pixels[i * 4] ?? 0);
    };
    // How far our pixels are from a drawing's, as a share of the drawing's ink (anti-aliasing of the same
    // outlines drawn through <use> and through a plain path differs by a few levels at some edges).
    const mismatch = (drawn: Uint8Array): number => {
      let ink = 0;
      let off = 0;
      drawn.forEach((v, i) => {
        ink += 255 - v;
        off += Math.abs(v - (ours.grey[i] ?? 0));
      });
      return off / ink;
    };
    const shaped = drawing(expected.glyphs);
    expect(shaped.filter((v) => v < 128).length).toBeGreaterThan(1000);
    expect(mismatch(shaped)).toBeLessThan(0.01);
    // The same characters unshaped (one nominal glyph each, left to right) would look clearly different.
    const chars = Array.from(text).filter((ch) => !/\s/.test(ch));
    let pen = X;
    const unshaped = chars.map((ch) => {
      const id = expected.font.nominalGlyph(ch.codePointAt(0) ?? 0) ?? 0;
      const at = { id, x: pen, y: Y };
      pen += expected.font.glyphHAdvance(id) * expected.scale;
      return at;
    });
    expect(mismatch(drawing(unshaped))).toBeGreaterThan(0.3);
  });

  it('PDF: text in the embedded font, those glyphs at those positions, readable back as the line', () => {
    const pdf = svgToPdfSync(drawLine(text, 'shaped-text'), 'line', { creationDate: new Date('2026-01-01T00:00:00Z') });
    const drawn = pdfGlyphs(pdf);
    expect(drawn.every((g) => g.font.name === pdfFont && g.size === SIZE)).toBe(true);
    expect(drawn).toHaveLength(expected.glyphs.length);
    const embedded = fontkit.create(drawn[0]?.font.file ?? Buffer.alloc(0)) as fontkit.Font;
    const original = fontkit.create(readFileSync(file)) as fontkit.Font;
    drawn.forEach((g, i) => {
      const want = expected.glyphs[i];
      // The embedded font is a subset with its own glyph numbers: a glyph is known by its outline.
      expect(embedded.getGlyph(g.code).path.toSVG(), `glyph ${i}`).toBe(original.getGlyph(want?.id ?? -1).path.toSVG());
      expect(g.x, `glyph ${i} x`).toBeCloseTo(want?.x ?? Number.NaN, 2);
      expect(g.y, `glyph ${i} y`).toBeCloseTo(want?.y ?? Number.NaN, 2);
    });
    // Each run is one <text> (BT ... ET); a right-to-left run's glyphs read from right to left.
    const blocks = [...new Set(drawn.map((g) => g.block))].map((block) => drawn.filter((g) => g.block === block));
    const words = blocks.map((glyphs) => {
      const inReadingOrder = rtl ? [...glyphs].reverse() : glyphs;
      return inReadingOrder.map((g) => g.font.unicode.get(g.code) ?? '?').join('');
    });
    expect((rtl ? words.reverse() : words).join(' ')).toBe(text);
  });
});

describe('Arabic shaping is visible in the glyphs', () => {
  it("letters take their joined forms (not the characters' own glyphs) and the line runs right to left", () => {
    const { glyphs, font } = harfbuzz(FILES.arabic, ARABIC, true);
    const nominal = (cluster: number): number | undefined => font.nominalGlyph(ARABIC.codePointAt(cluster) ?? 0);
    const joined = glyphs.filter((g) => g.id !== nominal(g.cluster));
    expect(joined.length).toBeGreaterThan(glyphs.length / 2);
    // The leftmost glyph is the last letter; the rightmost, the first.
    expect(glyphs[0]?.cluster).toBe(ARABIC.length - 1);
    expect(glyphs.at(-1)?.cluster).toBe(0);
  });
});

describe('laying out mixed lines', () => {
  const runs = (text: string, direction: 'auto' | 'ltr' | 'rtl' = 'auto') =>
    activeShaper()
      .layoutLine(text, 'regular', direction)
      .runs.map((r) => [r.text, r.font, r.rtl ? 'rtl' : 'ltr']);

  it('Latin then Arabic (UAX #9, paragraph left to right): the Arabic words in reverse order, digits left to right inside them', () => {
    expect(runs('Sugar السكر 100 غ')).toEqual([
      ['Sugar', 'arimo-regular', 'ltr'],
      ['غ', 'noto-sans-arabic-regular', 'rtl'],
      ['100', 'noto-sans-arabic-regular', 'ltr'],
      ['السكر', 'noto-sans-arabic-regular', 'rtl'],
    ]);
  });

  it('an Arabic paragraph is right to left from its first letter, or when asked', () => {
    expect(runs('السكر 100 غ')).toEqual([
      ['غ', 'noto-sans-arabic-regular', 'rtl'],
      ['100', 'noto-sans-arabic-regular', 'ltr'],
      ['السكر', 'noto-sans-arabic-regular', 'rtl'],
    ]);
    expect(runs('100 g', 'rtl').map(([t]) => t)).toEqual(['100', 'g'].reverse());
  });

  it('font fallback per run: each script in the first font that has it, punctuation with the word it belongs to', () => {
    expect(runs('Energy 能量 (kJ)')).toEqual([
      ['Energy', 'arimo-regular', 'ltr'],
      ['能量', 'noto-sans-sc-regular', 'ltr'],
      ['(kJ)', 'arimo-regular', 'ltr'],
    ]);
    expect(runs('能量：2000千焦')).toEqual([['能量：2000千焦', 'noto-sans-sc-regular', 'ltr']]);
  });

  it('brackets in a right-to-left run are mirrored: the run opens at its right', () => {
    const line = activeShaper().layoutLine('(مضاف)', 'regular', 'auto');
    const [run] = line.runs;
    expect(run?.rtl).toBe(true);
    // Visual order: the leftmost glyph is the closing bracket (cluster 5), the rightmost the opening one.
    expect(run?.glyphs[0]?.cluster).toBe(5);
    expect(run?.glyphs.at(-1)?.cluster).toBe(0);
  });

  it('an anchored line ends (or centres) where asked, measured as drawn', () => {
    const canvas = new SvgCanvas();
    canvas.text(300, 20, ARABIC, { size: SIZE, anchor: 'end' });
    canvas.text(160, 40, ARABIC, { size: SIZE, anchor: 'middle' });
    const groups = elements(parseXml(canvas.toSvg(WIDTH, HEIGHT, { title: 't', embedFont: false })), 'g');
    const width = textWidth(ARABIC, 'regular', SIZE);
    const lefts = groups.map((g) => Number(/ ([-\d.]+) ([-\d.]+)\)$/.exec(g.attrs.transform ?? '')?.[1]));
    // Each line's first (leftmost) run starts at its left edge.
    expect(lefts[0]).toBeCloseTo(300 - width, 2);
    expect(lefts[2]).toBeCloseTo(160 - width / 2, 2);
  });

  it('shaped text is drawn from the shaper, never from the embedded font subsets', () => {
    const canvas = new SvgCanvas();
    canvas.text(10, 20, 'Sugar', { size: 8 });
    canvas.text(10, 40, 'سكر', { size: 8 });
    expect([...canvas.usedText.values()].flat()).toEqual(['Sugar']);
  });
});

describe('which text needs the shaper', () => {
  it.each([
    ['Nutrition Facts', false],
    ['Valeur nutritive 15 %', false],
    ['Énergie — ½ tasse (125 mL) • µg ≤ 5 %', false],
    ['Ballaststoffe «Ä»', false],
    ['Белки', false],
    ['Emoji 🍪 stay on the fast path', false],
    ['سكر', true],
    ['שמן', true],
    ['能量', true],
    ['カロリー', true],
    ['a\u200db', true],
  ])('%s: %s', (text, needs) => {
    expect(textNeedsShaping(text)).toBe(needs);
  });
});

describe('hostile text', () => {
  it('a line of 130,000 pieces (one-letter Arabic words and spaces) lays out: no limit of arguments or stack is met', () => {
    const text = 'س '.repeat(65_000);
    const line = activeShaper().layoutLine(text, 'regular', 'auto');
    expect(line.runs).toHaveLength(65_000);
    expect(line.width).toBeGreaterThan(0);
  });

  it('nested bidirectional embeddings to the deepest level still end in left-to-right order of runs', () => {
    const text = `${'\u202b\u202a'.repeat(70)}abc ${'\u202c'.repeat(140)}سكر`;
    const line = activeShaper().layoutLine(text, 'regular', 'auto');
    expect(line.runs.map((r) => r.text.replace(/[\u202a-\u202e]/g, ''))).toContain('سكر');
  });
});
