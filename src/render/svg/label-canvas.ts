// The canvas a market's layouts draw on (core/label/shared/drawing/canvas.ts LabelCanvas): the SVG
// writer, with the font's measures beside its drawing calls.
import type { LabelCanvas } from '../../core/label/shared/drawing/canvas.js';
import { lineMetrics, textWidth } from '../fonts.js';
import { placeRuns, SvgCanvas, wrapRuns } from './canvas.js';

export class LabelSvgCanvas extends SvgCanvas implements LabelCanvas {
  textWidth = textWidth;
  lineMetrics = lineMetrics;
  wrapRuns = wrapRuns;
  placeRuns = placeRuns;
}
