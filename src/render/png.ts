// PNG through resvg from our own SVG, with the Arimo files and no system fonts, so a label
// rasterises the same on every machine.

import { Resvg } from '@resvg/resvg-js';
import type { LabelModel } from '../core/label/model.js';
import { FONT_FAMILY, fontFiles } from './fonts.js';
import { renderLabelSvg } from './svg/index.js';

// API.md §6: zoom 0.8 to 6 for PNG, default 3.
export const PNG_ZOOM_MIN = 0.8;
export const PNG_ZOOM_MAX = 6;
export const PNG_ZOOM_DEFAULT = 3;

export interface PngOptions {
  zoom?: number;
}

/** Rasterises an SVG string produced by renderLabelSvg (with embedFont false). */
export function svgToPng(svg: string, zoom: number): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: zoom },
    font: { loadSystemFonts: false, fontFiles: fontFiles(), defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
    background: '#ffffff',
  });
  return resvg.render().asPng();
}

export function renderLabelPng(model: LabelModel, options: PngOptions = {}): Buffer {
  const zoom = Math.min(PNG_ZOOM_MAX, Math.max(PNG_ZOOM_MIN, options.zoom ?? PNG_ZOOM_DEFAULT));
  return svgToPng(renderLabelSvg(model, { embedFont: false }), zoom);
}
