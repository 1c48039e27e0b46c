// TrueType glyph outlines as SVG path data, read once per process from the Arimo files. The PNG
// renderer draws label text on the Latin fast path as these outlines (shaped text is drawn from the
// shaper's own outlines, svg/shaped-text.ts): resvg-js reopens and rereads the whole font file
// for every glyph it shapes (about 900 file reads for a 20-line label, two thirds of the PNG time),
// and it has no API to keep a font in memory. Drawing the outlines ourselves also places every
// glyph by the same advance widths the layout measured (ttf.ts), so text and rules always agree.

import { fontBuffer, type FontFace } from './fonts.js';
import { readMetrics, type TtfMetrics } from './ttf.js';
import { readGlyphs, type GlyphSource } from './ttf-subset.js';

/**
 * One glyph's outline as relative path data in font units (y up), so it can be appended to a
 * path at any pen position: `start` is where its first contour begins, `end` where the current
 * point is left after its last `z` (the start of its last contour). Empty glyphs (space) have no body.
 */
export interface GlyphOutline {
  start: readonly [number, number];
  end: readonly [number, number];
  body: string;
}

interface Point {
  x: number;
  y: number;
  onCurve: boolean;
}

// Simple glyph flags (OpenType glyf table).
const ON_CURVE = 0x01;
const X_SHORT = 0x02;
const Y_SHORT = 0x04;
const REPEAT = 0x08;
const X_SAME_OR_POSITIVE = 0x10;
const Y_SAME_OR_POSITIVE = 0x20;
// Composite glyph flags.
const ARG_WORDS = 0x0001;
const ARGS_ARE_XY = 0x0002;
const HAS_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const XY_SCALE = 0x0040;
const TWO_BY_TWO = 0x0080;

function simpleContours(glyph: Buffer, contourCount: number): Point[][] {
  const ends: number[] = [];
  for (let i = 0; i < contourCount; i++) ends.push(glyph.readUInt16BE(10 + 2 * i));
  const pointCount = (ends.at(-1) ?? -1) + 1;
  let at = 10 + 2 * contourCount;
  at += 2 + glyph.readUInt16BE(at); // instructions
  const flags: number[] = [];
  while (flags.length < pointCount) {
    const flag = glyph.readUInt8(at++);
    flags.push(flag);
    if (flag & REPEAT) for (let n = glyph.readUInt8(at++); n > 0; n--) flags.push(flag);
  }
  // Each coordinate is a delta from the point before: a byte whose sign the flag gives, nothing (the same value), or a signed word.
  const delta = (flag: number, short: number, sameOrPositive: number): number => {
    if (flag & short) {
      const byte = glyph.readUInt8(at++);
      return flag & sameOrPositive ? byte : -byte;
    }
    if (flag & sameOrPositive) return 0;
    const word = glyph.readInt16BE(at);
    at += 2;
    return word;
  };
  // All the x coordinates come first, then all the y coordinates.
  const points = flags.slice(0, pointCount).map((flag) => ({ flag, x: 0, y: 0 }));
  let x = 0;
  for (const p of points) p.x = x += delta(p.flag, X_SHORT, X_SAME_OR_POSITIVE);
  let y = 0;
  for (const p of points) p.y = y += delta(p.flag, Y_SHORT, Y_SAME_OR_POSITIVE);
  const contours: Point[][] = [];
  let first = 0;
  for (const end of ends) {
    contours.push(points.slice(first, end + 1).map((p) => ({ x: p.x, y: p.y, onCurve: (p.flag & ON_CURVE) !== 0 })));
    first = end + 1;
  }
  return contours;
}

function f2dot14(buf: Buffer, at: number): number {
  return buf.readInt16BE(at) / 16384;
}

/** A glyph's contours in font units; composite glyphs (accented letters) are resolved from their parts. */
function glyphContours(source: GlyphSource, id: number, depth = 0): Point[][] {
  const glyph = source.glyf.subarray(source.offsets[id] ?? 0, source.offsets[id + 1] ?? 0);
  if (glyph.length < 10) return [];
  const contourCount = glyph.readInt16BE(0);
  if (contourCount >= 0) return simpleContours(glyph, contourCount);
  if (depth > 8) return []; // a malformed font could nest components forever
  const out: Point[][] = [];
  let at = 10;
  for (;;) {
    const flags = glyph.readUInt16BE(at);
    const component = glyph.readUInt16BE(at + 2);
    at += 4;
    const words = (flags & ARG_WORDS) !== 0;
    const arg1 = words ? glyph.readInt16BE(at) : glyph.readInt8(at);
    const arg2 = words ? glyph.readInt16BE(at + 2) : glyph.readInt8(at + 1);
    at += words ? 4 : 2;
    let [a, b, c, d] = [1, 0, 0, 1];
    if (flags & HAS_SCALE) {
      a = d = f2dot14(glyph, at);
      at += 2;
    } else if (flags & XY_SCALE) {
      a = f2dot14(glyph, at);
      d = f2dot14(glyph, at + 2);
      at += 4;
    } else if (flags & TWO_BY_TWO) {
      [a, b, c, d] = [f2dot14(glyph, at), f2dot14(glyph, at + 2), f2dot14(glyph, at + 4), f2dot14(glyph, at + 6)];
      at += 8;
    }
    // Point-matching placement (ARGS_ARE_XY unset) is not used by Arimo's Latin glyphs; place at 0,0.
    const [dx, dy] = flags & ARGS_ARE_XY ? [arg1, arg2] : [0, 0];
    for (const contour of glyphContours(source, component, depth + 1)) {
      out.push(contour.map((p) => ({ x: a * p.x + c * p.y + dx, y: b * p.x + d * p.y + dy, onCurve: p.onCurve })));
    }
    if (!(flags & MORE_COMPONENTS)) break;
  }
  return out;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * Quadratic TrueType contours as relative SVG path data: two off-curve points in a row imply an
 * on-curve point half-way between them; a contour may start off-curve.
 */
function outlineOf(contours: Point[][]): GlyphOutline {
  const parts: string[] = [];
  let start: [number, number] | null = null;
  let pen: [number, number] = [0, 0];
  let end: [number, number] = [0, 0];
  const rel = (x: number, y: number): string => `${round(x - pen[0])} ${round(y - pen[1])}`;
  for (const contour of contours) {
    const firstOn = contour.findIndex((p) => p.onCurve);
    // The contour from its first on-curve point on (as it is when it has none).
    const ordered = firstOn > 0 ? [...contour.slice(firstOn), ...contour.slice(0, firstOn)] : contour;
    const head = ordered[0];
    if (head === undefined) continue;
    // With no on-curve point at all, the contour starts at the midpoint of its first two points.
    const second = ordered[1] ?? head;
    const origin = firstOn >= 0 ? { x: head.x, y: head.y } : { x: (head.x + second.x) / 2, y: (head.y + second.y) / 2 };
    if (start === null) start = [origin.x, origin.y];
    else parts.push(`m${rel(origin.x, origin.y)}`);
    pen = [origin.x, origin.y];
    // The points after the origin, in order, then the origin again to close the contour.
    const sequence: Point[] = firstOn >= 0 ? ordered.slice(1) : [...ordered.slice(1), head];
    sequence.push({ ...origin, onCurve: true });
    let control: Point | null = null;
    for (const target of sequence) {
      if (target.onCurve) {
        parts.push(control ? `q${rel(control.x, control.y)} ${rel(target.x, target.y)}` : `l${rel(target.x, target.y)}`);
        pen = [target.x, target.y];
        control = null;
      } else if (control) {
        const mid = { x: (control.x + target.x) / 2, y: (control.y + target.y) / 2 };
        parts.push(`q${rel(control.x, control.y)} ${rel(mid.x, mid.y)}`);
        pen = [mid.x, mid.y];
        control = target;
      } else {
        control = target;
      }
    }
    parts.push('z');
    pen = [origin.x, origin.y];
    end = [origin.x, origin.y];
  }
  return { start: start ?? [0, 0], end, body: parts.join('') };
}

interface FaceOutlines {
  metrics: TtfMetrics;
  source: GlyphSource;
  glyphs: Map<number, GlyphOutline>;
}

const faces = new Map<FontFace, FaceOutlines>();

function face(name: FontFace): FaceOutlines {
  let found = faces.get(name);
  if (!found) {
    const buf = fontBuffer(name);
    found = { metrics: readMetrics(buf), source: readGlyphs(buf), glyphs: new Map() };
    faces.set(name, found);
  }
  return found;
}

/** The outline of the glyph a code point maps to in a face (.notdef when unmapped), cached per process. */
export function glyphOutline(name: FontFace, codePoint: number): GlyphOutline {
  const f = face(name);
  const id = f.metrics.glyphId(codePoint);
  let outline = f.glyphs.get(id);
  if (!outline) {
    outline = outlineOf(glyphContours(f.source, id));
    f.glyphs.set(id, outline);
  }
  return outline;
}

/**
 * Path data for a line of text in font units (y up, baseline at 0, pen from x 0): each glyph's
 * outline moved along by the advance widths of the glyphs before it.
 */
export function textOutline(name: FontFace, text: string): { d: string; advance: number; unitsPerEm: number } {
  const f = face(name);
  const parts: string[] = [];
  let pen: readonly [number, number] = [0, 0];
  let x = 0;
  for (const ch of text) {
    const codePoint = ch.codePointAt(0) ?? 0;
    const glyph = glyphOutline(name, codePoint);
    if (glyph.body !== '') {
      const mx = round(x + glyph.start[0] - pen[0]);
      const my = round(glyph.start[1] - pen[1]);
      parts.push(parts.length === 0 ? `M${mx} ${my}` : `m${mx} ${my}`, glyph.body);
      pen = [x + glyph.end[0], glyph.end[1]];
    }
    x += f.metrics.advance(codePoint);
  }
  return { d: parts.join(''), advance: x, unitsPerEm: f.metrics.unitsPerEm };
}
