// What one render may draw (docs/api.md#render-limits): checked in the worker once the label's SVG is laid
// out (its size depends on the label's data), before the costly rasterising or PDF drawing.
// Beyond a bound the render is refused with the parameter to change, never attempted.

import { PNG_ZOOM_MIN } from './png-zoom.js';
import type { PdfPageSize } from './pdf.js';

/** Default ceiling on a PNG's pixels (about 64 MB of RGBA while it is drawn): every ordinary label fits at zoom 6. */
export const DEFAULT_MAX_PNG_PIXELS = 16_000_000;

/**
 * The largest page side a PDF may have: ISO 32000-1 Annex C (implementation limits) gives
 * 14,400 units (200 inches) as the maximum page size, and readers refuse larger pages.
 */
export const MAX_PDF_PAGE_POINTS = 14_400;

/** Margin around the label on an 'auto' PDF page (pdf.ts draws it 18 pt from each edge). */
const AUTO_PAGE_MARGIN = 18;

export interface RenderRefusal {
  field: 'zoom' | 'page_size';
  message: string;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The PNG of a width x height (pt) label at `zoom` in pixels: resvg rounds each side to whole pixels. */
export function pngPixels(width: number, height: number, zoom: number): number {
  return Math.max(1, Math.round(width * zoom)) * Math.max(1, Math.round(height * zoom));
}

export function checkPngBounds(width: number, height: number, zoom: number, maxPixels: number): RenderRefusal | null {
  const pixels = pngPixels(width, height, zoom);
  if (pixels <= maxPixels) return null;
  // The largest zoom, in tenths, that stays within the limit (rounding may add a row, so step down until it fits).
  let largest = Math.floor(Math.sqrt(maxPixels / (width * height)) * 10) / 10;
  while (largest >= PNG_ZOOM_MIN && pngPixels(width, height, largest) > maxPixels) largest = Math.round((largest - 0.1) * 10) / 10;
  const limit = `a PNG may have at most ${count(maxPixels)} pixels and this label at zoom ${zoom} would have ${count(pixels)}`;
  return {
    field: 'zoom',
    message:
      largest >= PNG_ZOOM_MIN
        ? `must be at most ${largest} for this label (${limit})`
        : `is too large for this label at any zoom (${limit}); ask for the SVG, or the PDF on a paper size`,
  };
}

export function checkPdfBounds(width: number, height: number, pageSize: PdfPageSize): RenderRefusal | null {
  // Paper sizes scale the label down to fit (pdf.ts), so only the 'auto' page grows with the label.
  if (pageSize !== 'auto') return null;
  const side = Math.max(width, height) + 2 * AUTO_PAGE_MARGIN;
  if (side <= MAX_PDF_PAGE_POINTS) return null;
  return {
    field: 'page_size',
    message: `auto would make a page ${count(Math.ceil(side))} pt long, more than the ${count(MAX_PDF_PAGE_POINTS)} pt a PDF page may have; ask for letter, legal or A4 (the label is scaled to fit)`,
  };
}
