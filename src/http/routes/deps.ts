import type { Config } from '../../config.js';
import type { ServiceContext } from '../../services/context.js';
import type { LimitStore, RenderSlots } from '../../services/limits/index.js';
import type { RenderPool } from '../../render/pool.js';
import type { Embeds, LabelRenderQueue } from '../../services/labels/index.js';

/** What route plugins receive. Features add members here (render pool, limiter...). */
export interface RouteDeps {
  ctx: ServiceContext;
  config: Config;
  /** Request counters and render slots (in-process or Redis). */
  limits: LimitStore;
  /** Label routes wrap PDF/PNG renders in renderSlots.run(request.account, ...). */
  renderSlots: RenderSlots;
  /** PNG and PDF label renders off the event loop, in turns per account (anonymous embeds last): one worker pool per app (config.renderThreads). */
  renderPool: Pick<RenderPool, 'render' | 'anonymousFull'>;
  /** Asynchronous label renders (?async=true): one queue per app, drained when the app closes. */
  labelRenders: LabelRenderQueue;
  /** Public embeds: their turns on the event loop, their cache and their PNG rate (one per app). */
  embeds: Embeds;
}
