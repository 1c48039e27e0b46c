// `recipal serve` in a child process, as an operator starts it, on a test database (a SQLite file or
// a PostgreSQL test schema): for tests that must kill a real server (SIGKILL) and start it again.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { TestDatabase } from './databases.js';

// The built command (bin/recipal.js runs dist/, rebuilt when stale by test/support/build-cli.ts):
// it starts in a fraction of the time tsx takes to compile src/ on a busy machine.
const bin = join(import.meta.dirname, '../../bin/recipal.js');

export interface ServeChild {
  url: string;
  process: ChildProcess;
  /** Resolves once the process has exited. */
  exited: Promise<void>;
  /** Everything the process has written to stdout and stderr so far. */
  output(): string;
}

/** DATABASE_URL for a child process that must open the test's database (its schema, for PostgreSQL). */
export function databaseUrlOf(db: TestDatabase): string {
  if (db.config.kind === 'sqlite') return db.config.path;
  const url = new URL(db.config.url);
  url.searchParams.set('options', `-c search_path=${db.schema}`);
  return url.toString();
}

/**
 * Starts `recipal serve` on a free port; resolves with its URL once it listens. One process unless
 * the test sets WORKERS (tests that SIGKILL the server mean the process that serves).
 */
export function serveChild(db: TestDatabase, env: Record<string, string> = {}): Promise<ServeChild> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrlOf(db),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    WORKERS: '1',
    ...env,
  };
  if (!env.REDIS_URL) delete childEnv.REDIS_URL; // the default store unless the test asks for Redis
  const child = spawn(process.execPath, [bin, 'serve'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    let started = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (https?:\/\/\S+)/.exec(output)?.[1];
      if (url && !started) {
        started = true;
        resolve({ url, process: child, exited, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then(() => reject(new Error(`recipal serve exited before listening: ${output}`)));
  });
}
