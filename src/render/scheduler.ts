// Who renders next: a fair queue in front of the worker threads (docs/api.md#render-limits).
//
// Every job belongs to a tenant: an account, or "anonymous" (public embeds, all as one tenant).
// When a thread frees up, tenants take turns instead of jobs being served in arrival order, so a
// tenant with a backlog delays another tenant's render by at most one render per thread, never by
// its whole backlog. The rules:
// - a tenant with nothing running or waiting ("sparse": typically one person waiting for one label)
//   is served before tenants with a backlog, once; after that it joins the back of the rotation;
// - tenants with a backlog are served round-robin, one job per turn;
// - anonymous work is a low-share tenant: it never gets the sparse priority, it may hold at most
//   `anonymousSlots` threads (fewer than all of them), and at most `anonymousQueue` anonymous jobs
//   wait; beyond that, submitting one throws SchedulerFullError at once instead of queueing.
// - a job may run `timeLimitMs` from the moment it reports running (time spent waiting, for a turn
//   or for a thread to start, does not count); then its AbortSignal fires and the job is answered
//   with RenderTimeLimitError, whatever it does next.

import { must } from '../lib/must.js';

export type Tenant = number | 'anonymous';

/** Starts a one-shot timer; returns its cancel function. Injected so tests fire it themselves. */
export interface RenderTimer {
  start(ms: number, expire: () => void): () => void;
}

export const systemTimer: RenderTimer = {
  start(ms, expire) {
    const handle = setTimeout(expire, ms);
    return () => clearTimeout(handle);
  },
};

export class SchedulerFullError extends Error {
  constructor() {
    super('the anonymous render queue is full');
    this.name = 'SchedulerFullError';
  }
}

export class RenderTimeLimitError extends Error {
  constructor(readonly limitMs: number) {
    super(`the render took longer than ${limitMs} ms and was stopped`);
    this.name = 'RenderTimeLimitError';
  }
}

export interface FairSchedulerOptions {
  /** Jobs that may run at once (the worker threads). */
  slots: number;
  /** Of those, how many anonymous jobs may hold; less than `slots`. */
  anonymousSlots: number;
  /** Of those, how many account jobs may hold (default: all of them). */
  accountSlots?: number;
  /** Anonymous jobs that may wait beyond the running ones. */
  anonymousQueue: number;
  timeLimitMs: number;
  timer?: RenderTimer;
}

/** A job: `running()` is to be called when its work actually starts (it starts the time limit). */
export type Task<T> = (signal: AbortSignal, running: () => void) => Promise<T>;

interface Job {
  tenant: Tenant;
  start(): void;
}

export interface SchedulerStats {
  running: number;
  runningAnonymous: number;
  waiting: number;
  waitingAnonymous: number;
}

export class FairScheduler {
  private readonly queues = new Map<Tenant, Job[]>();
  /** Tenants that became active with an empty queue: served first, once each. */
  private readonly sparse: Tenant[] = [];
  /** Tenants with a backlog, in turn order. */
  private readonly rotation: Tenant[] = [];
  private running = 0;
  private runningAnonymous = 0;
  /** Jobs running per tenant. */
  private readonly runningOf = new Map<Tenant, number>();
  private readonly timer: RenderTimer;

  constructor(private readonly options: FairSchedulerOptions) {
    if (options.anonymousSlots >= options.slots) throw new Error('anonymousSlots must be fewer than slots');
    this.timer = options.timer ?? systemTimer;
  }

  /** True when an anonymous job submitted now would be refused (its share busy and its queue full). */
  anonymousFull(): boolean {
    return this.waitingOf('anonymous') >= this.options.anonymousQueue && !this.canStart('anonymous');
  }

  /** Queues `task` for `tenant`; it runs when the tenant's turn comes and a thread is free. */
  run<T>(tenant: Tenant, task: Task<T>): Promise<T> {
    if (tenant === 'anonymous' && this.anonymousFull()) return Promise.reject(new SchedulerFullError());
    return new Promise<T>((resolve, reject) => {
      this.enqueue({ tenant, start: () => this.execute(tenant, task, resolve, reject) });
      this.dispatch();
    });
  }

  stats(): SchedulerStats {
    let waiting = 0;
    for (const queue of this.queues.values()) waiting += queue.length;
    return { running: this.running, runningAnonymous: this.runningAnonymous, waiting, waitingAnonymous: this.waitingOf('anonymous') };
  }

  private waitingOf(tenant: Tenant): number {
    return this.queues.get(tenant)?.length ?? 0;
  }

  private enqueue(job: Job): void {
    const queue = this.queues.get(job.tenant);
    if (queue) {
      queue.push(job);
      return;
    }
    this.queues.set(job.tenant, [job]);
    // Anonymous traffic never jumps ahead: it always waits its turn in the rotation.
    const sparse = job.tenant !== 'anonymous' && !this.runningOf.has(job.tenant);
    (sparse ? this.sparse : this.rotation).push(job.tenant);
  }

  private canStart(tenant: Tenant): boolean {
    if (this.running >= this.options.slots) return false;
    if (tenant === 'anonymous') return this.runningAnonymous < this.options.anonymousSlots;
    return this.running - this.runningAnonymous < (this.options.accountSlots ?? this.options.slots);
  }

  /** Starts jobs while threads are free and some tenant may use one. */
  private dispatch(): void {
    while (this.running < this.options.slots) {
      const tenant = this.take(this.sparse) ?? this.take(this.rotation);
      if (tenant === undefined) return;
      // A tenant is in sparse or rotation only while it has queued jobs.
      const queue = must(this.queues.get(tenant), 'the queue of a waiting tenant');
      const job = must(queue.shift(), 'the first job of a waiting tenant');
      if (queue.length === 0) this.queues.delete(tenant);
      else this.rotation.push(tenant);
      job.start();
    }
  }

  /** Removes and returns the first tenant of `list` allowed to start a job now. */
  private take(list: Tenant[]): Tenant | undefined {
    const index = list.findIndex((tenant) => this.canStart(tenant));
    if (index < 0) return undefined;
    return list.splice(index, 1)[0];
  }

  private execute<T>(tenant: Tenant, task: Task<T>, resolve: (value: T) => void, reject: (error: unknown) => void): void {
    this.running += 1;
    if (tenant === 'anonymous') this.runningAnonymous += 1;
    this.runningOf.set(tenant, (this.runningOf.get(tenant) ?? 0) + 1);
    const controller = new AbortController();
    let settled = false;
    let cancelTimer: (() => void) | null = null;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      cancelTimer?.();
      this.running -= 1;
      if (tenant === 'anonymous') this.runningAnonymous -= 1;
      const left = must(this.runningOf.get(tenant), 'the running count of a tenant whose job ends') - 1;
      if (left === 0) this.runningOf.delete(tenant);
      else this.runningOf.set(tenant, left);
      settle();
      this.dispatch();
    };
    // Reported once per job; a report after the job settled (it may come after the result) is ignored.
    const running = () => {
      if (settled || cancelTimer) return;
      cancelTimer = this.timer.start(this.options.timeLimitMs, () => {
        const error = new RenderTimeLimitError(this.options.timeLimitMs);
        // The thread is freed (the task's owner terminates it on abort) and the caller answered now.
        finish(() => reject(error));
        controller.abort(error);
      });
    };
    let promise: Promise<T>;
    try {
      promise = task(controller.signal, running);
    } catch (error) {
      promise = Promise.reject(error);
    }
    promise.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error)),
    );
  }
}
