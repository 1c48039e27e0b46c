// Bug: `recipal --help` printed the usage and exited 1 (so did `recipal help`), failing scripts that ask
// for help. Explicit help requests exit 0 with the usage on stdout; a bare `recipal` (no command) is a
// usage error: the usage on stderr, exit 2.
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { unusableEnv } from '../support/cli-commands.js';

describe('recipal --help exits 0', () => {
  it.each([['--help'], ['help']])('recipal %s prints the global usage and exits 0, reading no configuration', async (flag) => {
    const run = await runCli([flag], unusableEnv);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('Usage: recipal <command>');
    expect(run.stdout).toContain('accounts create');
  });

  it('a bare recipal is a usage error: the usage on stderr, exit 2', async () => {
    const run = await runCli([], unusableEnv);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toContain('Usage: recipal <command>');
  });
});
