// The packed install, as an operator makes it (README, "Installing for production"): `npm pack` in
// this checkout, the tarball installed without development dependencies into an empty folder,
// `recipal serve` started from there on a new SQLite file and a free port. Waits for it to print the
// first account's key and the docs URL, then asks the API with that key and fetches the docs page,
// and stops the server. Exits 0 when all of that works, 1 (saying what failed) otherwise. Run by
// .ci/run and by CI's packed-install job.
//
//   node --import tsx scripts/packed-install-smoke.ts [--keep]
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `Usage: node --import tsx scripts/packed-install-smoke.ts [--keep]

Packs this checkout (npm pack), installs the tarball with --omit=dev into an empty temporary folder,
starts \`recipal serve\` from it on a new SQLite file and a free port, waits for the first key and the
docs URL, calls GET /v1/ingredients with the key and GET the docs page, then stops the server.
  --keep   leave the temporary folder (its path is printed) instead of removing it`;

/** How long the server may take to print its key and address (a cold start on a busy machine). */
const START_LIMIT_MS = 120_000;

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function step(text: string): void {
  console.log(`packed-install-smoke: ${text}`);
}

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

interface Started {
  key: string;
  url: string;
  docs: string;
}

/** Starts `recipal serve`; resolves once it has printed its key, its address and its docs URL. */
function serve(bin: string, env: NodeJS.ProcessEnv, cwd: string): { started: Promise<Started>; stop(): Promise<number | null> } {
  const child = spawn(bin, ['serve'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const started = new Promise<Started>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no key and address within ${START_LIMIT_MS / 1000} s:\n${output}`)), START_LIMIT_MS);
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const key = /\b(rcp_[A-Za-z0-9_-]+)/.exec(output)?.[1];
      const url = /listening on (https?:\/\/\S+)/.exec(output)?.[1];
      const docs = /API docs: (https?:\/\/\S+)/.exec(output)?.[1];
      if (key && url && docs) {
        clearTimeout(timer);
        done({ key, url, docs });
      }
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`recipal serve exited (${code}) before it printed its key and address:\n${output}`));
    });
  });
  return {
    started,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

async function expectOk(url: string, init: RequestInit, check: (body: string, response: Response) => string | null): Promise<void> {
  const response = await fetch(url, init);
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${body.slice(0, 500)}`);
  const problem = check(body, response);
  if (problem) throw new Error(`GET ${url}: ${problem}`);
  step(`GET ${url}: 200`);
}

async function main(argv: string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  for (const arg of argv) if (arg !== '--keep') throw new Error(`unknown option ${arg}\n\n${USAGE}`);
  const keep = argv.includes('--keep');
  const work = mkdtempSync(join(tmpdir(), 'recipal-packed-'));
  let server: ReturnType<typeof serve> | null = null;
  try {
    step(`npm pack into ${work}`);
    run(npm, ['pack', '--silent', '--pack-destination', work], root);
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack left no .tgz in ${work}`);

    const app = join(work, 'app');
    mkdirSync(app);
    // As README "Installing for production" says: the server's package.json carries the package's
    // `overrides` and `allowScripts` (npm reads both only at the root of an install), so Node 20 gets
    // the versions a checkout gets and better-sqlite3 may build where npm blocks install scripts.
    const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    const serverPackage = { name: 'recipal-smoke', private: true, overrides: own.overrides, allowScripts: own.allowScripts };
    writeFileSync(join(app, 'package.json'), `${JSON.stringify(serverPackage, null, 2)}\n`);
    step(`npm install --omit=dev ${tarball} into an empty folder`);
    const installed = spawnSync(npm, ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', resolve(work, tarball)], {
      cwd: app,
      encoding: 'utf8',
    });
    process.stderr.write(installed.stderr);
    if (installed.status !== 0) throw new Error(`npm install of the tarball failed (${installed.status})`);
    // No package installed asks for a newer Node than this one (docs/decisions.md "Dependencies that
    // warned on Node 20").
    if (installed.stderr.includes('EBADENGINE'))
      throw new Error('the packed install has a package that asks for a newer Node (EBADENGINE above)');

    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: join(work, 'recipal.db'), PORT: '0', HOST: '127.0.0.1', WORKERS: '1' };
    for (const name of ['REDIS_URL', 'PUBLIC_URL', 'TLS_CERT', 'TLS_KEY', 'NODE_OPTIONS']) delete env[name];
    step('recipal serve on a new SQLite file and a free port');
    server = serve(join(app, 'node_modules/.bin/recipal'), env, app);
    const { key, url, docs } = await server.started;
    step(`listening on ${url}; the first key printed; docs at ${docs}`);

    await expectOk(`${url}/v1/ingredients`, { headers: { Authorization: `Token token=${key}` } }, (body) =>
      Array.isArray(JSON.parse(body)) || typeof JSON.parse(body) === 'object' ? null : 'not JSON',
    );
    const refused = await fetch(`${url}/v1/ingredients`);
    if (refused.status !== 401) throw new Error(`GET ${url}/v1/ingredients without a key answered ${refused.status}, not 401`);
    await expectOk(docs, {}, (body, response) =>
      (response.headers.get('content-type') ?? '').includes('text/html') && body.length > 0 ? null : 'not an HTML page',
    );
    const code = await server.stop();
    server = null;
    step(`stopped (exit ${code})`);
    step('ok');
  } finally {
    if (server) await server.stop();
    if (keep) step(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`packed-install-smoke: FAILED: ${(error as Error).message}`);
    process.exit(1);
  });
}
