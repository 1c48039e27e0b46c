// Bug: `recipal migrate` migrated the database on opening it, then migrated again and reported that
// second (empty) run, so it always said "up to date", even on a new database. It now names the
// migrations it applied.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'recipal-cli-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('recipal migrate on a new database names the migrations it applied; again, it is up to date', async () => {
  const env = { DATABASE_URL: join(dir, 'new.db') };
  const first = await runCli(['migrate'], env);
  expect(first.code).toBe(0);
  expect(first.stdout).toMatch(/^Applied 001_core, 002_/);
  expect((await runCli(['migrate'], env)).stdout).toBe('The database is up to date.\n');
});
