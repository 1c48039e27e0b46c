// `recipal serve` for the benchmarks that measure the server as operators run it (load, memory).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import buildCli from '../../test/support/build-cli.js';
import { fmt } from './load.js';
import { rssMb } from './wrk.js';

export interface Serve {
  url: string;
  pids(): number[];
  stop(): Promise<void>;
}

/**
 * `recipal serve` as an operator starts it: the built command (dist/, rebuilt here when stale: tsx
 * would add its compiler to every process's memory), WORKERS from the environment, else every core.
 */
export function startServe(databasePath: string, env: Record<string, string> = {}): Promise<Serve> {
  buildCli();
  const bin = fileURLToPath(new URL('../../bin/recipal.js', import.meta.url));
  const child = spawn(process.execPath, [bin, 'serve'], {
    env: { ...process.env, DATABASE_URL: databasePath, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pids = () => {
    try {
      const children = readChildren(child.pid!);
      return [child.pid!, ...children];
    } catch {
      return [child.pid!];
    }
  };
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url && /API docs/.test(output)) {
        resolve({
          url,
          pids,
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`recipal serve exited with ${code}: ${output}`)));
  });
}

/**
 * "RSS total MB (first process + next + ...), PSS total MB": the primary first, then each worker.
 * RSS counts a page in every process that maps it, so the node binary's ~45 MB of code (and other
 * shared pages) is counted once per process; PSS divides each shared page among the processes that
 * share it, so its total is what the processes hold together.
 */
export function memoryEach(pids: number[]): string {
  const each = pids.map((pid) => rssMb([pid]));
  const sum = (mbs: number[]) =>
    fmt(
      mbs.reduce((a, b) => a + b, 0),
      0,
    );
  return `${sum(each)} MB RSS (${each.map((mb) => fmt(mb, 0)).join(' + ')}), ${sum(pids.map(pssMb))} MB PSS`;
}

/** A process's proportional set size (Linux smaps_rollup), MB; NaN once it is gone. */
function pssMb(pid: number): number {
  try {
    const kb = /^Pss:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1];
    return kb === undefined ? Number.NaN : (Number(kb) * 1024) / 1e6;
  } catch {
    return Number.NaN;
  }
}

/** The cluster's workers: the server process's children (Linux). */
function readChildren(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}
