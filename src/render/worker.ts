// The piscina worker: renders one job within the bounds of what a render may draw, and hands the
// bytes back by transfer (no copy on return), or the refusal when the job is beyond a bound.

import { parentPort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { garbageCollector } from '../lib/collect-garbage.js';
import type { SymbolRenderJob } from './front-of-pack.js';
import { renderWithinBounds, type RenderJob } from './inline.js';
import { withShaper } from './text/load.js';

export interface WorkerTask {
  /** Reported back as { renderStarted: id } when the work begins: the render's time limit starts then. */
  id: number;
  job: RenderJob | SymbolRenderJob;
  maxPngPixels: number;
}

export interface RenderStarted {
  renderStarted: number;
}

// resvg-js keeps each render's parsed SVG and pixmap (megabytes) in native memory that V8 does not
// count, behind small JavaScript objects: V8 sees no reason to collect them, so the native memory
// waits for a collection that other garbage happens to cause. A young-generation collection after
// each render (well under a millisecond: the thread's heap is small) queues their finalizers, which
// run when the thread's event loop turns between tasks (pool.ts); a full one every few renders (a few
// milliseconds) returns what outlived the young generation, PDF renders' pdfkit documents among it
// (`npm run bench memory`: a worker held ~100 MB more after 900 PNGs and 600 PDFs without it).
const collect = garbageCollector();
const RENDERS_PER_FULL_COLLECTION = 25;
let renders = 0;

export default async function renderJob({ id, job, maxPngPixels }: WorkerTask): Promise<unknown> {
  parentPort?.postMessage({ renderStarted: id } satisfies RenderStarted);
  // The shaper loads in the first render whose text needs it (text/shaper.ts), and stays loaded.
  const outcome = await withShaper(() => renderWithinBounds(job, maxPngPixels));
  if (++renders % RENDERS_PER_FULL_COLLECTION === 0) collect();
  else collect({ type: 'minor' });
  if ('refused' in outcome) return outcome;
  // A small Buffer may sit in Node's shared allocation slab; transfer a private copy instead.
  const bytes = new Uint8Array(outcome.bytes.byteLength);
  bytes.set(outcome.bytes);
  return Piscina.move(bytes);
}
