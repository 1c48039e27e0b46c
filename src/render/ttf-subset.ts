// Cuts a TrueType font down to the characters a label uses, so a standalone .svg can carry its
// font as a data URL: the four Arimo files weigh ~1.3 MB in base64, a label's subsets a few KB.
// Also strips the OpenType layout tables for pdfkit, whose shaping of GSUB/GPOS dominated the
// PDF time. Glyph outlines and hinting are copied byte for byte; only indexes are rewritten.

// Written here, not taken from fontkit: fontkit reads the font (ttf.ts), but its TTFSubset writes only
// the tables a PDF embedding needs (head, hhea, loca, maxp, prep, glyf, hmtx; no cmap, OS/2, name or
// post), and a browser refuses an @font-face without them. Why, with figures: docs/decisions.md.
import { must } from '../lib/must.js';
import { readTableDirectory, readMetrics } from './ttf.js';

// Tables indexed by glyph id that we do not rebuild, and the OpenType layout tables (no shaping is
// needed for Latin label text; kerning is the only loss).
const DROPPED_IN_SUBSET = new Set(['GDEF', 'GPOS', 'GSUB', 'STAT', 'DSIG', 'hdmx', 'LTSH', 'VDMX', 'kern', 'morx', 'BASE', 'JSTF', 'MATH']);
const LAYOUT_TABLES = new Set(['GDEF', 'GPOS', 'GSUB', 'DSIG', 'BASE', 'JSTF', 'MATH', 'STAT']);

function checksum(data: Buffer): number {
  let sum = 0;
  const padded = data.length % 4 === 0 ? data : Buffer.concat([data, Buffer.alloc(4 - (data.length % 4))]);
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

/** Writes an sfnt with the given tables (tags sorted, 4-byte aligned, checksums and head adjustment set). */
export function writeTtf(tables: Map<string, Buffer>): Buffer {
  const entries = [...tables].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const tags = entries.map(([tag]) => tag);
  const count = tags.length;
  const entrySelector = Math.floor(Math.log2(count));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(count * 16 - searchRange, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  entries.forEach(([tag, table], i) => {
    let data = table;
    if (tag === 'head') {
      data = Buffer.from(data);
      data.writeUInt32BE(0, 8);
      tables.set(tag, data);
    }
    const at = 12 + 16 * i;
    header.write(tag, at, 4, 'latin1');
    header.writeUInt32BE(checksum(data), at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(data.length, at + 12);
    const pad = (4 - (data.length % 4)) % 4;
    bodies.push(data, Buffer.alloc(pad));
    offset += data.length + pad;
  });
  const font = Buffer.concat([header, ...bodies]);
  const headEntry = tags.indexOf('head');
  if (headEntry >= 0) {
    const headOffset = header.readUInt32BE(12 + 16 * headEntry + 8);
    font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headOffset + 8);
  }
  return font;
}

function tableData(buf: Buffer, tag: string): Buffer {
  const t = readTableDirectory(buf).get(tag);
  if (!t) throw new Error(`font has no ${tag} table`);
  return buf.subarray(t.offset, t.offset + t.length);
}

/** The font without its OpenType layout tables (pdfkit then lays text out from cmap + hmtx only). */
export function stripLayoutTables(buf: Buffer): Buffer {
  const tables = new Map<string, Buffer>();
  for (const [tag, t] of readTableDirectory(buf)) {
    if (!LAYOUT_TABLES.has(tag)) tables.set(tag, Buffer.from(buf.subarray(t.offset, t.offset + t.length)));
  }
  return writeTtf(tables);
}

export interface GlyphSource {
  glyf: Buffer;
  offsets: number[];
}

/** The glyf table and each glyph's byte offset in it (loca), for numGlyphs + 1 entries. */
export function readGlyphs(buf: Buffer): GlyphSource {
  const head = tableData(buf, 'head');
  const longLoca = head.readInt16BE(50) === 1;
  const numGlyphs = tableData(buf, 'maxp').readUInt16BE(4);
  const loca = tableData(buf, 'loca');
  const offsets: number[] = [];
  for (let i = 0; i <= numGlyphs; i++) offsets.push(longLoca ? loca.readUInt32BE(4 * i) : loca.readUInt16BE(2 * i) * 2);
  return { glyf: tableData(buf, 'glyf'), offsets };
}

const ARG_WORDS = 0x0001;
const HAS_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const XY_SCALE = 0x0040;
const TWO_BY_TWO = 0x0080;

/** Visits the component glyph-id fields of a composite glyph (numberOfContours < 0). */
function forEachComponent(glyph: Buffer, visit: (idOffset: number) => void): void {
  if (glyph.length < 10 || glyph.readInt16BE(0) >= 0) return;
  let at = 10;
  for (;;) {
    const flags = glyph.readUInt16BE(at);
    visit(at + 2);
    at += 4 + (flags & ARG_WORDS ? 4 : 2);
    if (flags & HAS_SCALE) at += 2;
    else if (flags & XY_SCALE) at += 4;
    else if (flags & TWO_BY_TWO) at += 8;
    if (!(flags & MORE_COMPONENTS)) break;
  }
}

function buildCmap(map: Array<[number, number]>): Buffer {
  // Format 4 (BMP), one segment per run where code points and glyph ids both step by one.
  const segments: Array<{ start: number; end: number; delta: number }> = [];
  for (const [cp, gid] of map) {
    const last = segments[segments.length - 1];
    if (last && cp === last.end + 1 && ((gid - cp) & 0xffff) === last.delta) last.end = cp;
    else segments.push({ start: cp, end: cp, delta: (gid - cp) & 0xffff });
  }
  segments.push({ start: 0xffff, end: 0xffff, delta: 1 });
  const n = segments.length;
  const sub = Buffer.alloc(16 + 8 * n);
  const entrySelector = Math.floor(Math.log2(n));
  const searchRange = 2 * 2 ** entrySelector;
  sub.writeUInt16BE(4, 0);
  sub.writeUInt16BE(sub.length, 2);
  sub.writeUInt16BE(0, 4);
  sub.writeUInt16BE(2 * n, 6);
  sub.writeUInt16BE(searchRange, 8);
  sub.writeUInt16BE(entrySelector, 10);
  sub.writeUInt16BE(2 * n - searchRange, 12);
  segments.forEach((s, i) => {
    sub.writeUInt16BE(s.end, 14 + 2 * i);
    sub.writeUInt16BE(s.start, 16 + 2 * n + 2 * i);
    sub.writeUInt16BE(s.delta, 16 + 4 * n + 2 * i);
    sub.writeUInt16BE(0, 16 + 6 * n + 2 * i);
  });
  const header = Buffer.alloc(12);
  header.writeUInt16BE(0, 0);
  header.writeUInt16BE(1, 2);
  header.writeUInt16BE(3, 4); // Windows
  header.writeUInt16BE(1, 6); // Unicode BMP
  header.writeUInt32BE(12, 8);
  return Buffer.concat([header, sub]);
}

/** A font holding only the glyphs of `text` (plus .notdef and composite parts), glyph ids renumbered. */
export function subsetTtf(buf: Buffer, text: string): Buffer {
  const metrics = readMetrics(buf);
  const source = readGlyphs(buf);
  const glyphOf = (g: number): Buffer => source.glyf.subarray(source.offsets[g] ?? 0, source.offsets[g + 1] ?? 0);

  const codePoints = [...new Set(Array.from(text, (c) => c.codePointAt(0) ?? 0))]
    .filter((cp) => cp <= 0xfffe && metrics.glyphId(cp) !== 0)
    .sort((a, b) => a - b);
  const keep = new Set<number>([0]);
  const pending = codePoints.map((cp) => metrics.glyphId(cp));
  for (let g = pending.pop(); g !== undefined; g = pending.pop()) {
    if (keep.has(g)) continue;
    keep.add(g);
    const glyph = glyphOf(g);
    forEachComponent(glyph, (at) => pending.push(glyph.readUInt16BE(at)));
  }
  const oldIds = [...keep].sort((a, b) => a - b);
  const newIds = new Map(oldIds.map((g, i) => [g, i]));
  const newId = (g: number): number => must(newIds.get(g), 'the new id of a kept glyph');

  // glyf + loca (long offsets), components renumbered.
  const glyphs: Buffer[] = [];
  const loca = Buffer.alloc(4 * (oldIds.length + 1));
  let offset = 0;
  oldIds.forEach((g, i) => {
    loca.writeUInt32BE(offset, 4 * i);
    const glyph = Buffer.from(glyphOf(g));
    forEachComponent(glyph, (at) => glyph.writeUInt16BE(newId(glyph.readUInt16BE(at)), at));
    const pad = (4 - (glyph.length % 4)) % 4;
    glyphs.push(glyph, Buffer.alloc(pad));
    offset += glyph.length + pad;
  });
  loca.writeUInt32BE(offset, 4 * oldIds.length);

  // hmtx: every glyph gets a full (advance, lsb) pair.
  const hhea = Buffer.from(tableData(buf, 'hhea'));
  const longMetrics = hhea.readUInt16BE(34);
  const hmtxSrc = tableData(buf, 'hmtx');
  const hmtx = Buffer.alloc(4 * oldIds.length);
  oldIds.forEach((g, i) => {
    const advance = hmtxSrc.readUInt16BE(4 * Math.min(g, longMetrics - 1));
    const lsb = g < longMetrics ? hmtxSrc.readInt16BE(4 * g + 2) : hmtxSrc.readInt16BE(4 * longMetrics + 2 * (g - longMetrics));
    hmtx.writeUInt16BE(advance, 4 * i);
    hmtx.writeInt16BE(lsb, 4 * i + 2);
  });
  hhea.writeUInt16BE(oldIds.length, 34);

  const head = Buffer.from(tableData(buf, 'head'));
  head.writeInt16BE(1, 50);
  const maxp = Buffer.from(tableData(buf, 'maxp'));
  maxp.writeUInt16BE(oldIds.length, 4);
  // post version 3: no glyph names (they were indexed by the old ids).
  const post = Buffer.from(tableData(buf, 'post').subarray(0, 32));
  post.writeUInt32BE(0x00030000, 0);

  const tables = new Map<string, Buffer>([
    ['head', head],
    ['hhea', hhea],
    ['maxp', maxp],
    ['post', post],
    ['hmtx', hmtx],
    ['loca', loca],
    ['glyf', Buffer.concat(glyphs)],
    ['cmap', buildCmap(codePoints.map((cp) => [cp, newId(metrics.glyphId(cp))]))],
  ]);
  for (const [tag, t] of readTableDirectory(buf)) {
    if (!tables.has(tag) && !DROPPED_IN_SUBSET.has(tag)) tables.set(tag, Buffer.from(buf.subarray(t.offset, t.offset + t.length)));
  }
  return writeTtf(tables);
}
