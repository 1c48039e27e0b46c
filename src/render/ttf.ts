// A minimal TrueType reader: just enough to measure text (cmap + hmtx) the way the renderers
// will draw it, so wrapping and column layout agree with resvg and pdfkit. No shaping: kerning
// is ignored (it moves a line by a fraction of a point at label sizes).

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

export function readTableDirectory(buf: Buffer): Map<string, TtfTable> {
  const tables = new Map<string, TtfTable>();
  const count = buf.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    tables.set(buf.toString('latin1', at, at + 4), { offset: buf.readUInt32BE(at + 8), length: buf.readUInt32BE(at + 12) });
  }
  return tables;
}

function table(tables: Map<string, TtfTable>, tag: string): TtfTable {
  const t = tables.get(tag);
  if (!t) throw new Error(`font has no ${tag} table`);
  return t;
}

/** Reads a format 4 (BMP) or format 12 (full Unicode) cmap subtable into a code point -> glyph map. */
function readCmap(buf: Buffer, cmap: TtfTable): Map<number, number> {
  const map = new Map<number, number>();
  const count = buf.readUInt16BE(cmap.offset + 2);
  let best: { offset: number; format: number } | null = null;
  for (let i = 0; i < count; i++) {
    const at = cmap.offset + 4 + 8 * i;
    const platform = buf.readUInt16BE(at);
    const encoding = buf.readUInt16BE(at + 2);
    const offset = cmap.offset + buf.readUInt32BE(at + 4);
    const format = buf.readUInt16BE(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode || (format !== 4 && format !== 12)) continue;
    if (!best || (format === 12 && best.format === 4)) best = { offset, format };
  }
  if (!best) throw new Error('font has no Unicode cmap');
  const o = best.offset;
  if (best.format === 12) {
    const groups = buf.readUInt32BE(o + 12);
    for (let g = 0; g < groups; g++) {
      const at = o + 16 + 12 * g;
      const start = buf.readUInt32BE(at);
      const end = buf.readUInt32BE(at + 4);
      const glyph = buf.readUInt32BE(at + 8);
      for (let c = start; c <= end; c++) map.set(c, glyph + (c - start));
    }
    return map;
  }
  const segX2 = buf.readUInt16BE(o + 6);
  const ends = o + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const rangeOffsets = deltas + segX2;
  for (let s = 0; s < segX2 / 2; s++) {
    const end = buf.readUInt16BE(ends + 2 * s);
    const start = buf.readUInt16BE(starts + 2 * s);
    const delta = buf.readInt16BE(deltas + 2 * s);
    const rangeOffset = buf.readUInt16BE(rangeOffsets + 2 * s);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) {
        glyph = (c + delta) & 0xffff;
      } else {
        const at = rangeOffsets + 2 * s + rangeOffset + 2 * (c - start);
        glyph = buf.readUInt16BE(at);
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0) map.set(c, glyph);
    }
  }
  return map;
}

export function readMetrics(buf: Buffer): TtfMetrics {
  const tables = readTableDirectory(buf);
  const head = table(tables, 'head');
  const hhea = table(tables, 'hhea');
  const hmtx = table(tables, 'hmtx');
  const unitsPerEm = buf.readUInt16BE(head.offset + 18);
  const ascender = buf.readInt16BE(hhea.offset + 4);
  const descender = buf.readInt16BE(hhea.offset + 6);
  const longMetrics = buf.readUInt16BE(hhea.offset + 34);
  const cmap = readCmap(buf, table(tables, 'cmap'));
  const advances = new Uint16Array(longMetrics);
  for (let g = 0; g < longMetrics; g++) advances[g] = buf.readUInt16BE(hmtx.offset + 4 * g);
  // Glyphs past numberOfHMetrics share the last advance (OpenType hmtx).
  const advanceOfGlyph = (g: number): number => advances[Math.min(g, longMetrics - 1)] ?? 0;
  return {
    unitsPerEm,
    ascender,
    descender,
    glyphId: (cp) => cmap.get(cp) ?? 0,
    advance: (cp) => advanceOfGlyph(cmap.get(cp) ?? 0),
  };
}
