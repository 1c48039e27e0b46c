// Load from outside the server: wrk (C, its own process) drives a server running in another process,
// so neither the generator's event loop nor its CPU is the server's (an in-process generator capped
// the bare baseline and flattered our ratio: 0.42x where wrk measured 0.28x). The server's CPU per request comes from
// /proc/<pid>/stat, which stays meaningful when other jobs share the machine.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface WrkOptions {
  /** Origin and path wrk sends when no requests file is given. */
  url: string;
  seconds?: number;
  connections?: number;
  threads?: number;
  headers?: Record<string, string>;
  /** Lines "METHOD\tPATH\tKEY\tBODY"; each request picks one at random (see wrk-requests.lua). */
  requestsFile?: string;
}

export interface WrkResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses outside 2xx/3xx, socket errors and timeouts: any of them makes a run fail. */
  non2xx: number;
  errors: number;
}

let checked = false;

/** Makes sure wrk is installed: installs it from Debian's packages when running as root, else says how. */
export function ensureWrk(): void {
  if (checked) return;
  const present = () => {
    try {
      execFileSync('wrk', ['--version'], { stdio: 'ignore' });
      return true;
    } catch (error) {
      // wrk --version exits with status 1 after printing its version.
      return (error as { code?: string }).code !== 'ENOENT';
    }
  };
  if (!present() && process.getuid?.() === 0) {
    console.log('wrk is missing: installing it with `apt-get install -y wrk` ...');
    try {
      execFileSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'ignore' });
    } catch {
      // reported below
    }
  }
  if (!present())
    throw new Error('the load benchmarks need wrk: install it with `sudo apt-get install -y wrk` (Debian/Ubuntu) or `brew install wrk`');
  checked = true;
}

const script = fileURLToPath(new URL('./wrk-requests.lua', import.meta.url));

export function runWrk(options: WrkOptions): Promise<WrkResult> {
  ensureWrk();
  const args = [
    `-t${options.threads ?? 1}`,
    `-c${options.connections ?? 32}`,
    `-d${options.seconds ?? 5}s`,
    '--timeout',
    '10s',
    '-s',
    script,
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(options.url);
  const env = { ...process.env, ...(options.requestsFile ? { REQUESTS_FILE: options.requestsFile } : {}) };
  if (!options.requestsFile) delete env.REQUESTS_FILE;
  const child = spawn('wrk', args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const result = /^RESULT (\d+) ([\d.]+) ([\d.]+) ([\d.]+) (\d+) (\d+)$/m.exec(out);
      if (code !== 0 || !result) return reject(new Error(`wrk exited with ${code}: ${out}`));
      const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
      const requests = Number(result[1]);
      resolve({
        requests,
        requestsPerSecond: requests / Number(result[2]),
        p50Ms: Number(result[3]),
        p99Ms: Number(result[4]),
        non2xx,
        errors: Number(result[5]) + Number(result[6]),
      });
    });
  });
}

/** CPU seconds (user + system) the processes have used so far, from /proc (Linux); NaN elsewhere. */
export function cpuSeconds(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
    } catch {
      return Number.NaN;
    }
  }
  return total;
}

/** Resident memory of the processes in MB, from /proc (Linux); NaN elsewhere. */
export function rssMb(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
      total += (pages * 4096) / 1e6;
    } catch {
      return Number.NaN;
    }
  }
  return total;
}

export interface Target {
  name: string;
  /** The server's processes (all of them, for a cluster): their CPU is what a request costs. */
  pids: number[];
  wrk: WrkOptions;
}

export interface Measured extends WrkResult {
  /** Server CPU milliseconds per 1,000 requests (= µs per request). */
  cpuMsPer1000: number;
}

/**
 * Runs every target in turn, `rounds` times (after one short warm-up each), so that drift on a
 * shared machine falls on all of them alike. Returns each target's runs in order.
 */
export async function alternate(targets: Target[], rounds: number): Promise<Map<string, Measured[]>> {
  for (const target of targets) await runWrk({ ...target.wrk, seconds: 1 });
  const results = new Map<string, Measured[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) {
      const before = cpuSeconds(target.pids);
      const result = await runWrk(target.wrk);
      const cpu = cpuSeconds(target.pids) - before;
      results.get(target.name)!.push({ ...result, cpuMsPer1000: (cpu * 1e6) / result.requests });
    }
  }
  return results;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median run's figures (each figure's own median across rounds). */
export function summary(runs: Measured[]): Measured {
  return {
    requests: runs.reduce((n, r) => n + r.requests, 0),
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    cpuMsPer1000: median(runs.map((r) => r.cpuMsPer1000)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
}
