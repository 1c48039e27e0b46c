// Bug: the hand-written parser accepted any option: `accounts create --name X --weekly-limt 5` created
// an account with the default limit, and `--name` without a value became `true`. Options are now
// parsed strictly against each command's spec: an unknown option or a missing value is a usage error
// (exit 2) naming the option, and nothing is done.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'recipal-cli-strict-'));
const env = { DATABASE_URL: join(dir, 'strict.db') };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function accountCount(): Promise<number> {
  return JSON.parse((await runCli(['accounts', 'list', '--json'], env)).stdout).accounts.length;
}

describe('unknown options and missing values are usage errors', () => {
  it('a misspelt option is refused by name and creates nothing', async () => {
    const run = await runCli(['accounts', 'create', '--name', 'X', '--weekly-limt', '5'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("'--weekly-limt'");
    expect(run.stdout).toBe('');
    expect(await accountCount()).toBe(0);
  });

  it('an option without its value is refused by name', async () => {
    const run = await runCli(['accounts', 'create', '--name'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("'--name <value>' argument missing");
    expect(await accountCount()).toBe(0);
  });

  it('an option of another command is refused, and so is an extra argument', async () => {
    expect((await runCli(['keys', 'list', '1', '--public'], env)).stderr).toContain("'--public'");
    const extra = await runCli(['keys', 'revoke', 'rcp_a', 'rcp_b'], env);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain('unexpected argument "rcp_b"');
  });

  it('a missing argument is named', async () => {
    const run = await runCli(['keys', 'create'], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('needs ACCOUNT_ID');
  });
});
