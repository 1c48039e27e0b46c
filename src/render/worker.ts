// The piscina worker: renders one job and hands the bytes back by transfer (no copy on return).

import { Piscina } from 'piscina';
import { renderInline, type RenderJob } from './inline.js';

export default function renderJob(job: RenderJob): unknown {
  const out = renderInline(job);
  // A small Buffer may sit in Node's shared allocation slab; transfer a private copy instead.
  const bytes = new Uint8Array(out.byteLength);
  bytes.set(out);
  return Piscina.move(bytes);
}
