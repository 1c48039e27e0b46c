// Work done for nobody in particular (a public embed) must not hold the event loop for everyone.
// Node accepts one new connection per turn of its loop, and a turn runs every callback that is ready:
// 64 keep-alive clients each asking for a label that takes 10 ms to build made every turn last
// 640 ms, and a new connection waited behind every reconnect queued before it, for seconds. Jobs
// given to LoopTurns run one at a time, and after each the loop is left to everyone else for as long
// as the job took (at most MAX_PAUSE_MS): the jobs get at most about half of the loop's time however
// many wait, and in the other half the loop's turns are short, so queued connections are accepted at
// full speed and everyone else's requests are answered. Waiting beyond `maxWaiting` is refused.
/** The longest pause after one job (a job slowed by a stalled database should not stall the queue). */
const MAX_PAUSE_MS = 100;

export class LoopTurns {
  private readonly waiting: (() => Promise<void>)[] = [];
  private running = false;
  private scheduled = false;

  constructor(readonly maxWaiting: number) {}

  /** `job`'s result once it has had its turn; null, and nothing runs, when `maxWaiting` jobs already wait. */
  run<T>(job: () => Promise<T>): Promise<T> | null {
    if (this.waiting.length >= this.maxWaiting) return null;
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => job().then(resolve, reject));
      this.schedule();
    });
  }

  /** Jobs waiting for their turn (not the one running). */
  get queued(): number {
    return this.waiting.length;
  }

  private schedule(pauseMs = 0): void {
    if (this.running || this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    const start = () => {
      this.scheduled = false;
      const next = this.waiting.shift();
      if (!next) return;
      this.running = true;
      const began = performance.now();
      void next().finally(() => {
        this.running = false;
        this.schedule(Math.min(MAX_PAUSE_MS, performance.now() - began));
      });
    };
    // An immediate queued while immediates run waits for the next turn: at least one turn between jobs.
    if (pauseMs < 1) setImmediate(start);
    else setTimeout(start, pauseMs);
  }
}
