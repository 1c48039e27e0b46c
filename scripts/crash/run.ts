// One crash-safety run on one database: start the server, drive writes from several workers, SIGKILL
// the server at random moments (a seeded choice of how many acknowledged writes in), restart it,
// check every record, and go on until the target number of writes is acknowledged.
import { ServerProcess, type ServerOptions } from './server.js';
import { emptyTally, httpApi, seeded, Unanswered, Worker, type Tally } from './workload.js';

export interface CrashOptions extends ServerOptions {
  kills: number;
  /** Acknowledged writes to reach before the run ends. */
  writes: number;
  workers: number;
  seed: number;
}

export interface CrashReport extends Tally {
  kills: number;
  restarts: number;
}

export async function runCrashTest(options: CrashOptions): Promise<CrashReport> {
  const random = seeded(options.seed);
  const server = new ServerProcess(options);
  const tally = emptyTally();
  const api = httpApi(
    () => server.url,
    () => server.apiKey!,
  );
  const workers = Array.from({ length: options.workers }, (_, i) => new Worker(i, api, seeded(options.seed * 1000 + i + 1), tally));
  // Kill points: a sorted random choice of acknowledged-write counts, spread over the run.
  const killAt = Array.from({ length: options.kills }, () => Math.floor(options.writes * (0.05 + 0.9 * random()))).sort((a, b) => a - b);
  let kills = 0;
  let restarts = 0;

  await server.start();
  if (!server.apiKey) throw new Error('the server did not print an API key: is the database new?');

  // Workers pause while the server is down; `up` is replaced by a new promise at every kill.
  let resume: () => void = () => undefined;
  let up: Promise<void> = Promise.resolve();
  let down = false;
  // A hard bound on the loop, whatever happens: every write the run makes counts against it.
  const maxAttempts = options.writes * 4 + 1000;

  const crash = async () => {
    down = true;
    up = new Promise((resolve) => (resume = resolve));
    await server.kill();
    kills++;
    await server.start();
    restarts++;
    // Every worker's records, once all requests in flight have died (the workers wait on `up`).
    for (const worker of workers) await worker.check();
    down = false;
    resume();
  };

  let crashing: Promise<void> | null = null;
  const run = async (worker: Worker) => {
    while (tally.acknowledged < options.writes && tally.attempted < maxAttempts) {
      if (down) await up;
      if (kills < killAt.length && tally.acknowledged >= killAt[kills]! && !crashing) {
        crashing = crash().finally(() => (crashing = null));
      }
      if (crashing) {
        await crashing;
        continue;
      }
      try {
        await worker.step();
      } catch (error) {
        if (!(error instanceof Unanswered)) throw error;
        // Only our kill may leave a request unanswered: wait for the restart (and the check).
        if (!crashing) throw new Error(`the server stopped answering without being killed: ${error.message}`);
        await crashing;
      }
    }
  };
  try {
    await Promise.all(workers.map(run));
    // Kill points not reached (a short run): kill at the end, so every run makes its kills.
    while (kills < options.kills) await crash();
    for (const worker of workers) await worker.check();
  } finally {
    await server.stop();
  }
  return { ...tally, kills, restarts };
}
