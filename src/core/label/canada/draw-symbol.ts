// The front-of-package nutrition symbol (FDR B.01.350-B.01.357, Schedule K.1) as a drawing: English,
// French or bilingual, horizontal or vertical. Geometry: symbol-geometry.ts; words: symbol-wording.ts.
// Groups carry data-key (heading, magnifier, bar, footer) so tests and clients can read the structure
// without pixels.

import type { FrontOfPackDrawing } from '../market.js';
import type { LabelCanvas, Size } from '../shared/drawing/canvas.js';
import { drawIncompleteBand } from '../shared/drawing/incomplete-band.js';
import { CAP } from '../shared/drawing/metrics.js';
import { languageWords } from '../shared/languages.js';
import { SYMBOL_GEOMETRY, type SymbolGeometry, type SymbolOrientation } from './symbol-geometry.js';
import {
  joinLine,
  SYMBOL_NUTRIENTS,
  symbolWording,
  type SymbolLanguage,
  type SymbolNutrient,
  type SymbolWording,
} from './symbol-wording.js';

export type { SymbolLanguage, SymbolNutrient, SymbolOrientation };

/** The "High in" symbol's drawing kind. */
export const HIGH_IN_SCHEME = 'ca_high_in';

export interface HighInDrawing extends FrontOfPackDrawing {
  scheme: typeof HIGH_IN_SCHEME;
  /** The nutrients at or over their threshold (B.01.350(1)); drawn in the regulation's order whatever this order is. */
  high_in: readonly SymbolNutrient[];
  language: SymbolLanguage;
  orientation: SymbolOrientation;
}

const HANDLE_SLOPE = Math.SQRT1_2; // the handle points down and to the left at 45 degrees
const WHITE = '#fff';
const BLACK = '#000';

function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

interface Bar {
  nutrient: SymbolNutrient;
  high: boolean;
  lines: string[];
}

function barsOf(drawing: HighInDrawing, wording: SymbolWording, joined: boolean): Bar[] {
  return SYMBOL_NUTRIENTS.map((nutrient) => ({
    nutrient,
    high: drawing.high_in.includes(nutrient),
    lines: joined ? [joinLine(wording.bars[nutrient])] : wording.bars[nutrient],
  }));
}

/** How far the magnifying glass reaches left of and below its lens centre (the handle's round end). */
function magnifierReach(g: SymbolGeometry): number {
  return Math.max(g.lensRadius, (g.lensRadius + g.handleLength) * HANDLE_SLOPE + g.handleWeight / 2);
}

function drawMagnifier(canvas: LabelCanvas, g: SymbolGeometry, cx: number, cy: number): void {
  const r = g.lensRadius - g.lensRing / 2;
  const start = g.lensRadius - g.lensRing / 2;
  const end = g.lensRadius + g.handleLength;
  canvas.open('magnifier');
  canvas.path(`M${n(cx - r)} ${n(cy)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0Z`, {
    fill: WHITE,
    stroke: BLACK,
    strokeWidth: g.lensRing,
  });
  canvas.path(
    `M${n(cx - start * HANDLE_SLOPE)} ${n(cy + start * HANDLE_SLOPE)}L${n(cx - end * HANDLE_SLOPE)} ${n(cy + end * HANDLE_SLOPE)}`,
    { fill: 'none', stroke: BLACK, strokeWidth: g.handleWeight, linecap: 'round' },
  );
  canvas.close();
}

/** One bar: black with white words when the nutrient is high, else white in a thin outline with no words. */
function drawBar(canvas: LabelCanvas, g: SymbolGeometry, bar: Bar, outline: string, textX: number, top: number, height: number): void {
  canvas.open('bar', { 'data-nutrient': bar.nutrient, 'data-high': String(bar.high) });
  canvas.path(outline, bar.high ? {} : { fill: WHITE, stroke: BLACK, strokeWidth: g.outline });
  if (bar.high) {
    const leading = g.extraLineHeight;
    const block = g.barTextSize * CAP + (bar.lines.length - 1) * leading;
    let baseline = top + (height - block) / 2 + g.barTextSize * CAP;
    for (const line of bar.lines) {
      canvas.text(textX, baseline, line, { size: g.barTextSize, face: 'bold', fill: WHITE });
      baseline += leading;
    }
  }
  canvas.close();
}

function widest(canvas: LabelCanvas, lines: string[], face: 'bold' | 'regular', size: number): number {
  return Math.max(0, ...lines.map((line) => canvas.textWidth(line, face, size)));
}

/** Footer lines centred under everything else; returns the bottom of the last line. */
function drawFooter(canvas: LabelCanvas, g: SymbolGeometry, lines: string[], centre: number, top: number): number {
  const { descent } = canvas.lineMetrics('regular', g.footerSize);
  const leading = g.footerSize * 1.2;
  let baseline = top + g.footerSize * CAP;
  canvas.open('footer');
  lines.forEach((line, i) => {
    if (i > 0) baseline += leading;
    canvas.text(centre, baseline, line, { size: g.footerSize, anchor: 'middle' });
  });
  canvas.close();
  return baseline + descent;
}

/** Schedule K.1 horizontal figures: heading on top, lens on the left, bars with concave ends to its right. */
function layoutHorizontal(canvas: LabelCanvas, drawing: HighInDrawing): Size {
  const g = SYMBOL_GEOMETRY.horizontal;
  const wording = symbolWording(drawing.language);
  const heading = joinLine(wording.heading);
  const footer = [joinLine(wording.footer)];
  const bars = barsOf(drawing, wording, true);
  const inset = g.outline + g.padding;

  const headingBaseline = inset + g.headingSize * CAP;
  const stackTop = headingBaseline + canvas.lineMetrics('bold', g.headingSize).descent + g.padding / 2;
  const stackHeight = bars.length * g.barHeight + (bars.length - 1) * g.barGap;
  const reach = magnifierReach(g);
  const cx = inset + reach;
  const cy = stackTop + stackHeight / 2;
  const arc = g.lensRadius + g.lensGap;
  const textX = cx + arc + g.barTextInset;
  const barsRight =
    textX +
    widest(
      canvas,
      bars.flatMap((b) => b.lines),
      'bold',
      g.barTextSize,
    ) +
    g.barTextInset;
  const width =
    Math.max(barsRight, inset + canvas.textWidth(heading, 'bold', g.headingSize), inset + widest(canvas, footer, 'regular', g.footerSize)) +
    inset;
  const right = width - inset;

  canvas.open('heading');
  canvas.text(inset, headingBaseline, heading, { size: g.headingSize, face: 'bold' });
  canvas.close();
  drawMagnifier(canvas, g, cx, cy);
  // Each bar's left end is an arc of the circle around the lens, lensGap outside it.
  const leftAt = (y: number): number => cx + Math.sqrt(Math.max(0, arc * arc - (y - cy) * (y - cy)));
  bars.forEach((bar, i) => {
    const top = stackTop + i * (g.barHeight + g.barGap);
    const bottom = top + g.barHeight;
    const outline =
      `M${n(leftAt(top))} ${n(top)}H${n(right)}V${n(bottom)}H${n(leftAt(bottom))}` +
      `A${n(arc)} ${n(arc)} 0 0 0 ${n(leftAt(top))} ${n(top)}Z`;
    drawBar(canvas, g, bar, outline, textX, top, g.barHeight);
  });
  const contentBottom = Math.max(stackTop + stackHeight, cy + reach);
  const bottom = drawFooter(canvas, g, footer, width / 2, contentBottom + g.padding / 2);
  return { width, height: bottom + inset };
}

/** Schedule K.1 vertical figures: small lens top left with the heading beside it, full-width bars under both. */
function layoutVertical(canvas: LabelCanvas, drawing: HighInDrawing): Size {
  const g = SYMBOL_GEOMETRY.vertical;
  const wording = symbolWording(drawing.language);
  const bars = barsOf(drawing, wording, false);
  const inset = g.outline + g.padding;

  const reach = magnifierReach(g);
  const cx = inset + reach;
  const cy = inset + g.lensRadius;
  const headingX = cx + g.lensRadius + g.lensGap;
  const headingLeading = g.headingSize * 1.1;
  const headingBlock = g.headingSize * CAP + (wording.heading.length - 1) * headingLeading;
  const firstBaseline = Math.max(cy - headingBlock / 2, inset) + g.headingSize * CAP;
  const lastBaseline = firstBaseline + (wording.heading.length - 1) * headingLeading;
  const rowBottom = Math.max(cy + reach, lastBaseline + canvas.lineMetrics('bold', g.headingSize).descent);

  const lines = Math.max(...bars.map((b) => b.lines.length));
  const barHeight = g.barHeight + (lines - 1) * g.extraLineHeight;
  const textWidthMax = widest(
    canvas,
    bars.flatMap((b) => b.lines),
    'bold',
    g.barTextSize,
  );
  const width =
    Math.max(
      headingX + widest(canvas, wording.heading, 'bold', g.headingSize),
      inset + g.barTextInset + textWidthMax + g.barTextInset,
      inset + widest(canvas, wording.footer, 'regular', g.footerSize),
    ) + inset;
  const left = inset;
  const right = width - inset;

  drawMagnifier(canvas, g, cx, cy);
  canvas.open('heading');
  wording.heading.forEach((line, i) =>
    canvas.text(headingX, firstBaseline + i * headingLeading, line, { size: g.headingSize, face: 'bold' }),
  );
  canvas.close();
  const stackTop = rowBottom + g.padding / 2;
  bars.forEach((bar, i) => {
    const top = stackTop + i * (barHeight + g.barGap);
    const outline = `M${n(left)} ${n(top)}H${n(right)}V${n(top + barHeight)}H${n(left)}Z`;
    drawBar(canvas, g, bar, outline, left + g.barTextInset, top, barHeight);
  });
  const stackBottom = stackTop + bars.length * barHeight + (bars.length - 1) * g.barGap;
  const bottom = drawFooter(canvas, g, wording.footer, width / 2, stackBottom + g.padding / 2);
  return { width, height: bottom + inset };
}

/** "High in: Sat fat, Sodium" in the symbol's language(s): the drawing's title and accessible name. */
export function highInTitle(drawing: Pick<HighInDrawing, 'high_in' | 'language'>): string {
  const wording = symbolWording(drawing.language);
  const names = SYMBOL_NUTRIENTS.filter((k) => drawing.high_in.includes(k)).map((k) => joinLine(wording.bars[k]));
  return `${joinLine(wording.heading)}: ${names.join(', ')}`;
}

/** The symbol in its outline, with the band across it when the label data behind it is incomplete. */
export function layoutHighIn(canvas: LabelCanvas, drawing: HighInDrawing): Size {
  const g = SYMBOL_GEOMETRY[drawing.orientation];
  const size = drawing.orientation === 'vertical' ? layoutVertical(canvas, drawing) : layoutHorizontal(canvas, drawing);
  canvas.box(g.outline / 2, g.outline / 2, size.width - g.outline, size.height - g.outline, g.outline);
  if (drawing.incomplete) drawIncompleteBand(canvas, size, symbolBandLines(drawing.language));
  return size;
}

/** The band's words in the symbol's language(s): a bilingual symbol says it in both. */
function symbolBandLines(language: SymbolLanguage): string[] {
  const band = (tag: string) => languageWords(tag).incompleteBand;
  if (language === 'en-CA') return [band('en-CA')];
  if (language === 'fr-CA') return [band('fr-CA')];
  return [band('en-CA'), band('fr-CA')];
}
