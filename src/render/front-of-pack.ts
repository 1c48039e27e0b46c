// One render job of the front-of-package nutrition symbol: SVG, PNG (resvg) or PDF (pdfkit), the
// same converters as labels, so the pool's workers render symbols exactly as they render labels.

import { svgToPdfSync, type PdfPageSize } from './pdf.js';
import { svgToPng } from './png.js';
import { type FrontOfPackDrawing, renderFrontOfPackSvg, symbolTitle } from './svg/front-of-pack.js';

export interface SymbolRenderJob {
  symbol: FrontOfPackDrawing;
  kind: 'svg' | 'png' | 'pdf';
  /** PNG only: 0.8 to 6 (docs/api.md#labels), default 3. */
  zoom?: number;
  /** PDF only, default 'auto' (the page is the symbol's own size plus a margin). */
  pageSize?: PdfPageSize;
  /** PDF only: a fixed creation date makes equal jobs give byte-equal files. */
  creationDate?: Date;
  /** SVG only: embed the font subsets (default true). */
  embedFont?: boolean;
}

export function isSymbolJob(job: object): job is SymbolRenderJob {
  return 'symbol' in job;
}

export function renderSymbolInline(job: SymbolRenderJob): Buffer {
  switch (job.kind) {
    case 'svg':
      return Buffer.from(renderFrontOfPackSvg(job.symbol, { embedFont: job.embedFont ?? true }), 'utf8');
    case 'png':
      return svgToPng(renderFrontOfPackSvg(job.symbol, { embedFont: false, textMode: 'outlines' }), job.zoom ?? 3);
    case 'pdf':
      return svgToPdfSync(renderFrontOfPackSvg(job.symbol, { embedFont: false, textMode: 'shaped-text' }), symbolTitle(job.symbol), {
        pageSize: job.pageSize,
        creationDate: job.creationDate,
      });
    default:
      throw new Error(`unknown render kind: ${String((job as { kind: unknown }).kind)}`);
  }
}
