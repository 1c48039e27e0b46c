// Bug: `recipal <command> --help` printed the same global text for every command, so no command's
// arguments and options were documented anywhere. Each command's help is its own: usage line,
// what it does, each argument and option, an example; exit 0, without reading the configuration
// or opening the database (the environment here has neither a valid PORT nor a reachable database).
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { allCommands, unusableEnv } from '../support/cli-commands.js';

describe('each command has its own help', () => {
  it.each(allCommands.map((c) => [c.name, c] as const))('recipal %s --help', async (name, command) => {
    const global = (await runCli(['--help'], unusableEnv)).stdout;
    const run = await runCli([...name.split(' '), '--help'], unusableEnv);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).not.toBe(global);
    expect(run.stdout).toMatch(new RegExp(`^Usage: recipal ${name}`));
    expect(run.stdout).toContain(command.description);
    for (const positional of command.positionals) expect(run.stdout).toContain(positional.name);
    for (const [option, spec] of Object.entries(command.options) as [string, { default?: string }][]) {
      expect(run.stdout).toContain(`--${option}`);
      if (spec.default) expect(run.stdout).toContain(`(default: ${spec.default})`);
    }
    expect(run.stdout).toMatch(/Examples?:\n {2}.*\brecipal /);
  });

  it('recipal help <command> is <command> --help', async () => {
    const viaHelp = await runCli(['help', 'import', 'usda'], unusableEnv);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe((await runCli(['import', 'usda', '--help'], unusableEnv)).stdout);
  });
});
