// Every command, in the order `recipal --help` lists them. A feature adds its command file here,
// so main.ts stays a dispatcher.
import type { Command, CommandGroup } from './args.js';
import { accountsGroup } from './commands/accounts.js';
import { importGroup } from './commands/import-usda.js';
import { ingredientsGroup } from './commands/ingredients.js';
import { historyGroup } from './commands/history.js';
import { keysGroup } from './commands/keys.js';
import { migrateCommand } from './commands/migrate.js';
import { serveCommand } from './commands/serve.js';

export const COMMANDS: readonly (Command | CommandGroup)[] = [
  serveCommand,
  migrateCommand,
  accountsGroup,
  keysGroup,
  ingredientsGroup,
  importGroup,
  historyGroup,
];
