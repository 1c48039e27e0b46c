// Bug: `recipal import --help` printed the spreadsheet command's help and then the group's, two
// "Usage:" texts one after the other. A group that is also a command (`recipal import FILE`) prints
// that command's help once, then names the group's other commands.
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/registry.js';
import { runCli } from '../support/cli.js';
import { unusableEnv } from '../support/cli-commands.js';

const groupsThatAreCommands = COMMANDS.flatMap((entry) =>
  'subcommands' in entry && entry.subcommands.some((c) => c.name === entry.name) ? [entry] : [],
);

describe('help of a group that is also a command', () => {
  it('covers recipal import', () => {
    expect(groupsThatAreCommands.map((g) => g.name)).toContain('import');
  });

  it.each(groupsThatAreCommands.map((g) => [g.name, g] as const))('recipal %s --help prints one usage text', async (name, group) => {
    const run = await runCli([name, '--help'], unusableEnv);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.match(/Usage:/g)).toHaveLength(1);
    expect(run.stdout).toMatch(new RegExp(`^Usage: recipal ${name} `));
    // Every other command of the group is named, with the way to its own help.
    for (const other of group.subcommands.filter((c) => c.name !== name)) expect(run.stdout).toContain(`${other.name} `);
    expect(run.stdout).toContain(`recipal ${name} <command> --help`);
    // `recipal help import` is the same text.
    expect((await runCli(['help', name], unusableEnv)).stdout).toBe(run.stdout);
  });
});
