// A lock handed to its waiters in the order they asked (RELIABILITY.md#sqlite-one-writer): on release
// it passes straight to the first waiter, so a caller that releases and asks again at once queues
// behind those already waiting instead of taking it back.

export class FifoLock {
  private held = false;
  private readonly waiting: Array<() => void> = [];

  /** Resolves when the caller holds the lock. */
  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Gives the lock to the first waiter, or frees it. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }

  /** Runs `work` holding the lock. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Callers waiting for it now. */
  get queued(): number {
    return this.waiting.length;
  }

  get busy(): boolean {
    return this.held;
  }
}
