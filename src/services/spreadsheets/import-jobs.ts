// Imports running at once on this server process (docs/api.md#spreadsheet-imports): at most `jobsPerAccount` for one
// account and `jobsPerServer` for all together; one more is refused at once with 429 and Retry-After,
// before its file is read. An import reads, checks and writes up to IMPORT_MAX_ROWS rows: a few at a
// time keep the process serving every other request while they run. Counted per process, as the
// render slots are (src/services/limits/local-slots.ts): with WORKERS=n, a server runs n times as many.
import type { ImportLimits } from '../../config.js';
import { importConcurrencyExceeded } from '../../errors.js';

export class ImportJobs {
  private running = 0;
  private readonly byAccount = new Map<number, number>();

  constructor(private readonly limits: Pick<ImportLimits, 'jobsPerAccount' | 'jobsPerServer'>) {}

  /** Runs `job` in a slot of the account's and the server's; 429 ImportConcurrencyExceeded when either is full. */
  async run<T>(accountId: number, job: () => Promise<T>): Promise<T> {
    const mine = this.byAccount.get(accountId) ?? 0;
    if (mine >= this.limits.jobsPerAccount) throw importConcurrencyExceeded('account', this.limits.jobsPerAccount);
    if (this.running >= this.limits.jobsPerServer) throw importConcurrencyExceeded('server', this.limits.jobsPerServer);
    this.running++;
    this.byAccount.set(accountId, mine + 1);
    try {
      return await job();
    } finally {
      this.running--;
      const left = (this.byAccount.get(accountId) ?? 1) - 1;
      if (left === 0) this.byAccount.delete(accountId);
      else this.byAccount.set(accountId, left);
    }
  }

  /** Imports running now (diagnostics and tests). */
  get active(): number {
    return this.running;
  }
}
