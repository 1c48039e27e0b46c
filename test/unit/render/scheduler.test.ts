// The fair render queue (src/render/scheduler.ts), driven with tasks the test finishes itself and a
// timer it fires itself: which job a free thread takes next, the anonymous share and queue, and
// the time limit. Every step awaits the event it checks (a job starting), never the clock. Jobs
// report running at once unless a test says otherwise.
import { describe, expect, it } from 'vitest';
import {
  FairScheduler,
  RenderTimeLimitError,
  SchedulerFullError,
  type FairSchedulerOptions,
  type Tenant,
} from '../../../src/render/scheduler.js';
import { ManualTimer } from '../../support/manual-timer.js';

interface TestJob {
  name: string;
  running(): void;
  started: Promise<void>;
  result: Promise<string>;
  finish(): void;
  fail(error: Error): void;
  signal(): AbortSignal | undefined;
}

function harness(options: Partial<FairSchedulerOptions> = {}) {
  const timer = new ManualTimer();
  const scheduler = new FairScheduler({ slots: 2, anonymousSlots: 1, anonymousQueue: 100, timeLimitMs: 5_000, timer, ...options });
  const order: string[] = [];
  /** Queues a job that reports running as soon as it starts (unless `report` is false: then via job.running()). */
  const submit = (tenant: Tenant, name: string, report = true): TestJob => {
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    let finish: (() => void) | undefined;
    let fail: ((error: Error) => void) | undefined;
    let signal: AbortSignal | undefined;
    let reportRunning: (() => void) | undefined;
    const result = scheduler.run(tenant, (s, running) => {
      signal = s;
      reportRunning = running;
      order.push(name);
      markStarted();
      if (report) running();
      return new Promise<string>((resolve, reject) => {
        finish = () => resolve(name);
        fail = reject;
      });
    });
    result.catch(() => {}); // each test awaits the results it checks
    return {
      name,
      started,
      result,
      running: () => reportRunning!(),
      finish: () => finish!(),
      fail: (error) => fail!(error),
      signal: () => signal,
    };
  };
  /** Finishes a running job and waits until the scheduler has settled it (and dispatched the next). */
  const complete = async (job: TestJob) => {
    job.finish();
    await job.result;
  };
  return { scheduler, timer, order, submit, complete };
}

const anonymous = (n: number, submit: (tenant: Tenant, name: string) => TestJob) =>
  Array.from({ length: n }, (_, i) => submit('anonymous', `anon${i + 1}`));

describe('FairScheduler', () => {
  it('20 anonymous jobs queued, then 1 account job: the account job is dispatched next', async () => {
    const { submit, complete, order, scheduler } = harness();
    const busy = submit(1, 'x1'); // account 1 holds one thread
    const anon = anonymous(20, submit); // anon1 takes the other; 19 wait
    await Promise.all([busy.started, anon[0]!.started]);
    const account = submit(2, 'y1');
    expect(scheduler.stats()).toMatchObject({ running: 2, waiting: 20, waitingAnonymous: 19 });
    await complete(anon[0]!);
    await account.started;
    expect(order).toEqual(['x1', 'anon1', 'y1']);
    // The anonymous backlog goes on once an account's job leaves a thread to it.
    await complete(busy);
    await anon[1]!.started;
    expect(order).toEqual(['x1', 'anon1', 'y1', 'anon2']);
  });

  it('anonymous jobs never hold more than their share of the threads, however many wait', async () => {
    const { submit, complete, order, scheduler } = harness({ slots: 3, anonymousSlots: 1 });
    const anon = anonymous(10, submit);
    await anon[0]!.started;
    expect(scheduler.stats()).toMatchObject({ running: 1, runningAnonymous: 1, waitingAnonymous: 9 });
    // Two threads stay free for accounts: both account jobs start at once.
    const a = submit(1, 'a1');
    const b = submit(2, 'b1');
    await Promise.all([a.started, b.started]);
    expect(order).toEqual(['anon1', 'a1', 'b1']);
    // An account finishing does not let a second anonymous job in.
    await complete(a);
    expect(scheduler.stats()).toMatchObject({ running: 2, runningAnonymous: 1 });
    await complete(anon[0]!);
    await anon[1]!.started;
    expect(scheduler.stats()).toMatchObject({ running: 2, runningAnonymous: 1, waitingAnonymous: 8 });
  });

  it('accounts with a backlog take turns, and an account with one job goes before them', async () => {
    const { submit, complete, order } = harness({ slots: 2, anonymousSlots: 1 });
    const jobs = new Map<string, TestJob>();
    const add = (tenant: Tenant, name: string) => jobs.set(name, submit(tenant, name));
    for (let i = 1; i <= 5; i++) add(1, `a${i}`);
    for (let i = 1; i <= 5; i++) add(2, `b${i}`);
    add(3, 'c1');
    // Finish the oldest running job, one at a time, until every job has run.
    for (let done = 0; done < jobs.size; done++) await complete(jobs.get(order[done]!)!);
    expect(order).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2', 'a4', 'b3', 'a5', 'b4', 'b5']);
  });

  it('a full anonymous queue refuses at once; accounts are still queued', async () => {
    const { submit, scheduler } = harness({ slots: 2, anonymousSlots: 1, anonymousQueue: 2 });
    const anon = anonymous(2, submit);
    await anon[0]!.started;
    expect(scheduler.anonymousFull()).toBe(false);
    anon.push(submit('anonymous', 'anon3'));
    expect(scheduler.anonymousFull()).toBe(true);
    const refused = submit('anonymous', 'anon4');
    await expect(refused.result).rejects.toBeInstanceOf(SchedulerFullError);
    const account = submit(1, 'a1');
    await account.started;
    const queued = submit(1, 'a2');
    expect(scheduler.stats()).toMatchObject({ running: 2, waiting: 3, waitingAnonymous: 2 });
    await expect(Promise.race([queued.result, Promise.resolve('still queued')])).resolves.toBe('still queued');
  });

  it('with no anonymous queue, one anonymous job may still run when its share is free', async () => {
    const { submit, scheduler } = harness({ slots: 2, anonymousSlots: 1, anonymousQueue: 0 });
    const first = submit('anonymous', 'anon1');
    await first.started;
    await expect(submit('anonymous', 'anon2').result).rejects.toBeInstanceOf(SchedulerFullError);
    expect(scheduler.stats()).toMatchObject({ running: 1, waiting: 0 });
  });

  it('on expiry of the time limit the job is answered, aborted, and its thread goes to the next job', async () => {
    const { submit, timer, order, scheduler } = harness({ slots: 2, anonymousSlots: 1, timeLimitMs: 250 });
    const stuck = submit(1, 'stuck');
    const other = submit(2, 'other');
    const waiting = submit(3, 'waiting');
    const first = await timer.next();
    const second = await timer.next();
    expect([first.ms, second.ms]).toEqual([250, 250]);
    expect(order).toEqual(['stuck', 'other']); // the waiting job has no timer yet
    first.fire();
    await expect(stuck.result).rejects.toBeInstanceOf(RenderTimeLimitError);
    expect(stuck.signal()!.aborted).toBe(true);
    expect(stuck.signal()!.reason).toBeInstanceOf(RenderTimeLimitError);
    await waiting.started; // the stuck task never settled, yet its thread was given on
    const third = await timer.next();
    expect(third.active).toBe(true);
    // A job finishing in time cancels its timer; firing it later changes nothing.
    other.finish();
    await expect(other.result).resolves.toBe('other');
    expect(second.active).toBe(false);
    second.fire();
    expect(scheduler.stats()).toMatchObject({ running: 1, waiting: 0 });
    // The stuck task settling late is ignored: its caller was answered already.
    stuck.finish();
    await expect(stuck.result).rejects.toBeInstanceOf(RenderTimeLimitError);
    expect(scheduler.stats()).toMatchObject({ running: 1 });
  });

  it('the time limit starts when the job reports running (a thread still starting up does not count); a late report is ignored', async () => {
    const { submit, timer, scheduler } = harness({ slots: 2, anonymousSlots: 1, timeLimitMs: 250 });
    const slow = submit(1, 'slow start', false);
    await slow.started;
    expect(timer.armed).toBe(0);
    slow.running();
    slow.running(); // reported twice: one timer
    expect(timer.armed).toBe(1);
    (await timer.next()).fire();
    await expect(slow.result).rejects.toBeInstanceOf(RenderTimeLimitError);
    // A job whose report arrives after its result (they travel on different channels) arms nothing.
    const quick = submit(2, 'quick', false);
    await quick.started;
    quick.finish();
    await quick.result;
    quick.running();
    expect(timer.armed).toBe(1);
    expect(scheduler.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('a task that fails, synchronously or not, is answered with its error and frees its thread', async () => {
    const { scheduler, submit } = harness({ slots: 2, anonymousSlots: 1 });
    await expect(
      scheduler.run(1, () => {
        throw new Error('synchronous');
      }),
    ).rejects.toThrow('synchronous');
    const failing = submit(1, 'f');
    await failing.started;
    failing.fail(new Error('asynchronous'));
    await expect(failing.result).rejects.toThrow('asynchronous');
    expect(scheduler.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('accountSlots caps the threads accounts hold together (one configured thread plus one for embeds)', async () => {
    const { submit, complete, order, scheduler } = harness({ slots: 2, anonymousSlots: 1, accountSlots: 1 });
    const a = submit(1, 'a1');
    const b = submit(2, 'b1');
    const anon = submit('anonymous', 'anon1');
    await Promise.all([a.started, anon.started]);
    expect(order).toEqual(['a1', 'anon1']);
    expect(scheduler.stats()).toMatchObject({ running: 2, waiting: 1 });
    await complete(anon);
    expect(scheduler.stats()).toMatchObject({ running: 1, waiting: 1 }); // b1 still waits for the account thread
    await complete(a);
    await b.started;
  });

  it('refuses an anonymous share that would cover every thread', () => {
    expect(() => new FairScheduler({ slots: 1, anonymousSlots: 1, anonymousQueue: 0, timeLimitMs: 1 })).toThrow(/fewer than slots/);
  });
});
