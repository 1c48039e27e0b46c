// Renders off the event loop: a piscina pool of worker threads running renderWithinBounds, fed by
// a fair scheduler (scheduler.ts) so that no account and no anonymous embed traffic can hold the
// threads for long, and with a time limit per render that terminates a stuck thread.

import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { embedRendersBusy, invalidField, renderTimedOut } from '../errors.js';
import { DEFAULT_MAX_PNG_PIXELS, type RenderRefusal } from './bounds.js';
import type { SymbolRenderJob } from './front-of-pack.js';
import type { RenderJob } from './inline.js';
import {
  FairScheduler,
  RenderTimeLimitError,
  SchedulerFullError,
  type RenderTimer,
  type SchedulerStats,
  type Tenant,
} from './scheduler.js';
import type { RenderStarted, WorkerTask } from './worker.js';

// Types only: the renderers themselves (pdfkit, resvg) load in the worker threads, not here.
export type { RenderJob, RenderKind } from './inline.js';
export type { SymbolRenderJob } from './front-of-pack.js';
export type { RenderTimer, Tenant as RenderTenant } from './scheduler.js';

export interface RenderPool {
  /**
   * Renders `job` when `tenant`'s turn comes (an account id, or 'anonymous' for public embeds).
   * Rejects with 422 ValidationFailed (beyond what one render may draw, naming the parameter),
   * 422 RenderTimedOut (over the time limit), or 429 RenderConcurrencyExceeded (anonymous queue full).
   */
  render(job: RenderJob | SymbolRenderJob, tenant: Tenant): Promise<Buffer>;
  /** True when an anonymous render submitted now would be refused with 429 (embeds check it before computing a label). */
  anonymousFull(): boolean;
  stats(): SchedulerStats & { threads: number; accountThreads: number; anonymousThreads: number };
  /** The running worker threads' ids (none before the first render, nor once they all stopped idle). */
  threadIds(): number[];
  /** Resolves with the id of the next thread to stop (idle, terminated over its time limit, or closed). */
  nextThreadStop(): Promise<number>;
  close(): Promise<void>;
}

/** Default longest time one render may run. */
export const DEFAULT_RENDER_TIME_LIMIT_MS = 10_000;

/** Default time a render thread stays without work before it stops. */
export const DEFAULT_RENDER_IDLE_MS = 60_000;

export interface RenderPoolOptions {
  /** Worker threads for accounts' renders (default: available cores); see anonymousThreadsOf for embeds'. */
  threads?: number;
  /** Longest a render may run, from the moment its thread begins the work (default 10 s). */
  timeLimitMs?: number;
  /** A thread stops after this long without a render (default 60 s); the next render starts one. */
  idleTimeoutMs?: number;
  /** Most pixels a PNG may have (default 16,000,000). */
  maxPngPixels?: number;
  timer?: RenderTimer;
}

/** Anonymous (embed) renders may hold a quarter of the threads, at least one and never all. */
export function anonymousThreadsOf(threads: number): number {
  return Math.max(1, Math.floor(threads / 4));
}

/** Anonymous renders that may wait for a thread, per anonymous thread, before more are refused. */
const ANONYMOUS_QUEUE_PER_THREAD = 4;

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

function isRefusal(value: unknown): value is { refused: RenderRefusal } {
  return typeof value === 'object' && value !== null && 'refused' in value;
}

export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const configured = Math.max(1, options.threads ?? availableParallelism());
  const anonymousThreads = anonymousThreadsOf(configured);
  // With one configured thread a second one is started for embeds, which must never hold the only
  // thread; accounts still use at most the configured number.
  const threads = Math.max(anonymousThreads + 1, configured);
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_RENDER_TIME_LIMIT_MS;
  const maxPngPixels = options.maxPngPixels ?? DEFAULT_MAX_PNG_PIXELS;
  const { filename, execArgv } = workerEntry();
  const pool = new Piscina({
    filename,
    execArgv,
    // Threads start with the renders that need them and stop when idle: each holds ~40 MB at start
    // (fonts, renderers) and tens more after PNGs (pixmaps, its allocator's arenas), which a server
    // answering only data requests should not keep (BENCHMARKS.md "memory"). A render that finds no
    // thread waits for one to start (~0.1-0.3 s); its time limit counts from when the thread begins.
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: options.idleTimeoutMs ?? DEFAULT_RENDER_IDLE_MS,
    // Renders are CPU-bound; one at a time per thread. The scheduler never hands piscina more jobs
    // than threads, so its own (first-come) queue only holds a job while a terminated thread restarts.
    concurrentTasksPerWorker: 1,
    // Between tasks a thread must turn its event loop: Node runs the finalizers that free resvg's
    // native render trees and pixmaps there (worker.ts). Piscina's default ('sync') parks an idle
    // thread in Atomics.wait without turning it, so under steady PNG traffic they never ran and each
    // PNG leaked about 5 MB (1.8 GB after 300 renders). Messages cost microseconds; a render, milliseconds.
    atomics: 'disabled',
  });
  // A job's time limit starts when its thread reports the work begun, so a thread still starting
  // up (at launch, or replacing a terminated one) does not eat into the job's time.
  const started = new Map<number, () => void>();
  let nextId = 1;
  pool.on('message', (message: Partial<RenderStarted> | null) => {
    if (typeof message?.renderStarted === 'number') started.get(message.renderStarted)?.();
  });
  const scheduler = new FairScheduler({
    slots: threads,
    anonymousSlots: anonymousThreads,
    accountSlots: configured,
    anonymousQueue: anonymousThreads * ANONYMOUS_QUEUE_PER_THREAD,
    timeLimitMs,
    timer: options.timer,
  });
  return {
    async render(job, tenant) {
      let out: unknown;
      try {
        // On abort piscina terminates the thread running the job and starts a fresh one.
        const id = nextId++;
        out = await scheduler.run(tenant, (signal, running) => {
          started.set(id, running);
          return pool.run({ id, job, maxPngPixels } satisfies WorkerTask, { signal }).finally(() => started.delete(id));
        });
      } catch (error) {
        if (error instanceof RenderTimeLimitError) throw renderTimedOut(error.limitMs);
        if (error instanceof SchedulerFullError) throw embedRendersBusy();
        throw error;
      }
      if (isRefusal(out)) throw invalidField(out.refused.field, out.refused.message);
      const bytes = out as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    anonymousFull: () => scheduler.anonymousFull(),
    stats: () => ({ ...scheduler.stats(), threads, accountThreads: configured, anonymousThreads }),
    threadIds: () => pool.threads.map((thread) => thread.threadId),
    nextThreadStop: () => new Promise((resolve) => pool.once('workerDestroy', (worker: { id: number }) => resolve(worker.id))),
    close: () => pool.destroy(),
  };
}
