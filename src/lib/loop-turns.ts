// Work done for nobody in particular (a public embed) must not hold the event loop for everyone.
// Node accepts one new connection per turn of its loop, and a turn runs every callback that is ready:
// 64 keep-alive clients each asking for a label that takes 10 ms to build made every turn last
// 640 ms, and a new connection waited behind every reconnect queued before it, for seconds. Jobs
// given to LoopTurns run one at a time, each begun in a loop turn of its own (setImmediate), so
// between two of them the loop accepts connections and reads and answers everyone else's requests:
// the anonymous work of a turn is one job, however many wait. Waiting beyond `maxWaiting` is refused.
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

  private schedule(): void {
    if (this.running || this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    // An immediate queued while immediates run waits for the next turn: one job per turn.
    setImmediate(() => {
      this.scheduled = false;
      const next = this.waiting.shift();
      if (!next) return;
      this.running = true;
      void next().finally(() => {
        this.running = false;
        this.schedule();
      });
    });
  }
}
