// One render job, done on the calling thread. The pool's workers run exactly this; benchmarks use it
// as the single-thread baseline.

import type { LabelModel } from '../core/label/model.js';
import { renderLabelPdfSync, type PdfPageSize } from './pdf.js';
import { renderLabelPng } from './png.js';
import { renderLabelSvg } from './svg/index.js';

export type RenderKind = 'svg' | 'png' | 'pdf';

export interface RenderJob {
  model: LabelModel;
  kind: RenderKind;
  /** PNG only: 0.8 to 6 (API.md §6), default 3. */
  zoom?: number;
  /** PDF only, default 'auto'. */
  pageSize?: PdfPageSize;
  /** PDF only: a fixed creation date makes equal jobs give byte-equal files. */
  creationDate?: Date;
  /** SVG only: embed the font subsets (default true). */
  embedFont?: boolean;
}

export function renderInline(job: RenderJob): Buffer {
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
