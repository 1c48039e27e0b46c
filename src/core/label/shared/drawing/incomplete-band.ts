// The band across every rendered file of an incomplete label (docs/api.md#incomplete-band): a label printed from
// unknown values is worse than none, so the file itself says it is not for print. One drawing, drawn
// last so it lies over the panel; the front-of-pack drawings reuse it. Its words are the label's
// language's (shared/languages.ts), in each language a bilingual label prints.
import type { LabelCanvas } from './canvas.js';

// Red, not black: the band must not read as part of a black-on-white panel. Slightly translucent so the
// rows beneath stay legible on screen for checking.
const BAND_FILL = '#c8102e';
const BAND_OPACITY = 0.9;
const MAX_SIZE = 14;
const PAD = 4;

/** Draws the band across the whole width of the area, centred vertically, text sized to fit. */
export function drawIncompleteBand(canvas: LabelCanvas, area: { width: number; height: number }, lines: readonly string[]): void {
  if (lines.length === 0) return;
  const widest = Math.max(...lines.map((t) => canvas.textWidth(t, 'bold', 1)));
  const size = Math.max(4, Math.min(MAX_SIZE, (area.width - 2 * PAD) / widest));
  const { ascent, descent } = canvas.lineMetrics('bold', size);
  const lineHeight = ascent + descent + 2;
  const height = lines.length * lineHeight + 2 * PAD;
  const top = Math.max(0, (area.height - height) / 2);
  canvas.openClass('incomplete-band');
  canvas.fillRect(0, top, area.width, height, BAND_FILL, BAND_OPACITY);
  lines.forEach((text, i) => {
    canvas.text(area.width / 2, top + PAD + i * lineHeight + 1 + ascent, text, { size, face: 'bold', anchor: 'middle', fill: '#fff' });
  });
  canvas.close();
}
