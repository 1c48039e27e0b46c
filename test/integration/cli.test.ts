// The `recipal` command, run as a user runs it, against a real SQLite file.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { flourBody } from '../support/app.js';

const dir = mkdtempSync(join(tmpdir(), 'recipal-cli-'));
const env = { ...process.env, DATABASE_URL: join(dir, 'cli.db'), LOG_LEVEL: 'silent' };
const entry = join(import.meta.dirname, '../../src/cli/main.ts');

function recipal(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', entry, ...args], { env, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('recipal CLI', () => {
  let accountId: number;

  it('migrates', () => {
    const run = recipal('migrate');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Applied 001_core|up to date/);
  });

  it('accounts create --json prints exactly one JSON object with the key', () => {
    const run = recipal('accounts', 'create', '--name', 'Bakery', '--email', 'b@example.com', '--weekly-limit', '5000', '--json');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0]!);
    expect(out.account).toMatchObject({ name: 'Bakery', email: 'b@example.com', weekly_limit: 5000, status: 'active' });
    expect(out.api_key).toMatch(/^rcp_[A-Za-z0-9_-]{32}$/);
    accountId = out.account.id;
  });

  it('keys create --json, list and revoke', () => {
    const created = JSON.parse(recipal('keys', 'create', String(accountId), '--json').stdout);
    expect(Object.keys(created)).toEqual(['api_key', 'key']);
    expect(Object.keys(created.key).sort()).toEqual(['created_at', 'id', 'prefix']);
    expect(created.api_key.startsWith(created.key.prefix)).toBe(true);
    const listed = JSON.parse(recipal('keys', 'list', String(accountId), '--json').stdout).keys;
    expect(listed).toHaveLength(2);
    expect(JSON.stringify(listed)).not.toContain(created.api_key); // only hashes are stored
    expect(recipal('keys', 'revoke', created.key.prefix).code).toBe(0);
    const after = JSON.parse(recipal('keys', 'list', String(accountId), '--json').stdout).keys;
    expect(after.find((k: any) => k.id === created.key.id).revoked_at).toBeTruthy();
    expect(recipal('keys', 'revoke', created.key.prefix).code).toBe(2);
  });

  it('accounts list and set-status', () => {
    expect(recipal('accounts', 'set-status', String(accountId), 'inactive').code).toBe(0);
    const accounts = JSON.parse(recipal('accounts', 'list', '--json').stdout).accounts;
    expect(accounts.find((a: any) => a.id === accountId).status).toBe('inactive');
    expect(recipal('accounts', 'set-status', String(accountId), 'paused').code).toBe(2);
  });

  it('ingredients import --public loads the library, and again updates it', () => {
    const file = join(dir, 'library.json');
    writeFileSync(file, JSON.stringify([flourBody({ name: 'Library flour', usda_verified: true }), flourBody({ name: 'Library sugar' })]));
    const first = recipal('ingredients', 'import', file, '--public', '--json');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({ created: 2, updated: 0 });
    expect(JSON.parse(recipal('ingredients', 'import', file, '--public', '--json').stdout)).toEqual({ created: 0, updated: 2 });
  });

  it('refuses an invalid import file, naming the item and field, importing nothing', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify([flourBody({ name: 'Fine one' }), flourBody({ name: 'Bad one', fat: -3 })]));
    const run = recipal('ingredients', 'import', file, '--public');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('[1].fat');
    expect(recipal('ingredients', 'import', join(dir, 'missing.json'), '--public').code).toBe(2);
  });

  it('stops with the variable name on a bad configuration', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', entry, 'migrate'], { env: { ...env, PORT: 'abc' }, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('PORT');
  });

  it('the first start creates the "default" account and prints its key and the docs URL', async () => {
    const fresh = join(dir, 'fresh.db');
    const child = spawn(process.execPath, ['--import', 'tsx', entry, 'serve'], { env: { ...env, DATABASE_URL: fresh, PORT: '0' } });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no docs URL printed: ${output}`)), 20_000);
      child.stdout.on('data', (chunk) => {
        output += chunk;
        if (output.includes('/docs')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const key = /rcp_[A-Za-z0-9_-]{32}/.exec(output)?.[0];
    const url = /listening on (http:\/\/[^\s]+)/.exec(output)?.[1];
    expect(key).toBeTruthy();
    const res = await fetch(`${url}/v1/ingredients`, { headers: { authorization: `Token token=${key}` } });
    expect(res.status).toBe(200);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    // A second start prints no key: the database already has an account.
    const again = spawn(process.execPath, ['--import', 'tsx', entry, 'serve'], { env: { ...env, DATABASE_URL: fresh, PORT: '0' } });
    let second = '';
    await new Promise<void>((resolve) => again.stdout.on('data', (chunk) => {
      second += chunk;
      if (second.includes('/docs')) resolve();
    }));
    again.kill('SIGTERM');
    expect(second).not.toMatch(/rcp_/);
  });
});
