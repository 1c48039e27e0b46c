// Reading TrueType fonts, through fontkit (the parser pdfkit itself uses): just what text layout needs
// (units per em, hhea ascender/descender, the cmap and the advance widths), so wrapping and column
// layout agree with resvg and pdfkit glyph for glyph. This is the Latin fast path: no shaping, kerning
// is ignored (it moves a line by a fraction of a point at label sizes, and the PDF drops the layout
// tables for speed, see pdf.ts). Scripts that need shaping go to the shaper (text/shaper.ts).
import * as fontkit from 'fontkit';

export interface TtfTable {
  offset: number;
  length: number;
}

export interface TtfMetrics {
  unitsPerEm: number;
  /** hhea ascender / descender, in font units (descender is negative). */
  ascender: number;
  descender: number;
  /** Advance width in font units for a code point (the .notdef advance when unmapped). */
  advance(codePoint: number): number;
  /** Glyph id for a code point (0 when unmapped). */
  glyphId(codePoint: number): number;
}

/** fontkit parses the sfnt table directory but leaves it out of its published types. */
interface WithDirectory {
  directory: { tables: Record<string, TtfTable> };
}

function openFont(buf: Buffer): fontkit.Font {
  const font = fontkit.create(buf);
  // A collection (.ttc) holds several fonts; the label fonts are single TrueType files.
  if (!('unitsPerEm' in font)) throw new Error('expected a single TrueType font, not a collection');
  return font;
}

/** The sfnt table directory: each table's byte range in the file, by tag. */
export function readTableDirectory(buf: Buffer): Map<string, TtfTable> {
  const { tables } = (openFont(buf) as unknown as WithDirectory).directory;
  return new Map(Object.entries(tables).map(([tag, t]) => [tag, { offset: t.offset, length: t.length }]));
}

export function readMetrics(buf: Buffer): TtfMetrics {
  const font = openFont(buf);
  // Layout asks for a width per character of every label line, and fontkit builds a glyph object per
  // lookup: each mapped character is looked up once and remembered (at most the font's own character
  // set, a few thousand entries). Reading the whole cmap up front instead cost ~80 ms per face.
  const known = new Map<number, { id: number; advance: number }>();
  const lookup = (codePoint: number): { id: number; advance: number } | undefined => {
    let found = known.get(codePoint);
    if (found === undefined && font.hasGlyphForCodePoint(codePoint)) {
      const glyph = font.glyphForCodePoint(codePoint);
      found = { id: glyph.id, advance: glyph.advanceWidth };
      known.set(codePoint, found);
    }
    return found;
  };
  const notdefAdvance = font.getGlyph(0).advanceWidth;
  return {
    unitsPerEm: font.unitsPerEm,
    ascender: font.ascent,
    descender: font.descent,
    glyphId: (codePoint) => lookup(codePoint)?.id ?? 0,
    advance: (codePoint) => lookup(codePoint)?.advance ?? notdefAdvance,
  };
}
