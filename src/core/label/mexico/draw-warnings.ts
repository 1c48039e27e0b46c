// Mexico's front-of-pack warnings (NOM-051-SCFI/SSA1-2010 4.5.3.4, 7.1.3-7.1.4, as modified in 2020) as a
// drawing: black octagons with white words ("EXCESO" over the nutrient) and "SECRETARÍA DE SALUD"
// in each, side by side in the order of 4.5.3.4, and under them the legends in black rectangles, on
// two lines. Groups carry data-key (seal, legend) so tests and clients read the structure without pixels.
import type { FrontOfPackDrawing } from '../market.js';
import type { LabelCanvas, Size } from '../shared/drawing/canvas.js';
import { drawIncompleteBand } from '../shared/drawing/incomplete-band.js';
import { CAP } from '../shared/drawing/metrics.js';
import { languageWords } from '../shared/languages.js';

/** The warnings' drawing kind. */
export const WARNINGS_SCHEME = 'mx_warnings';

export interface MxWarningsDrawing extends FrontOfPackDrawing {
  scheme: typeof WARNINGS_SCHEME;
  /** "EXCESO CALORÍAS", ... (already in the order of 4.5.3.4). */
  seals: readonly string[];
  /** "CONTIENE CAFEÍNA - EVITAR EN NIÑOS", ... (printed split at " - "). */
  legends: readonly string[];
}

export const SEAL_AUTHORITY = 'SECRETARÍA DE SALUD';

const G = { octagon: 78, gap: 6, margin: 4, inset: 2.2, ring: 0.9, word: 10.5, authority: 5, legendSize: 8.5, legendPad: 4 } as const;
const BLACK = '#000';
const WHITE = '#fff';

const n = (value: number): string => String(Math.round(value * 100) / 100);

/** A regular octagon of width `w` with its top-left corner at (x, y), flat sides up and down. */
function octagonPath(x: number, y: number, w: number): string {
  const c = w / (2 + Math.SQRT2); // the corner cut
  const pts: Array<[number, number]> = [
    [x + c, y],
    [x + w - c, y],
    [x + w, y + c],
    [x + w, y + w - c],
    [x + w - c, y + w],
    [x + c, y + w],
    [x, y + w - c],
    [x, y + c],
  ];
  return `M${pts.map(([px, py]) => `${n(px)} ${n(py)}`).join('L')}Z`;
}

/** "EXCESO GRASAS SATURADAS" -> ["EXCESO", "GRASAS", "SATURADAS"]. */
const sealLines = (seal: string): string[] => seal.split(' ');

/** One type size for every seal on the pack: the largest at which the longest word fits. */
function sealWordSize(canvas: LabelCanvas, seals: readonly string[]): number {
  const room = G.octagon * 0.72;
  return Math.min(G.word, ...seals.flatMap(sealLines).map((line) => (room / canvas.textWidth(line, 'bold', 1)) * 0.98));
}

function drawSeal(canvas: LabelCanvas, seal: string, x: number, y: number, size: number): void {
  const w = G.octagon;
  canvas.open('seal', { 'data-seal': seal });
  canvas.path(octagonPath(x, y, w), { fill: BLACK });
  // The white line just inside the edge that the printed seals have.
  canvas.path(octagonPath(x + G.inset, y + G.inset, w - 2 * G.inset), { fill: 'none', stroke: WHITE, strokeWidth: G.ring });
  const lines = sealLines(seal);
  const leading = size * 1.1;
  const block = CAP * size + (lines.length - 1) * leading;
  const centre = x + w / 2;
  let baseline = y + (w - block) / 2 + CAP * size - G.authority * 0.6;
  for (const line of lines) {
    canvas.text(centre, baseline, line, { size, face: 'bold', fill: WHITE, anchor: 'middle' });
    baseline += leading;
  }
  // Low in the octagon, narrow enough to stay clear of the cut corners and the white line.
  const authoritySize = Math.min(G.authority, (w * 0.52) / canvas.textWidth(SEAL_AUTHORITY, 'bold', 1));
  canvas.text(centre, y + w - w * 0.17, SEAL_AUTHORITY, { size: authoritySize, face: 'bold', fill: WHITE, anchor: 'middle' });
  canvas.close();
}

function drawLegend(canvas: LabelCanvas, legend: string, x: number, y: number, width: number): number {
  const lines = legend.split(' - ');
  const size = Math.min(G.legendSize, ...lines.map((line) => (width - 2 * G.legendPad) / canvas.textWidth(line, 'bold', 1)));
  const leading = size * 1.2;
  const height = 2 * G.legendPad + CAP * size + (lines.length - 1) * leading;
  canvas.open('legend', { 'data-legend': legend });
  canvas.fillRect(x, y, width, height, BLACK);
  let baseline = y + G.legendPad + CAP * size;
  for (const line of lines) {
    canvas.text(x + width / 2, baseline, line, { size, face: 'bold', fill: WHITE, anchor: 'middle' });
    baseline += leading;
  }
  canvas.close();
  return height;
}

/** "EXCESO CALORÍAS, EXCESO SODIO; CONTIENE CAFEÍNA - EVITAR EN NIÑOS": the SVG's title and accessible name. */
export function mxWarningsTitle(drawing: Pick<MxWarningsDrawing, 'seals' | 'legends'>): string {
  return [drawing.seals.join(', '), drawing.legends.join('; ')].filter((t) => t !== '').join('; ');
}

/** The seals and legends, with the band across them (in Spanish) when the label data behind them is incomplete. */
export function layoutMxWarnings(canvas: LabelCanvas, drawing: MxWarningsDrawing): Size {
  const count = drawing.seals.length;
  const sealsWidth = count > 0 ? count * G.octagon + (count - 1) * G.gap : 0;
  const legendWidth = Math.max(sealsWidth, drawing.legends.length > 0 ? 2 * G.octagon + G.gap : 0);
  const width = Math.max(sealsWidth, legendWidth) + 2 * G.margin;
  let y = G.margin;
  const size = sealWordSize(canvas, drawing.seals);
  drawing.seals.forEach((seal, i) => drawSeal(canvas, seal, G.margin + i * (G.octagon + G.gap), y, size));
  if (count > 0) y += G.octagon + G.gap;
  for (const legend of drawing.legends) y += drawLegend(canvas, legend, G.margin, y, legendWidth) + G.gap;
  const height = y - G.gap + G.margin;
  if (drawing.incomplete) drawIncompleteBand(canvas, { width, height }, [languageWords('es-MX').incompleteBand]);
  return { width, height };
}
