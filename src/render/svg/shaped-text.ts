// Drawing a line the shaper laid out (text/shaper.ts) into the label SVG, in one of two forms:
// - glyphs: each run a group of <use> references to the shaper's glyph outlines, one <path> per glyph
//   in <defs> (the .svg and the PNG). The glyph ids stay in the drawing (`#g-noto-sans-arabic-regular-286`),
//   each glyph at the pen position and offset the shaper gave it; a viewer needs no font and shapes nothing.
// - runs: each run a <text> in a shaping font's family (the SVG drawn for the PDF, whose fonts lay each
//   run out through the same shaper: text/run-encoding.ts, pdf-shaped-fonts.ts).

import { escapeXml } from '../escape.js';
import { encodeRunText, shapedFamily } from '../text/run-encoding.js';
import { activeShaper, type ShapedLine } from '../text/shaper.js';
import type { ShapingFont } from '../text/shaping-fonts.js';

function num(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** The glyph outlines a drawing uses, each defined once. */
export class GlyphDefs {
  private readonly ids = new Map<string, string | null>();
  private readonly paths: string[] = [];

  /** The id to reference a glyph by, or null when it has no outline (nothing to draw). */
  use(font: ShapingFont, glyph: number): string | null {
    const id = `g-${font}-${glyph}`;
    let found = this.ids.get(id);
    if (found === undefined) {
      const d = activeShaper().glyphPath(font, glyph);
      found = d === '' ? null : id;
      if (found) this.paths.push(`<path id="${id}" d="${d}"/>`);
      this.ids.set(id, found);
    }
    return found;
  }

  toSvg(): string {
    return this.paths.length === 0 ? '' : `<defs>${this.paths.join('')}</defs>`;
  }
}

/** Where a line is placed: its left edge, baseline, font size and paint (a ` fill="..."` attribute or ''). */
export interface LinePlacement {
  left: number;
  y: number;
  size: number;
  fill: string;
}

/** The line as the shaper's glyphs: per run, a group in font units (y up) holding its glyphs. */
export function shapedGlyphs(line: ShapedLine, at: LinePlacement, defs: GlyphDefs): string {
  let out = '';
  for (const run of line.runs) {
    const k = Math.round((at.size / run.unitsPerEm) * 1e6) / 1e6;
    let pen = 0;
    let uses = '';
    for (const glyph of run.glyphs) {
      const id = defs.use(run.font, glyph.id);
      const x = pen + glyph.dx;
      if (id) uses += `<use href="#${id}"${x !== 0 ? ` x="${num(x)}"` : ''}${glyph.dy !== 0 ? ` y="${num(glyph.dy)}"` : ''}/>`;
      pen += glyph.advance;
    }
    if (uses !== '') {
      out += `<g transform="matrix(${k} 0 0 ${-k} ${num(at.left + run.x * at.size)} ${num(at.y)})"${at.fill}>${uses}</g>`;
    }
  }
  return out;
}

/** The line as one <text> per run in its shaping font's family, for the PDF. */
export function shapedRuns(line: ShapedLine, at: LinePlacement): string {
  return line.runs
    .map(
      (run) =>
        `<text x="${num(at.left + run.x * at.size)}" y="${num(at.y)}" font-size="${num(at.size)}" ` +
        `font-family="${shapedFamily(run.font)}"${at.fill}>${escapeXml(encodeRunText(run))}</text>`,
    )
    .join('');
}
