// Bug: `accounts create --currency` (and `import usda --force`'s details) existed but were documented
// nowhere: the usage listed a hand-kept subset of options. Help is now made from each command's
// option spec; this holds the README's command table to the same specs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { allCommands, unusableEnv } from '../support/cli-commands.js';

const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
/** The README's command table rows, by the command they begin with. */
const rows = readme.split('\n').filter((line) => line.startsWith('| `'));

describe('every option is documented', () => {
  it('accounts create --help documents --currency and its default', async () => {
    const run = await runCli(['accounts', 'create', '--help'], unusableEnv);
    expect(run.stdout).toMatch(/--currency CODE +.*\(default: USD\)/);
  });

  it.each(allCommands.map((c) => [c.name, c] as const))(
    "README's command table documents recipal %s and each of its options",
    (name, command) => {
      const row = rows.find((line) => line.startsWith(`| \`${name}`));
      expect(row, `no README row for ${name}`).toBeDefined();
      for (const option of Object.keys(command.options)) expect(row, `README row for ${name}`).toContain(`--${option}`);
    },
  );
});
