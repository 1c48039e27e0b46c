// The PDF's fonts for text that needs shaping. pdfkit takes any object with a `layout` method as a
// font; each of these is a shaping font (text/shaping-fonts.ts) parsed by fontkit, as pdfkit would parse
// it, whose `layout` answers with the glyphs and positions of our shaper (text/shaper.ts) instead of
// fontkit's own. svg-to-pdfkit lays a <text> out through it and places each glyph at the shaper's
// position; pdfkit embeds the font cut down to the glyphs used, with a ToUnicode map, so the PDF keeps
// the text as text (selectable, searchable) in the glyphs the .svg and the PNG show.
//
// Each run arrives as its own <text>, led by a mark for its direction (text/run-encoding.ts): pdfkit
// lays text out a word at a time, and a run has no white space, so it is shaped whole, as the canvas
// shaped it.

import * as fontkit from 'fontkit';
import { fileBuffer } from './font-files.js';
import { decodeRunText } from './text/run-encoding.js';
import { activeShaper, type ShapedGlyph } from './text/shaper.js';
import { shapingFontPath, type ShapingFont } from './text/shaping-fonts.js';

/** What pdfkit reads of a laid-out glyph (its EmbeddedFont.encode). */
interface LaidOutGlyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

/** fontkit's GlyphPosition, in font units; pdfkit scales every member of it. */
interface LaidOutPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}

// svg-to-pdfkit draws no glyph whose advance width is zero (it takes them for collapsed white space),
// which would drop every mark the shaper positioned: Arabic dots and vowel signs have no advance of
// their own. Such a glyph is given a thousandth of a font unit instead, nothing on a page.
const ZERO_WIDTH_STAND_IN = 0.001;

/**
 * The characters each glyph stands for, for the PDF's ToUnicode map: a cluster's characters go to the
 * glyph that comes first in reading order, and the cluster's other glyphs (marks) stand for none.
 */
function charactersOf(text: string, glyphs: ShapedGlyph[], rtl: boolean): number[][] {
  const starts = [...new Set(glyphs.map((g) => g.cluster))].sort((a, b) => a - b);
  const readingOrder = rtl ? [...glyphs.keys()].reverse() : [...glyphs.keys()];
  const out: number[][] = glyphs.map(() => []);
  const given = new Set<number>();
  for (const i of readingOrder) {
    const cluster = glyphs[i]?.cluster ?? 0;
    if (given.has(cluster)) continue;
    given.add(cluster);
    const end = starts.find((start) => start > cluster) ?? text.length;
    out[i] = Array.from(text.slice(cluster, end), (ch) => ch.codePointAt(0) ?? 0);
  }
  return out;
}

function layoutRun(font: ShapingFont, parsed: fontkit.Font, written: string) {
  const { text, rtl } = decodeRunText(written);
  const { glyphs, advance } = activeShaper().shapeRun(font, text, rtl);
  const characters = charactersOf(text, glyphs, rtl);
  return {
    glyphs: glyphs.map(
      (g, i): LaidOutGlyph => ({
        id: g.id,
        advanceWidth: parsed.getGlyph(g.id).advanceWidth || ZERO_WIDTH_STAND_IN,
        codePoints: characters[i] ?? [],
      }),
    ),
    // svg-to-pdfkit adds yOffset to an SVG y, which grows downwards; the shaper's offsets grow upwards.
    positions: glyphs.map((g): LaidOutPosition => ({ xAdvance: g.advance, yAdvance: 0, xOffset: g.dx, yOffset: -g.dy })),
    advanceWidth: advance,
  };
}

const fonts = new Map<ShapingFont, fontkit.Font>();

/** A shaping font as pdfkit takes it (doc.registerFont), parsed once per process. */
export function shapedPdfFont(font: ShapingFont): fontkit.Font {
  let wrapped = fonts.get(font);
  if (wrapped === undefined) {
    const parsed = fontkit.create(fileBuffer(shapingFontPath(font))) as fontkit.Font;
    const layout = (text: string) => layoutRun(font, parsed, text);
    // Everything but `layout` is the parsed font itself (its tables, subsetting, metrics).
    wrapped = new Proxy(parsed, { get: (target, name) => (name === 'layout' ? layout : Reflect.get(target, name, target)) });
    fonts.set(font, wrapped);
  }
  return wrapped;
}
