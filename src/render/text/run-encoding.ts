// How a shaped run travels to the PDF: the SVG drawn for pdf.ts writes each run as a <text> in a font
// family of its own (one per shaping font), led by a left-to-right or right-to-left mark for its
// direction; pdf.ts registers each family as a font that shapes its text with the same shaper
// (pdf-shaped-fonts.ts), so the PDF draws the glyphs the canvas measured, where it measured them.

import type { ShapedRun } from './shaper.js';
import { parseShapingFont, type ShapingFont } from './shaping-fonts.js';

const FAMILY_PREFIX = 'recipal-shaped-';
const LTR_MARK = '\u200e';
const RTL_MARK = '\u200f';

/** The font-family of a shaping font's runs in an SVG drawn for the PDF. */
export function shapedFamily(font: ShapingFont): string {
  return `${FAMILY_PREFIX}${font}`;
}

/** The shaping font a font-family names, or null for any other family. */
export function fontOfShapedFamily(family: string): ShapingFont | null {
  return family.startsWith(FAMILY_PREFIX) ? parseShapingFont(family.slice(FAMILY_PREFIX.length)) : null;
}

/** Every shaping font the runs of an SVG are written in. */
export function shapedFontsIn(svg: string): ShapingFont[] {
  const found = new Set<ShapingFont>();
  for (const [, family] of svg.matchAll(/font-family="([^"]+)"/g)) {
    const font = fontOfShapedFamily(family ?? '');
    if (font) found.add(font);
  }
  return [...found];
}

/** A run's text as written in its <text>: its direction mark, then its characters. */
export function encodeRunText(run: Pick<ShapedRun, 'text' | 'rtl'>): string {
  return (run.rtl ? RTL_MARK : LTR_MARK) + run.text;
}

export function decodeRunText(written: string): { text: string; rtl: boolean } {
  if (written.startsWith(RTL_MARK)) return { text: written.slice(1), rtl: true };
  if (written.startsWith(LTR_MARK)) return { text: written.slice(1), rtl: false };
  return { text: written, rtl: false };
}
