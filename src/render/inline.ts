// One render job, done on the calling thread. The pool's workers run exactly this; benchmarks use it
// as the single-thread baseline.

import type { LabelModel } from '../core/label/shared/model.js';
import { checkPdfBounds, checkPngBounds, type RenderRefusal } from './bounds.js';
import { isSymbolJob, renderSymbolInline, type SymbolRenderJob } from './front-of-pack.js';
import { renderLabelPdfSync, svgSize, svgToPdfSync, type PdfPageSize } from './pdf.js';
import { renderLabelPng, svgToPng } from './png.js';
import { pngZoom } from './png-zoom.js';
import { renderFrontOfPackSvg, symbolTitle } from './svg/front-of-pack.js';
import { labelTitle, renderLabelSvg } from './svg/index.js';

export type RenderKind = 'svg' | 'png' | 'pdf';

export interface RenderJob {
  model: LabelModel;
  kind: RenderKind;
  /** PNG only: 0.8 to 6 (docs/api.md#labels), default 3. */
  zoom?: number;
  /** PDF only, default 'auto'. */
  pageSize?: PdfPageSize;
  /** PDF only: a fixed creation date makes equal jobs give byte-equal files. */
  creationDate?: Date;
  /** SVG only: embed the font subsets (default true). */
  embedFont?: boolean;
}

export function renderInline(job: RenderJob | SymbolRenderJob): Buffer {
  if (isSymbolJob(job)) return renderSymbolInline(job);
  switch (job.kind) {
    case 'svg':
      return Buffer.from(renderLabelSvg(job.model, { embedFont: job.embedFont ?? true }), 'utf8');
    case 'png':
      return renderLabelPng(job.model, { zoom: job.zoom });
    case 'pdf':
      return renderLabelPdfSync(job.model, { pageSize: job.pageSize, creationDate: job.creationDate });
    default:
      throw new Error(`unknown render kind: ${String((job as { kind: unknown }).kind)}`);
  }
}

export type BoundedOutcome = { bytes: Buffer } | { refused: RenderRefusal };

/**
 * A PNG or PDF job (label or symbol) as the pool runs it: it is laid out once, its size checked against what
 * one render may draw (bounds.ts), and only then rasterised or drawn; byte-equal to renderInline.
 */
export function renderWithinBounds(job: RenderJob | SymbolRenderJob, maxPngPixels: number): BoundedOutcome {
  if (job.kind !== 'png' && job.kind !== 'pdf') return { bytes: renderInline(job) };
  // The PNG draws text as glyph outlines (png.ts); the PDF keeps it as text, selectable and searchable,
  // shaped runs in fonts that shape them as the canvas did (pdf.ts).
  const svgOptions = { embedFont: false, textMode: job.kind === 'png' ? 'outlines' : 'shaped-text' } as const;
  const { svg, title } = isSymbolJob(job)
    ? { svg: renderFrontOfPackSvg(job.symbol, svgOptions), title: symbolTitle(job.symbol) }
    : { svg: renderLabelSvg(job.model, svgOptions), title: labelTitle(job.model) };
  const { width, height } = svgSize(svg);
  if (job.kind === 'png') {
    const zoom = pngZoom(job.zoom);
    const refused = checkPngBounds(width, height, zoom, maxPngPixels);
    return refused ? { refused } : { bytes: svgToPng(svg, zoom) };
  }
  const pageSize = job.pageSize ?? 'auto';
  const refused = checkPdfBounds(width, height, pageSize);
  return refused ? { refused } : { bytes: svgToPdfSync(svg, title, { pageSize, creationDate: job.creationDate }) };
}
