// `recipal serve` on every core (docs/scaling.md "Workers"): the primary process forks WORKERS
// processes (node:cluster) that share the port. The first of them migrates the database and creates
// the first account before it listens, and reports that account to the primary; only then are the
// others forked, so migrations run once. The primary prints the address (and a new database's first
// key) once, when every worker listens, replaces a worker that crashes, and stops them all on
// SIGTERM/SIGINT. It never opens the database nor loads the application: it stays small (~45 MB
// against ~90 when it migrated itself; BENCHMARKS.md).
//
// What the workers share goes through the database (or Redis): request limits are reservations in
// the database, exact across processes (docs/api.md#limits, docs/scaling.md "Limits without Redis").
// The signing secret must be one for all of them, or a signed link or sign-in cookie made by one
// worker would fail on another: without RECIPAL_SECRET the primary draws one for this run.
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import type { Config } from './config.js';
import { listenUrl } from './lib/listen-url.js';
import { type FirstAccount, startLines } from './start-lines.js';

export interface RunningCluster {
  url: string;
  workers(): Worker[];
  close(): Promise<void>;
}

export interface ClusterIo {
  print(line: string): void;
  error(line: string): void;
}

const consoleIo: ClusterIo = { print: (line) => console.log(line), error: (line) => console.error(line) };

/** Set in the environment of the worker that prepares the database (src/cli/commands/serve.ts). */
export const PREPARE_ENV = 'RECIPAL_PREPARE_DATABASE';

/** What the preparing worker sends the primary once the database is ready. */
export interface PreparedMessage {
  kind: 'prepared';
  first: FirstAccount | null;
}

const isPrepared = (message: unknown): message is PreparedMessage =>
  typeof message === 'object' && message !== null && (message as { kind?: unknown }).kind === 'prepared';

export async function startCluster(config: Config, io: ClusterIo = consoleIo): Promise<RunningCluster> {
  const env = { RECIPAL_SECRET: config.secret ?? randomBytes(32).toString('base64url') };
  let stopping = false;
  let first: FirstAccount | null = null;
  const fork = () => cluster.fork(env);

  // Until every worker listens, a worker that exits is a failed start (port taken, bad TLS file...).
  const port = await new Promise<number>((resolve, reject) => {
    const listening = new Set<number>();
    let port = config.port;
    const onListening = (worker: Worker, address: { port: number }) => {
      listening.add(worker.id);
      port = address.port;
      if (listening.size === config.workers) done(null);
    };
    const onExit = (worker: Worker, code: number | null, signal: string | null) => {
      done(new Error(`worker ${worker.process.pid} exited (${signal ?? code}) before it listened`));
    };
    const done = (error: Error | null) => {
      cluster.off('listening', onListening);
      cluster.off('exit', onExit);
      if (error) {
        stopping = true;
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
        reject(error);
      } else resolve(port);
    };
    cluster.on('listening', onListening);
    cluster.on('exit', onExit);
    const preparing = cluster.fork({ ...env, [PREPARE_ENV]: '1' });
    preparing.on('message', (message: unknown) => {
      if (!isPrepared(message)) return;
      first = message.first;
      for (let i = 1; i < config.workers; i++) fork();
    });
  });

  // A worker that crashes is replaced; one that exits with status 0 was stopped on purpose.
  cluster.on('exit', (worker, code, signal) => {
    if (stopping || (code === 0 && signal === null)) return;
    io.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });

  const url = config.publicUrl ?? listenUrl(config, port);
  for (const line of startLines(config, url, first)) io.print(line);
  io.print(`${config.workers} worker processes (WORKERS)`);
  const workers = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
  return {
    url,
    workers,
    async close() {
      stopping = true;
      await Promise.all(
        workers().map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              worker.once('exit', () => resolve());
              worker.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
