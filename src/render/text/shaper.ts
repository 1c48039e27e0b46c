// Text shaping behind an interface: what the renderers ask of a shaper, and the one in use.
//
// Text that needs it (scripts.ts) is laid out by a TextShaper: split into runs of one font and one
// direction (font fallback per run, the Unicode bidirectional algorithm), each run shaped into glyphs
// with their positions. The SVG canvas draws those glyphs (svg/shaped-text.ts) and the PDF's fonts lay
// the same runs out through the same shaper (pdf-shaped-fonts.ts), so the .svg, the PNG and the PDF
// show the same glyphs at the same places.
//
// The implementation (HarfBuzz compiled to WebAssembly, harfbuzz-shaper.ts) is loaded on first need
// (load.ts), so a process that only ever draws Latin text never loads it: it costs ~70 ms and ~10 MB a
// process, and the fallback fonts tens of MB more once used. Renders are synchronous; one that meets
// text needing the shaper before it is loaded throws ShaperNotLoaded, and its caller loads the shaper
// and renders again (load.ts withShaper), or hands the render to the pool's threads (services/labels).

import type { FontFace } from '../font-files.js';
import type { ShapingFont } from './shaping-fonts.js';

/** One glyph of a run as the shaper placed it, in the run font's units (y up). */
export interface ShapedGlyph {
  /** Glyph id in the run's font (0 is the font's missing-glyph box). */
  id: number;
  /** Index in the run's text (UTF-16) of the first character this glyph stands for. */
  cluster: number;
  /** How far the pen moves after this glyph. */
  advance: number;
  /** Where the glyph is drawn relative to the pen (marks sit above or below their letter). */
  dx: number;
  dy: number;
}

/**
 * Characters of one font and one direction with no white space in them, shaped. White space between
 * runs is never a glyph: it is the distance between runs (the renderers drop it anyway).
 */
export interface ShapedRun {
  font: ShapingFont;
  unitsPerEm: number;
  /** The run's characters in logical (reading) order. */
  text: string;
  rtl: boolean;
  /** Left edge of the run from the line's left edge, in ems of the font size. */
  x: number;
  /** Advance width of the run, in ems. */
  width: number;
  /** In visual order, left to right: a right-to-left run's first glyph is its last letter. */
  glyphs: ShapedGlyph[];
}

/** A line laid out left to right: its runs in visual order. */
export interface ShapedLine {
  runs: ShapedRun[];
  /** Advance width of the whole line (runs and the white space between them), in ems. */
  width: number;
}

/** The paragraph direction of a line; 'auto' takes it from the first letter with a direction. */
export type TextDirection = 'ltr' | 'rtl' | 'auto';

export interface TextShaper {
  /** Lays a line of text out in a face (its fallback fonts per run), keeping all of its white space. */
  layoutLine(text: string, face: FontFace, direction: TextDirection): ShapedLine;
  /** Shapes one run's text in one font and direction (what layoutLine does per run). */
  shapeRun(font: ShapingFont, text: string, rtl: boolean): { glyphs: ShapedGlyph[]; advance: number };
  /** A glyph's outline as SVG path data in font units (y up); '' for a glyph with no outline. */
  glyphPath(font: ShapingFont, glyph: number): string;
  unitsPerEm(font: ShapingFont): number;
}

/** Thrown by a render that met text needing the shaper before the shaper was loaded (load.ts). */
export class ShaperNotLoaded extends Error {
  constructor() {
    super('this text needs the text shaper, which is not loaded yet (render/text/load.ts)');
    this.name = 'ShaperNotLoaded';
  }
}

let active: TextShaper | null = null;

/** The shaper in use; throws ShaperNotLoaded until one is installed. */
export function activeShaper(): TextShaper {
  if (active === null) throw new ShaperNotLoaded();
  return active;
}

export function installShaper(shaper: TextShaper): void {
  active = shaper;
}

export function shaperLoaded(): boolean {
  return active !== null;
}
