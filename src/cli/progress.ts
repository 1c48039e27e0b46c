// Progress for long CLI jobs: a redrawn bar with counts and elapsed time on a terminal, plain lines
// (at most one per step) when the output is a file or a pipe, so logs stay readable.

export interface ProgressOutput {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

const BAR_WIDTH = 24;

export function formatElapsed(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(0)} kB`;
  return `${n} B`;
}

export function progressBar(fraction: number, width = BAR_WIDTH): string {
  const filled = Math.round(Math.min(1, Math.max(0, fraction)) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}

export class Progress {
  private readonly started = Date.now();
  private step: string | null = null;
  private lastDraw = 0;

  constructor(
    private readonly out: ProgressOutput,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reports `done` of `total` (null: unknown total) for a named step; `detail` says what is counted. */
  update(step: string, done: number, total: number | null, detail: string, finished = total !== null && done >= total): void {
    const elapsed = formatElapsed(this.now() - this.started);
    if (this.out.isTTY) {
      const t = this.now();
      if (step === this.step && t - this.lastDraw < 100 && !finished) return;
      this.lastDraw = t;
      if (this.step !== null && step !== this.step) this.out.write('\n');
      this.step = step;
      const bar = total ? `${progressBar(done / total)} ${Math.floor((done / total) * 100)}% ` : '';
      const line = `${step} ${bar}${detail} ${elapsed}`;
      this.out.write(`\r${line.slice(0, (this.out.columns ?? 120) - 1)}\x1b[K`);
      return;
    }
    // Plain output: one line when a step finishes.
    if (finished) this.out.write(`${step}: ${detail} (${elapsed})\n`);
    this.step = step;
  }

  /** Ends the bar's line on a terminal. */
  finish(): void {
    if (this.out.isTTY && this.step !== null) this.out.write('\n');
    this.step = null;
  }
}
