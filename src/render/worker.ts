// The piscina worker: renders one job within the bounds of what a render may draw, and hands the
// bytes back by transfer (no copy on return), or the refusal when the job is beyond a bound.

import { parentPort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { SymbolRenderJob } from './front-of-pack.js';
import { renderWithinBounds, type RenderJob } from './inline.js';

export interface WorkerTask {
  /** Reported back as { renderStarted: id } when the work begins: the render's time limit starts then. */
  id: number;
  job: RenderJob | SymbolRenderJob;
  maxPngPixels: number;
}

export interface RenderStarted {
  renderStarted: number;
}

export default function renderJob({ id, job, maxPngPixels }: WorkerTask): unknown {
  parentPort?.postMessage({ renderStarted: id } satisfies RenderStarted);
  const outcome = renderWithinBounds(job, maxPngPixels);
  if ('refused' in outcome) return outcome;
  // A small Buffer may sit in Node's shared allocation slab; transfer a private copy instead.
  const bytes = new Uint8Array(outcome.bytes.byteLength);
  bytes.set(outcome.bytes);
  return Piscina.move(bytes);
}
