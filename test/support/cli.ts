// Runs the `recipal` command in this process (its exported `main`), with its own environment and
// its output captured: no process start-up, so nothing here waits on a compiler.
import { main } from '../../src/cli/main.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    out: (line) => (stdout += `${line}\n`),
    err: (line) => (stderr += `${line}\n`),
    terminal: { isTTY: false, write: (text) => (stdout += text) },
    env: { LOG_LEVEL: 'silent', ...env },
  });
  return { code, stdout, stderr };
}
