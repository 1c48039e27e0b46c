// A front-of-pack drawing (Canada's "High in" symbol, the UK's traffic-light panel, Mexico's octagons)
// as a standalone SVG, drawn by the scheme of the market that made it (its `scheme` member).

import type { FrontOfPackDrawing, FrontOfPackScheme } from '../../core/label/market.js';
import { schemeOf } from '../../core/label/markets.js';
import type { TextMode } from './canvas.js';
import { LabelSvgCanvas } from './label-canvas.js';

export type { FrontOfPackDrawing } from '../../core/label/market.js';

export interface SymbolSvgOptions {
  /** Embed the font subsets (the public .svg); PNG and PDF load the font files instead. Default true. */
  embedFont?: boolean;
  /** 'outlines' draws text as glyph outlines (the PNG renderer's input); default 'text'. */
  textMode?: TextMode;
}

function schemeOfDrawing(drawing: FrontOfPackDrawing): FrontOfPackScheme {
  const scheme = schemeOf(drawing.scheme);
  if (!scheme) throw new RangeError(`no label market draws the front-of-pack scheme ${drawing.scheme}`);
  return scheme;
}

/** The drawing's title and accessible name ("High in: Sat fat, Sodium"). */
export function symbolTitle(drawing: FrontOfPackDrawing): string {
  return schemeOfDrawing(drawing).title(drawing);
}

export function renderFrontOfPackSvg(drawing: FrontOfPackDrawing, options: SymbolSvgOptions = {}): string {
  const scheme = schemeOfDrawing(drawing);
  const canvas = new LabelSvgCanvas();
  const size = scheme.layout(canvas, drawing);
  return canvas.toSvg(size.width, size.height, {
    title: scheme.title(drawing),
    embedFont: options.embedFont ?? true,
    textMode: options.textMode,
  });
}
