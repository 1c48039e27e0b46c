// The server under test as a child process: `node bin/recipal.js serve` (the built server, as users
// run it) or the same CLI from source through tsx. Started on loopback only, on a port of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerOptions {
  databaseUrl: string;
  /** `built`: bin/recipal.js (needs dist/); `source`: src/cli/main.ts through tsx. */
  from: 'built' | 'source';
}

export class ServerProcess {
  #child: ChildProcess | null = null;
  /** The first start's API key (the server prints it once, when it creates the first account). */
  apiKey: string | null = null;
  url = '';
  #port = 0;

  constructor(private readonly options: ServerOptions) {}

  async start(): Promise<void> {
    const args = this.options.from === 'built' ? ['bin/recipal.js', 'serve'] : ['--import', 'tsx', 'src/cli/main.ts', 'serve'];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: this.options.databaseUrl,
      HOST: '127.0.0.1',
      // The first start takes any free port; restarts reuse it so clients keep their address.
      PORT: String(this.#port),
      LOG_LEVEL: 'error',
      // The load is far above an account's default limits; limits are not what this measures.
      DEFAULT_PER_MINUTE_LIMIT: '10000000',
      DEFAULT_WEEKLY_LIMIT: '1000000000',
      RENDER_THREADS: '1',
      // SIGKILL must hit the process that serves: one process, not a cluster's primary.
      WORKERS: '1',
    };
    delete env.REDIS_URL;
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.#child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const key = /^\s+(rcp_\S+)\s*$/m.exec(output);
        if (key && !this.apiKey) this.apiKey = key[1]!;
        const listening = /listening on (http:\/\/127\.0\.0\.1:(\d+))/.exec(output);
        if (listening) {
          this.url = listening[1]!;
          this.#port = Number(listening[2]);
          child.stdout!.off('data', onData);
          child.stdout!.resume();
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.once('exit', (code, signal) =>
        reject(new Error(`the server exited (${code ?? signal}) before it listened:\n${output.slice(-2000)}`)),
      );
    });
    child.removeAllListeners('exit');
  }

  /** SIGKILL: no shutdown hook runs, in-flight requests die with the process. */
  async kill(): Promise<void> {
    await this.#signal('SIGKILL');
  }

  async stop(): Promise<void> {
    await this.#signal('SIGTERM');
  }

  async #signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
    this.#child = null;
  }
}
