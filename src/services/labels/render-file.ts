// Turning a label or a "High in" symbol into file bytes: an SVG is a string built in well under a
// millisecond, so it is drawn inline; PNG and PDF are real CPU work and wait for the tenant's turn in
// the worker pool (an account id, or 'anonymous' for public embeds: src/render/scheduler.ts).
import type { LabelModel } from '../../core/label/shared/model.js';
import type { RenderPool, RenderTenant } from '../../render/pool.js';
import { type FrontOfPackDrawing, renderFrontOfPackSvg } from '../../render/svg/front-of-pack.js';
import { renderLabelSvg } from '../../render/svg/index.js';
import type { LabelFileOptions } from './files.js';

/** The part of the pool a render needs. */
export type FilePool = Pick<RenderPool, 'render'>;

export function renderLabelFile(pool: FilePool, model: LabelModel, options: LabelFileOptions, tenant: RenderTenant): Promise<Buffer> {
  if (options.format === 'svg') return Promise.resolve(Buffer.from(renderLabelSvg(model), 'utf8'));
  if (options.format === 'png') return pool.render({ kind: 'png', model, zoom: options.zoom }, tenant);
  return pool.render({ kind: 'pdf', model, pageSize: options.pageSize }, tenant);
}

export function renderSymbolFile(
  pool: FilePool,
  symbol: FrontOfPackDrawing,
  options: LabelFileOptions,
  tenant: RenderTenant,
): Promise<Buffer> {
  if (options.format === 'svg') return Promise.resolve(Buffer.from(renderFrontOfPackSvg(symbol), 'utf8'));
  if (options.format === 'png') return pool.render({ kind: 'png', symbol, zoom: options.zoom }, tenant);
  return pool.render({ kind: 'pdf', symbol, pageSize: options.pageSize }, tenant);
}
