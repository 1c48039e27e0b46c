// Renders off the event loop: a piscina pool of worker threads running renderInline.

import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { RenderJob } from './inline.js';

export { renderInline, type RenderJob, type RenderKind } from './inline.js';

export interface RenderPool {
  render(job: RenderJob): Promise<Buffer>;
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  /** Worker threads (default: available cores, at least 1). */
  threads?: number;
  /** Jobs queued beyond the running ones before render() rejects (default: unbounded). */
  maxQueue?: number;
}

/**
 * The worker module next to this one: worker.js when running compiled from dist/, worker.ts when
 * running from sources (vitest, tsx), in which case the worker thread needs tsx's loader too.
 */
function workerEntry(): { filename: string; execArgv: string[] } {
  const here = new URL(import.meta.url);
  const ts = here.pathname.endsWith('.ts');
  const filename = new URL(ts ? './worker.ts' : './worker.js', here).href;
  return { filename, execArgv: ts ? ['--import', 'tsx'] : [] };
}

export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const { filename, execArgv } = workerEntry();
  const pool = new Piscina({
    filename,
    execArgv,
    minThreads: threads,
    maxThreads: threads,
    maxQueue: options.maxQueue ?? Infinity,
    // Renders are short and CPU-bound; one at a time per thread.
    concurrentTasksPerWorker: 1,
  });
  return {
    async render(job: RenderJob): Promise<Buffer> {
      const bytes = (await pool.run(job)) as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    close: () => pool.destroy(),
  };
}
