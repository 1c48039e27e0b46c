// PNG through resvg from our own SVG. Text arrives as Arimo glyph outlines (glyph-outlines.ts),
// so resvg shapes nothing and reads no font file; the Arimo files stay loaded, and system fonts
// off, only so that any text element would still draw the same on every machine. resvg rasterises,
// png-encode.ts writes the file.

import { Resvg } from '@resvg/resvg-js';
import type { LabelModel } from '../core/label/shared/model.js';
import { FONT_FAMILY, fontFiles } from './fonts.js';
import { encodePng } from './png-encode.js';
import { pngZoom } from './png-zoom.js';
import { renderLabelSvg } from './svg/index.js';

export interface PngOptions {
  zoom?: number;
}

/** The RGBA pixels of an SVG drawn by resvg on white at a zoom. */
export function rasterise(svg: string, zoom: number): { pixels: Buffer; width: number; height: number } {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: zoom },
    font: { loadSystemFonts: false, fontFiles: fontFiles(), defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
    background: '#ffffff',
  });
  const image = resvg.render();
  return { pixels: image.pixels, width: image.width, height: image.height };
}

/** Rasterises an SVG string produced by renderLabelSvg with textMode 'outlines' (or any SVG). */
export function svgToPng(svg: string, zoom: number): Buffer {
  const { pixels, width, height } = rasterise(svg, zoom);
  return encodePng(pixels, width, height);
}

export function renderLabelPng(model: LabelModel, options: PngOptions = {}): Buffer {
  return svgToPng(renderLabelSvg(model, { embedFont: false, textMode: 'outlines' }), pngZoom(options.zoom));
}
