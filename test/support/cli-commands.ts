// Every `recipal` command (groups flattened), for tests that must hold for each one.
import type { Command } from '../../src/cli/args.js';
import { COMMANDS } from '../../src/cli/registry.js';

export const allCommands: Command<any>[] = COMMANDS.flatMap((c) => ('subcommands' in c ? c.subcommands : [c]));

/** An environment a command cannot run in: help must not need the configuration or the database. */
export const unusableEnv = { PORT: 'not-a-port', DATABASE_URL: '/nonexistent-directory/recipal.db' };
