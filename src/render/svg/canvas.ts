// A tiny SVG writer in label units: 1 unit = 1 point (the regulations give type sizes and rule
// weights in points). The SVG's width/height equal the units, so 1x PNG is 1 px per point and the
// PDF, drawn with 1 unit = 1 pt, prints at the regulation's sizes.

import type { Anchor, TextStyle as LayoutTextStyle, Paint, PlacedRun, Run } from '../../core/label/shared/drawing/canvas.js';
import { pushTo } from '../../lib/group.js';
import { escapeXml } from '../escape.js';
import { FONT_FAMILY, hasBlackFace, textWidth, type FontFace } from '../fonts.js';
import { textOutline } from '../glyph-outlines.js';
import { textNeedsShaping } from '../text/scripts.js';
import { activeShaper, type TextDirection } from '../text/shaper.js';
import { fontFaceCss } from './font-embed.js';
import { GlyphDefs, shapedGlyphs, shapedRuns } from './shaped-text.js';

// The drawing's vocabulary is the label layouts' own (src/core/label/shared/drawing/canvas.ts); the SVG
// canvas adds the direction of text that needs shaping.
export type { Anchor, Paint, PlacedRun, Run } from '../../core/label/shared/drawing/canvas.js';

export interface TextStyle extends LayoutTextStyle {
  /**
   * The paragraph direction of text that needs shaping (text/scripts.ts); default 'auto', from its
   * first letter with a direction. Latin text is always left to right.
   */
  direction?: TextDirection;
}

/**
 * How text is written: 'text' as <text> elements (selectable, drawn by the viewer from the font: the
 * .svg), 'outlines' as filled glyph outlines (the PNG: resvg then needs no fonts), 'shaped-text' as
 * 'text' but with text that needs shaping written as runs in the shaping fonts (the PDF's input: its
 * fonts shape each run as the canvas did, pdf-shaped-fonts.ts). Text that needs shaping is drawn as the
 * shaper's glyphs in 'text' and 'outlines' (a browser would shape it anew, and the embedded subsets
 * keep no layout tables); Latin text is written the same way in 'text' and 'shaped-text'.
 */
export type TextMode = 'text' | 'outlines' | 'shaped-text';

interface TextPart {
  x: number;
  y: number;
  text: string;
  style: TextStyle;
  face: FontFace;
  /** The text needs the shaper (text/scripts.ts). */
  shaped: boolean;
}

function num(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** SVG collapses runs of XML white space and drops it at the ends of a <text> (no xml:space). */
function shownText(text: string): string {
  // XML white space only: a no-break space (French "15 %") is a character like any other.
  return text.replace(/[\t\n\r ]+/g, ' ').replace(/^ | $/g, '');
}

/** Where a line starts for its anchor, given its advance width. */
function leftEdge(x: number, width: number, anchor: Anchor | undefined): number {
  return anchor === 'end' ? x - width : anchor === 'middle' ? x - width / 2 : x;
}

function faceAttributes(face: FontFace): string {
  switch (face) {
    case 'bold':
      return ' font-weight="bold"';
    case 'italic':
      return ' font-style="italic"';
    case 'black':
      // Without a real 900 file the heading is plain bold, and says so.
      return hasBlackFace() ? ' font-weight="900"' : ' font-weight="bold"';
    default:
      return '';
  }
}

function textElement({ x, y, text, style, face }: TextPart): string {
  const anchor = style.anchor && style.anchor !== 'start' ? ` text-anchor="${style.anchor}"` : '';
  const fill = style.fill ? ` fill="${escapeXml(style.fill)}"` : '';
  return `<text x="${num(x)}" y="${num(y)}" font-size="${num(style.size)}"${faceAttributes(face)}${anchor}${fill}>${escapeXml(text)}</text>`;
}

/**
 * The same text as one filled path in the face's glyph outlines. SVG collapses runs of white space
 * and drops it at the ends of a <text> (no xml:space), so the outline does too; the anchor moves
 * the line by its advance width as text-anchor would.
 */
function outlineElement({ x, y, text, style, face }: TextPart): string {
  const shown = shownText(text);
  if (shown === '') return '';
  const { d, advance, unitsPerEm } = textOutline(face, shown);
  if (d === '') return '';
  const scale = style.size / unitsPerEm;
  const width = advance * scale;
  const left = leftEdge(x, width, style.anchor);
  const fill = style.fill ? ` fill="${escapeXml(style.fill)}"` : '';
  const k = Math.round(scale * 1e6) / 1e6;
  return `<path transform="matrix(${k} 0 0 ${-k} ${num(left)} ${num(y)})" d="${d}"${fill}/>`;
}

/** Text that needs shaping, laid out by the shaper: as its glyphs, or as runs for the PDF (see TextMode). */
function shapedElement({ x, y, text, style, face }: TextPart, mode: TextMode, defs: GlyphDefs): string {
  const shown = shownText(text);
  if (shown === '') return '';
  const line = activeShaper().layoutLine(shown, face, style.direction ?? 'auto');
  const at = {
    left: leftEdge(x, line.width * style.size, style.anchor),
    y,
    size: style.size,
    fill: style.fill ? ` fill="${escapeXml(style.fill)}"` : '',
  };
  return mode === 'shaped-text' ? shapedRuns(line, at) : shapedGlyphs(line, at, defs);
}

export class SvgCanvas {
  private readonly parts: Array<string | TextPart> = [];
  /** Every code point drawn per face, so an embedded font can be cut down to them. */
  readonly usedText = new Map<FontFace, string[]>();

  private note(face: FontFace, text: string): void {
    pushTo(this.usedText, face, text);
  }

  /** A line of text in any script: Latin on the fast path, anything else through the shaper (text/scripts.ts). */
  text(x: number, y: number, text: string, style: TextStyle): void {
    if (text === '') return;
    const face = style.face ?? 'regular';
    const shaped = textNeedsShaping(text);
    // Shaped text never draws from the .svg's embedded font subsets (see TextMode).
    if (!shaped) this.note(face, text);
    this.parts.push({ x, y, text, style, face, shaped });
  }

  /** Draws runs already placed on one line (see wrapRuns). Runs with a key go in a data-key group. */
  line(y: number, runs: PlacedRun[], size: number): void {
    for (const run of runs) {
      if (run.key) this.open(run.key);
      this.text(run.x, y, run.text, { size, face: run.face });
      if (run.key) this.close();
    }
  }

  /** A filled bar; rules are rectangles so their weight is exact in every renderer. */
  rect(x: number, y: number, width: number, height: number): void {
    this.parts.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}"/>`);
  }

  /** A rectangle in a colour of its own (the incomplete-data band); `opacity` 0 to 1. */
  fillRect(x: number, y: number, width: number, height: number, fill: string, opacity = 1): void {
    const alpha = opacity < 1 ? ` fill-opacity="${num(opacity)}"` : '';
    this.parts.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}" fill="${escapeXml(fill)}"${alpha}/>`);
  }

  /** A horizontal rule whose top edge is at y. */
  rule(x1: number, x2: number, y: number, weight: number): void {
    this.rect(x1, y, x2 - x1, weight);
  }

  /** An unfilled box with its stroke centred on the given edges. */
  box(x: number, y: number, width: number, height: number, weight: number): void {
    this.parts.push(
      `<rect x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}" fill="none" stroke="#000" stroke-width="${num(weight)}"/>`,
    );
  }

  /** Any outline (curves, arcs) given as SVG path data in label units. */
  path(d: string, paint: Paint = {}): void {
    const attrs = [
      paint.fill ? ` fill="${escapeXml(paint.fill)}"` : '',
      paint.stroke ? ` stroke="${escapeXml(paint.stroke)}"` : '',
      paint.strokeWidth !== undefined ? ` stroke-width="${num(paint.strokeWidth)}"` : '',
      paint.linecap ? ` stroke-linecap="${paint.linecap}"` : '',
    ].join('');
    this.parts.push(`<path d="${escapeXml(d)}"${attrs}/>`);
  }

  /**
   * Opens a group for one nutrient row (or one part of the nutrition symbol): structural tests and
   * client scripts find them by data-key; `attributes` adds data-* members (a bar's nutrient).
   */
  open(dataKey: string, attributes: Record<string, string> = {}): void {
    const extra = Object.entries(attributes)
      .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
      .join('');
    this.parts.push(`<g data-key="${escapeXml(dataKey)}"${extra}>`);
  }

  openClass(className: string): void {
    this.parts.push(`<g class="${escapeXml(className)}">`);
  }

  close(): void {
    this.parts.push('</g>');
  }

  toSvg(width: number, height: number, options: { title: string; embedFont: boolean; textMode?: TextMode }): string {
    const w = num(width);
    const h = num(height);
    const mode = options.textMode ?? 'text';
    const outlines = mode === 'outlines';
    const style = options.embedFont && !outlines ? `<style>${fontFaceCss(this.usedText)}</style>` : '';
    const defs = new GlyphDefs();
    const draw = (part: TextPart): string => {
      if (part.shaped) return shapedElement(part, mode, defs);
      return outlines ? outlineElement(part) : textElement(part);
    };
    const body = this.parts.map((part) => (typeof part === 'string' ? part : draw(part))).join('');
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"` +
      ` font-family="${FONT_FAMILY}" fill="#000" role="img" aria-label="${escapeXml(options.title)}">` +
      `<title>${escapeXml(options.title)}</title>${style}${defs.toSvg()}` +
      `<rect width="${w}" height="${h}" fill="#fff"/>` +
      body +
      '</svg>'
    );
  }
}

interface Piece {
  text: string;
  face: FontFace;
  key?: string;
  /** A space precedes this piece. */
  space: boolean;
  /** A line may break before this piece (after a space, or inside a word too long for any line). */
  breakable: boolean;
}

function pieces(runs: Run[]): Piece[] {
  const out: Piece[] = [];
  let pendingSpace = false;
  for (const run of runs) {
    for (const part of run.text.split(/(\s+)/)) {
      if (part === '') continue;
      if (/^\s+$/.test(part)) {
        pendingSpace = true;
        continue;
      }
      const space = pendingSpace && out.length > 0;
      out.push({ text: part, face: run.face, key: run.key, space, breakable: space });
      pendingSpace = false;
    }
  }
  return out;
}

/** Splits a word wider than the line into chunks that fit (a long token must not overflow the box). */
function splitLong(piece: Piece, size: number, width: number): Piece[] {
  const out: Piece[] = [];
  let current = '';
  const push = (): void => {
    const first = out.length === 0;
    out.push({ ...piece, text: current, space: first && piece.space, breakable: first ? piece.breakable : true });
  };
  for (const ch of piece.text) {
    if (current !== '' && textWidth(current + ch, piece.face, size) > width) {
      push();
      current = '';
    }
    current += ch;
  }
  push();
  return out;
}

/**
 * Greedy line breaking of mixed-face runs at spaces. Returns the runs of each line with their x
 * offsets (from 0); neighbouring pieces in the same face and row are merged into one run.
 */
export function wrapRuns(runs: Run[], size: number, width: number): PlacedRun[][] {
  const lines: PlacedRun[][] = [];
  let line: PlacedRun[] = [];
  let x = 0;
  const all = pieces(runs).flatMap((p) => (textWidth(p.text, p.face, size) > width ? splitLong(p, size, width) : [p]));
  // Words: a piece plus the pieces glued to it ("(10%" + "DV)" never split mid-word).
  const words: Array<[Piece, ...Piece[]]> = [];
  for (const p of all) {
    const last = words[words.length - 1];
    if (p.breakable || !last) words.push([p]);
    else last.push(p);
  }
  for (const word of words) {
    const [first] = word;
    const space = line.length > 0 && first.space ? textWidth(' ', first.face, size) : 0;
    const wordWidth = word.reduce((sum, p) => sum + textWidth(p.text, p.face, size), 0);
    if (line.length > 0 && x + space + wordWidth > width + 0.01) {
      lines.push(line);
      line = [];
      x = 0;
    }
    for (const p of word) {
      const gap = line.length > 0 && p.space ? textWidth(' ', p.face, size) : 0;
      const prev = line[line.length - 1];
      if (prev && prev.face === p.face && prev.key === p.key) {
        prev.text += (gap > 0 ? ' ' : '') + p.text;
      } else {
        line.push({ text: p.text, face: p.face, key: p.key, x: x + gap });
      }
      x += gap + textWidth(p.text, p.face, size);
    }
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

/**
 * Places runs one after another on a line starting at x. SVG strips leading and trailing spaces
 * of a text element, so spaces at run edges become x offsets instead of characters.
 */
export function placeRuns(runs: Run[], size: number, x: number): { runs: PlacedRun[]; end: number } {
  const out: PlacedRun[] = [];
  let at = x;
  for (const run of runs) {
    // trim() strips exactly the characters \s matches.
    const body = run.text.trim();
    const lead = run.text.slice(0, run.text.length - run.text.trimStart().length);
    const trail = body === '' ? '' : run.text.slice(run.text.trimEnd().length);
    at += textWidth(lead, run.face, size);
    if (body !== '') {
      out.push({ ...run, text: body, x: at });
      at += textWidth(body, run.face, size);
    }
    at += textWidth(trail, run.face, size);
  }
  return { runs: out, end: at };
}

export function runsWidth(runs: Run[], size: number): number {
  return placeRuns(runs, size, 0).end;
}
