import type { LabelModel } from '../../core/label/model.js';
import type { SvgCanvas } from './canvas.js';
import { layoutFdaVertical } from './fda-vertical.js';

export function layoutFdaDual(canvas: SvgCanvas, model: LabelModel): { width: number; height: number } {
  return layoutFdaVertical(canvas, model);
}
