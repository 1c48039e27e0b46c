// Bug: `recipal -h` answered 'unknown command "-h"' (exit 2): only `--help` was known. `-h` is help
// wherever `--help` is: globally, for a group of commands and for each command.
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { allCommands, unusableEnv } from '../support/cli-commands.js';

describe('recipal -h is help', () => {
  it('recipal -h prints the global usage, exit 0', async () => {
    const run = await runCli(['-h'], unusableEnv);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('Usage: recipal <command>');
    expect((await runCli(['-h'], unusableEnv)).stdout).toBe((await runCli(['--help'], unusableEnv)).stdout);
  });

  it.each(allCommands.map((c) => [c.name]))('recipal %s -h is the same as --help', async (name) => {
    const short = await runCli([...name.split(' '), '-h'], unusableEnv);
    const long = await runCli([...name.split(' '), '--help'], unusableEnv);
    expect(short).toMatchObject({ code: 0, stderr: '' });
    expect(short.stdout).toBe(long.stdout);
  });

  it('recipal accounts -h lists the accounts commands, exit 0', async () => {
    const run = await runCli(['accounts', '-h'], unusableEnv);
    expect(run.code).toBe(0);
    for (const sub of ['create', 'list', 'set-status', 'set-limits']) expect(run.stdout).toContain(`accounts ${sub}`);
  });
});
