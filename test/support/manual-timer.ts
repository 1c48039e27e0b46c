// A render timer the test fires itself (src/render/scheduler.ts RenderTimer): the time limit of a
// render expires when the test says so, never by the wall clock.
import type { RenderTimer } from '../../src/render/scheduler.js';

export interface ArmedTimer {
  readonly ms: number;
  /** True until it fires or its render finishes first (and cancels it). */
  readonly active: boolean;
  fire(): void;
}

export class ManualTimer implements RenderTimer {
  private readonly unclaimed: ArmedTimer[] = [];
  private readonly waiters: Array<(timer: ArmedTimer) => void> = [];
  /** Timers armed so far: one per render dispatched to a thread. */
  armed = 0;

  start(ms: number, expire: () => void): () => void {
    this.armed += 1;
    let active = true;
    const timer: ArmedTimer = {
      ms,
      get active() {
        return active;
      },
      fire() {
        if (!active) return;
        active = false;
        expire();
      },
    };
    const waiter = this.waiters.shift();
    if (waiter) waiter(timer);
    else this.unclaimed.push(timer);
    return () => {
      active = false;
    };
  }

  /** The next timer armed (a render dispatched to a thread) and still running, in dispatch order. */
  next(): Promise<ArmedTimer> {
    // Renders that finished before anyone asked (their timer cancelled) are of no interest.
    while (this.unclaimed.length > 0 && !this.unclaimed[0]!.active) this.unclaimed.shift();
    const timer = this.unclaimed.shift();
    if (timer) return Promise.resolve(timer);
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
