// Turning a label or a "High in" symbol into file bytes: an SVG is a string built in well under a
// millisecond, so it is drawn inline; PNG and PDF are real CPU work and wait for the tenant's turn in
// the worker pool (an account id, or 'anonymous' for public embeds: src/render/scheduler.ts). So does
// an SVG whose text needs the shaper (Arabic, Chinese: src/render/text/shaper.ts), which this process
// never loads.
import type { LabelModel } from '../../core/label/shared/model.js';
import type { RenderJob, RenderPool, RenderTenant, SymbolRenderJob } from '../../render/pool.js';
import { type FrontOfPackDrawing, renderFrontOfPackSvg } from '../../render/svg/front-of-pack.js';
import { renderLabelSvg } from '../../render/svg/index.js';
import { ShaperNotLoaded } from '../../render/text/shaper.js';
import type { LabelFileOptions } from './files.js';

/** The part of the pool a render needs. */
export type FilePool = Pick<RenderPool, 'render'>;

/** An SVG drawn here, or by the pool when its text needs the shaper. */
function svgFile(draw: () => string, pool: FilePool, job: RenderJob | SymbolRenderJob, tenant: RenderTenant): Promise<Buffer> {
  try {
    return Promise.resolve(Buffer.from(draw(), 'utf8'));
  } catch (error) {
    if (error instanceof ShaperNotLoaded) return pool.render(job, tenant);
    throw error;
  }
}

export function renderLabelFile(pool: FilePool, model: LabelModel, options: LabelFileOptions, tenant: RenderTenant): Promise<Buffer> {
  if (options.format === 'svg') return svgFile(() => renderLabelSvg(model), pool, { kind: 'svg', model }, tenant);
  if (options.format === 'png') return pool.render({ kind: 'png', model, zoom: options.zoom }, tenant);
  return pool.render({ kind: 'pdf', model, pageSize: options.pageSize }, tenant);
}

export function renderSymbolFile(
  pool: FilePool,
  symbol: FrontOfPackDrawing,
  options: LabelFileOptions,
  tenant: RenderTenant,
): Promise<Buffer> {
  if (options.format === 'svg') return svgFile(() => renderFrontOfPackSvg(symbol), pool, { kind: 'svg', symbol }, tenant);
  if (options.format === 'png') return pool.render({ kind: 'png', symbol, zoom: options.zoom }, tenant);
  return pool.render({ kind: 'pdf', symbol, pageSize: options.pageSize }, tenant);
}
