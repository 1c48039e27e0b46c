// Text widths and line metrics in Arimo, the one font every label is set in (font-files.ts). Text in
// the scripts Arimo covers is measured here, one advance width per character (the Latin fast path);
// text that needs shaping (right-to-left, joined letters, other scripts: text/scripts.ts) is measured
// by the shaper as it will be drawn (text/shaper.ts).

import { readMetrics, type TtfMetrics } from './ttf.js';
import { type FontFace, fontBuffer } from './font-files.js';
import { FIRST_SHAPED_CODE_POINT, codePointNeedsShaping } from './text/scripts.js';
import { activeShaper } from './text/shaper.js';

export { FONT_FACES, FONT_FAMILY, type FontFace, fontBuffer, fontFiles, fontPath, hasBlackFace } from './font-files.js';

// Read once: the Latin loop below compares every character with it.
const SHAPED_FROM = FIRST_SHAPED_CODE_POINT;

const metricsCache = new Map<FontFace, TtfMetrics>();

function metrics(face: FontFace): TtfMetrics {
  let m = metricsCache.get(face);
  if (m === undefined) {
    m = readMetrics(fontBuffer(face));
    metricsCache.set(face, m);
  }
  return m;
}

/**
 * Width of a string in points (= SVG user units) at a font size: the sum of Arimo's advance widths,
 * or, for text that needs shaping, the width of the shaped line (its runs and white space).
 */
export function textWidth(text: string, face: FontFace, size: number): number {
  const m = metrics(face);
  let units = 0;
  for (const ch of text) {
    const codePoint = ch.codePointAt(0) ?? 0;
    if (codePoint >= SHAPED_FROM && codePointNeedsShaping(codePoint)) {
      return activeShaper().layoutLine(text, face, 'auto').width * size;
    }
    units += m.advance(codePoint);
  }
  return (units / m.unitsPerEm) * size;
}

/** Ascent (above the baseline) and descent (below, positive) of a face at a size. */
export function lineMetrics(face: FontFace, size: number): { ascent: number; descent: number } {
  const m = metrics(face);
  return { ascent: (m.ascender / m.unitsPerEm) * size, descent: (-m.descender / m.unitsPerEm) * size };
}
