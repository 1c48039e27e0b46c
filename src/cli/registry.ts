// Further commands that features add (e.g. `import usda`), so main.ts stays a dispatcher.
import type { Config } from '../config.js';
import type { ServiceContext } from '../services/context.js';
import type { ParsedArgs } from './args.js';
import { importCommand } from './commands/import-usda.js';

export interface CliCommand {
  name: string;
  usage: string;
  run(ctx: ServiceContext, args: ParsedArgs, out: (line: string) => void, config: Config): Promise<void>;
}

export const COMMANDS: CliCommand[] = [importCommand];
