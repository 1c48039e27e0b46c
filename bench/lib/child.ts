// Starts a bench server script in a child process and waits for its "READY {json}" line.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ChildServer<T> {
  info: T;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** `root`: another checkout whose bench/servers/ script to run (e.g. the code before a change, in the same run). */
export function startChild<T>(script: string, env: Record<string, string> = {}, root?: string): Promise<ChildServer<T>> {
  const path = root ? join(root, 'bench/servers', script) : fileURLToPath(new URL(`../servers/${script}`, import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', path], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.startsWith('READY '));
      if (line) {
        resolve({
          info: JSON.parse(line.slice(6)) as T,
          process: child,
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
}
