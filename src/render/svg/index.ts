// renderLabelSvg: the label model drawn as a standalone SVG, by its market's layout for its format
// (core/label/shared/drawing/label.ts draws it; this writes it as SVG).

import { formatOf, incompleteBandLines } from '../../core/label/markets.js';
import { drawLabel, labelTitle } from '../../core/label/shared/drawing/label.js';
import type { LabelModel } from '../../core/label/shared/model.js';
import type { TextMode } from './canvas.js';
import { LabelSvgCanvas } from './label-canvas.js';

export { labelTitle } from '../../core/label/shared/drawing/label.js';

export interface SvgOptions {
  /**
   * Embed the Arimo faces as @font-face data URLs so browsers draw the label in its own font.
   * Default true (the public .svg); the PNG and PDF renderers pass false (they load the files).
   */
  embedFont?: boolean;
  /** 'outlines' draws text as glyph outlines (the PNG renderer's input); default 'text'. */
  textMode?: TextMode;
}

export function renderLabelSvg(model: LabelModel, options: SvgOptions = {}): string {
  // The market of the label's format, resolved once: its layout, and the words of its band.
  const found = formatOf(model.format);
  if (!found) throw new RangeError(`no label market draws the format ${model.format}`);
  const canvas = new LabelSvgCanvas();
  const band = incompleteBandLines({ market: found.market, language: model.language, format: model.format });
  const size = drawLabel(canvas, model, found.format.layout, band);
  return canvas.toSvg(size.width, size.height, {
    title: labelTitle(model),
    embedFont: options.embedFont ?? true,
    textMode: options.textMode,
  });
}
