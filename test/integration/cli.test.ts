// The `recipal` command against a real SQLite file. Commands run in this process through the exported
// `main` (test/support/cli.ts); what needs a real process (a server printing its key and docs URL,
// the exit status a shell sees) spawns bin/recipal.js, the built CLI a user runs (dist/ is rebuilt
// when stale by test/support/build-cli.ts).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { flourBody } from '../support/app.js';
import { runCli } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'recipal-cli-'));
const env = { ...process.env, DATABASE_URL: join(dir, 'cli.db'), LOG_LEVEL: 'silent' };
const bin = join(import.meta.dirname, '../../bin/recipal.js');

// Spawned processes start slowly on a loaded machine: a generous limit for those tests, not a timing assertion.
const SPAWNS = 120_000;

const recipal = (...args: string[]) => runCli(args, { DATABASE_URL: env.DATABASE_URL });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('recipal CLI', () => {
  let accountId: number;

  it('migrates a new database, naming the migrations it applied, then finds it up to date', async () => {
    const run = await recipal('migrate');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Applied 001_core/);
    expect((await recipal('migrate')).stdout).toBe('The database is up to date.\n');
  });

  it('accounts create --json prints exactly one JSON object with the key', async () => {
    const run = await recipal(
      'accounts',
      'create',
      '--name',
      'Bakery',
      '--email',
      'b@example.com',
      '--weekly-limit',
      '5000',
      '--currency',
      'cad',
      '--json',
    );
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0]!);
    expect(out.account).toMatchObject({ name: 'Bakery', email: 'b@example.com', weekly_limit: 5000, status: 'active', currency: 'CAD' });
    expect(out.api_key).toMatch(/^rcp_[A-Za-z0-9_-]{32}$/);
    accountId = out.account.id;
  });

  it('accounts create refuses a currency that is not a three-letter code, creating nothing', async () => {
    const before = JSON.parse((await recipal('accounts', 'list', '--json')).stdout).accounts.length;
    const run = await recipal('accounts', 'create', '--name', 'Odd', '--currency', 'dollars');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--currency');
    expect(JSON.parse((await recipal('accounts', 'list', '--json')).stdout).accounts).toHaveLength(before);
  });

  it('keys create --json, list and revoke', async () => {
    const created = JSON.parse((await recipal('keys', 'create', String(accountId), '--json')).stdout);
    expect(Object.keys(created)).toEqual(['api_key', 'key']);
    expect(Object.keys(created.key).sort()).toEqual(['created_at', 'id', 'prefix']);
    expect(created.api_key.startsWith(created.key.prefix)).toBe(true);
    const listed = JSON.parse((await recipal('keys', 'list', String(accountId), '--json')).stdout).keys;
    expect(listed).toHaveLength(2);
    expect(JSON.stringify(listed)).not.toContain(created.api_key); // only hashes are stored
    expect((await recipal('keys', 'revoke', created.key.prefix)).code).toBe(0);
    const after = JSON.parse((await recipal('keys', 'list', String(accountId), '--json')).stdout).keys;
    expect(after.find((k: any) => k.id === created.key.id).revoked_at).toBeTruthy();
    expect((await recipal('keys', 'revoke', created.key.prefix)).code).toBe(2);
  });

  it('accounts list and set-status', async () => {
    expect((await recipal('accounts', 'set-status', String(accountId), 'inactive')).code).toBe(0);
    const accounts = JSON.parse((await recipal('accounts', 'list', '--json')).stdout).accounts;
    expect(accounts.find((a: any) => a.id === accountId).status).toBe('inactive');
    expect((await recipal('accounts', 'set-status', String(accountId), 'paused')).code).toBe(2);
  });

  it('accounts set-limits changes only the limits given', async () => {
    const run = await recipal('accounts', 'set-limits', String(accountId), '--render-limit', '9', '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).account).toMatchObject({ weekly_limit: 5000, render_limit: 9 });
    expect((await recipal('accounts', 'set-limits', String(accountId))).code).toBe(2);
  });

  it('ingredients import --public loads the library, and again updates it', async () => {
    const file = join(dir, 'library.json');
    writeFileSync(file, JSON.stringify([flourBody({ name: 'Library flour', usda_verified: true }), flourBody({ name: 'Library sugar' })]));
    const first = await recipal('ingredients', 'import', file, '--public', '--json');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({ created: 2, updated: 0 });
    expect(JSON.parse((await recipal('ingredients', 'import', file, '--public', '--json')).stdout)).toEqual({ created: 0, updated: 2 });
  });

  it('refuses an invalid import file, naming the item and field, importing nothing', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify([flourBody({ name: 'Fine one' }), flourBody({ name: 'Bad one', fat: -3 })]));
    const run = await recipal('ingredients', 'import', file, '--public');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('[1].fat');
    expect((await recipal('ingredients', 'import', join(dir, 'missing.json'), '--public')).code).toBe(2);
  });

  it('stops with the variable name on a bad configuration', async () => {
    const run = await runCli(['migrate'], { DATABASE_URL: env.DATABASE_URL, PORT: 'abc' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('PORT');
  });

  it(
    'the built command exits with the status a shell sees: 0 for --help, 2 for a usage error',
    () => {
      const help = spawnSync(process.execPath, [bin, '--help'], { env, encoding: 'utf8' });
      expect(help.status).toBe(0);
      expect(help.stdout).toContain('Usage: recipal <command>');
      const wrong = spawnSync(process.execPath, [bin, 'accounts', 'create', '--nmae', 'X'], { env, encoding: 'utf8' });
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toContain("'--nmae'");
    },
    SPAWNS,
  );

  it(
    'serve: the first start creates the "default" account and prints its key, the docs URL and the studio URL',
    async () => {
      const fresh = join(dir, 'fresh.db');
      const first = await serveUntilDocs(fresh);
      const key = /rcp_[A-Za-z0-9_-]{32}/.exec(first.output)?.[0];
      const url = /listening on (http:\/\/[^\s]+)/.exec(first.output)?.[1];
      expect(key).toBeTruthy();
      expect(first.output).toContain(`${url}/docs`);
      expect(first.output).toContain(`Label studio: ${url}/studio`);
      const res = await fetch(`${url}/v1/ingredients`, { headers: { authorization: `Token token=${key}` } });
      expect(res.status).toBe(200);
      expect((await fetch(`${url}/studio`)).status).toBe(200);
      await first.stop();
      // A second start prints no key: the database already has an account.
      const second = await serveUntilDocs(fresh);
      await second.stop();
      expect(second.output).not.toMatch(/rcp_/);
    },
    SPAWNS,
  );
});

/** Starts `recipal serve` on a free port and resolves once it has printed the docs and studio URLs (or rejects if it exits first). */
function serveUntilDocs(database: string): Promise<{ output: string; stop(): Promise<unknown> }> {
  // One process (WORKERS=1): what is checked is the first start's output; test/integration/serve-workers.test.ts
  // runs several workers. Each extra worker costs a second of start-up.
  const child = spawn(process.execPath, [bin, 'serve'], {
    env: { ...env, DATABASE_URL: database, PORT: '0', HOST: '127.0.0.1', WORKERS: '1' },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`recipal serve exited (${code}) before printing the docs URL: ${output}${errors}`)));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('/docs') && output.includes('/studio')) {
        resolve({
          output,
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
  });
}
