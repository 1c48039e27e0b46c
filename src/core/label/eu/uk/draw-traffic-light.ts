// The UK's voluntary front-of-pack panel as packs print it (DH/FSA FoP guide, 2016): a heading ("Each
// portion (30g) contains"), five rounded boxes in a row (energy, fat, saturates, sugars, salt), each with
// the nutrient's name, its amount per portion and, in a white lozenge, its %RI; fat to salt filled green,
// amber or red by their per-100 g band, energy white with kJ and kcal. Under the row, "of an adult's
// reference intake" and the energy per 100 g line (Regulation (EU) 1169/2011 Art. 33(2)), then the
// Art. 32(5) statement. A box whose amount is unknown stays white and says "unknown". Groups carry
// data-key (box) and data-colour so tests and clients read the structure without pixels.
import type { FrontOfPackDrawing } from '../../market.js';
import type { LabelCanvas, Size } from '../../shared/drawing/canvas.js';
import { drawIncompleteBand } from '../../shared/drawing/incomplete-band.js';
import { CAP } from '../../shared/drawing/metrics.js';
import { languageWords } from '../../shared/languages.js';
import type { UkFrontOfPackNutrient, UkFrontOfPackValue } from '../../shared/model.js';

/** The traffic-light panel's drawing kind (the panel's own `scheme`). */
export const TRAFFIC_LIGHT_SCHEME = 'uk_traffic_light';

export interface UkTrafficLightDrawing extends FrontOfPackDrawing {
  scheme: typeof TRAFFIC_LIGHT_SCHEME;
  panel: UkFrontOfPackValue;
}

export const TRAFFIC_LIGHT_FILL: Readonly<Record<'green' | 'amber' | 'red', string>> = {
  green: '#8fd14f',
  amber: '#ffbf47',
  red: '#f2604d',
};
const WHITE = '#fff';
const OUTLINE = '#000';

const G = {
  margin: 5,
  box: 58,
  boxHeight: 78,
  gap: 5,
  radius: 9,
  stroke: 0.9,
  heading: 9,
  name: 8.5,
  amount: 10,
  percent: 9,
  footer: 7,
  footerLeading: 9.5,
} as const;

const n = (value: number): string => String(Math.round(value * 100) / 100);

/** A rectangle with rounded corners, as path data. */
function roundedRect(x: number, y: number, w: number, h: number, r: number): string {
  return [
    `M${n(x + r)} ${n(y)}H${n(x + w - r)}`,
    `A${n(r)} ${n(r)} 0 0 1 ${n(x + w)} ${n(y + r)}V${n(y + h - r)}`,
    `A${n(r)} ${n(r)} 0 0 1 ${n(x + w - r)} ${n(y + h)}H${n(x + r)}`,
    `A${n(r)} ${n(r)} 0 0 1 ${n(x)} ${n(y + h - r)}V${n(y + r)}`,
    `A${n(r)} ${n(r)} 0 0 1 ${n(x + r)} ${n(y)}Z`,
  ].join('');
}

/** Text no wider than `room`: the given size, or smaller to fit. */
const fitted = (canvas: LabelCanvas, text: string, face: 'bold' | 'regular', size: number, room: number): number =>
  Math.min(size, (room / canvas.textWidth(text, face, 1)) * 0.98);

function amountLines(box: UkFrontOfPackNutrient): string[] {
  if (box.per_portion === null) return ['unknown'];
  if (box.key === 'energy') return [`${box.kj}kJ`, `${box.kcal}kcal`];
  return [box.per_portion.display];
}

function drawBox(canvas: LabelCanvas, box: UkFrontOfPackNutrient, x: number, y: number): void {
  const w = G.box;
  const h = G.boxHeight;
  const centre = x + w / 2;
  canvas.open('box', { 'data-nutrient': box.key, 'data-colour': box.colour ?? 'none' });
  canvas.path(roundedRect(x, y, w, h, G.radius), {
    fill: box.colour ? TRAFFIC_LIGHT_FILL[box.colour] : WHITE,
    stroke: OUTLINE,
    strokeWidth: G.stroke,
  });
  const room = w - 8;
  canvas.text(centre, y + 6 + CAP * G.name, box.name, {
    size: fitted(canvas, box.name, 'bold', G.name, room),
    face: 'bold',
    anchor: 'middle',
  });
  const lines = amountLines(box);
  const leading = G.amount * 1.15;
  let baseline = y + 20 + CAP * G.amount + (lines.length === 1 ? leading / 2 : 0);
  for (const line of lines) {
    const face = box.per_portion === null ? 'regular' : 'bold';
    canvas.text(centre, baseline, line, { size: fitted(canvas, line, face, G.amount, room), face, anchor: 'middle' });
    baseline += leading;
  }
  // The %RI in a white lozenge across the foot of the box, as UK packs print it.
  const lozengeHeight = 20;
  const ly = y + h - lozengeHeight - 4;
  canvas.path(roundedRect(x + 4, ly, w - 8, lozengeHeight, lozengeHeight / 2), {
    fill: WHITE,
    stroke: OUTLINE,
    strokeWidth: G.stroke * 0.7,
  });
  const percent = box.percent_ri_display ?? '?';
  canvas.text(centre, ly + lozengeHeight / 2 + (CAP * G.percent) / 2, percent, { size: G.percent, face: 'bold', anchor: 'middle' });
  canvas.close();
}

/** "Each portion (30g) contains: Energy 538kJ 128kcal 6%, Fat 6.0g (red) 9%, ...": the SVG's title and accessible name. */
export function ukTrafficLightTitle(panel: UkFrontOfPackValue): string {
  const boxes = panel.nutrients.map((b) => {
    const amount = b.per_portion?.display ?? 'unknown';
    const colour = b.colour ? ` (${b.colour})` : '';
    return `${b.name} ${amount}${colour}${b.percent_ri_display ? ` ${b.percent_ri_display}` : ''}`;
  });
  return `${panel.heading}: ${boxes.join(', ')}`;
}

/** The panel, with the band across it when the data behind it is incomplete (an unknown amount, an uncoloured box). */
export function layoutUkTrafficLight(canvas: LabelCanvas, drawing: UkTrafficLightDrawing): Size {
  const { panel } = drawing;
  const count = panel.nutrients.length;
  const rowWidth = count * G.box + (count - 1) * G.gap;
  const width = rowWidth + 2 * G.margin;
  let y = G.margin + CAP * G.heading;
  canvas.open('heading');
  canvas.text(G.margin, y, panel.heading, { size: fitted(canvas, panel.heading, 'bold', G.heading, rowWidth), face: 'bold' });
  canvas.close();
  y += 5;
  panel.nutrients.forEach((box, i) => drawBox(canvas, box, G.margin + i * (G.box + G.gap), y));
  y += G.boxHeight + 4 + CAP * G.footer + 2;
  const footer = [
    { key: 'ri-line', text: panel.ri_line, face: 'bold' as const },
    { key: 'per-100', text: panel.per_100_line, face: 'regular' as const },
    { key: 'ri-statement', text: panel.ri_statement, face: 'regular' as const },
  ];
  for (const line of footer) {
    canvas.open(line.key);
    canvas.text(G.margin + rowWidth / 2, y, line.text, {
      size: fitted(canvas, line.text, line.face, G.footer, rowWidth),
      face: line.face,
      anchor: 'middle',
    });
    canvas.close();
    y += G.footerLeading;
  }
  const height = y - G.footerLeading + G.margin + 2;
  if (drawing.incomplete) drawIncompleteBand(canvas, { width, height }, [languageWords('en-GB').incompleteBand]);
  return { width, height };
}
