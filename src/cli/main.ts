// The `recipal` command: serve, migrate, accounts, keys, ingredients import (and import usda).
import { loadConfig, ConfigError, type Config } from '../config.js';
import { openDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { systemClock } from '../lib/time.js';
import { startServer } from '../server.js';
import { parseArgs, UsageError } from './args.js';
import { accountsCommand, keysCommand } from './commands/accounts.js';
import { ingredientsCommand } from './commands/ingredients.js';
import { COMMANDS } from './registry.js';

const USAGE = `Usage: recipal <command>

  serve                                   serve the API (what \`npm start\` runs)
  migrate                                 bring the database schema up to date
  accounts create --name NAME [--email E] [--weekly-limit N] [--per-minute-limit N] [--render-limit N] [--json]
  accounts list [--json]
  accounts set-status ID active|inactive
  accounts set-limits ID [--weekly-limit N] [--per-minute-limit N] [--render-limit N]
  keys create ACCOUNT_ID [--json]
  keys list ACCOUNT_ID [--json]
  keys revoke KEY_PREFIX
  ingredients import FILE.json --public   load public library ingredients (API field names, per 100 g)
${COMMANDS.map((c) => `  ${c.usage}`).join('\n')}
Configuration comes from the environment (DATABASE_URL, PORT, HOST, ...): see README.md.`;

async function withDatabase(config: Config, run: (ctx: { database: ReturnType<typeof openDatabase>; clock: typeof systemClock }) => Promise<void>): Promise<void> {
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db, database.dialect);
    await run({ database, clock: systemClock });
  } finally {
    await database.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const command = args.positionals[0];
  const out = (line: string) => process.stdout.write(line + '\n');
  if (!command || args.flags.help === true || command === 'help') {
    out(USAGE);
    return command ? 0 : 1;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`recipal: configuration error: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  try {
    switch (command) {
      case 'serve': {
        const server = await startServer(config);
        const stop = async () => {
          await server.close();
          process.exit(0);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
        return -1; // keep running
      }
      case 'migrate':
        await withDatabase(config, async (ctx) => {
          const report = await migrateToLatest(ctx.database.db, ctx.database.dialect);
          out(report.applied.length ? `Applied ${report.applied.join(', ')}.` : 'The database is up to date.');
        });
        return 0;
      case 'accounts':
        await withDatabase(config, (ctx) => accountsCommand(ctx, args, out));
        return 0;
      case 'keys':
        await withDatabase(config, (ctx) => keysCommand(ctx, args, out));
        return 0;
      case 'ingredients':
        await withDatabase(config, (ctx) => ingredientsCommand(ctx, args, out));
        return 0;
      default: {
        const extra = COMMANDS.find((c) => c.name === command);
        if (!extra) throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
        await withDatabase(config, (ctx) => extra.run(ctx, args, out, config));
        return 0;
      }
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`recipal: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`recipal: ${(error as Error).message}\n`);
    return 1;
  }
}

const code = await main(process.argv.slice(2));
if (code >= 0) process.exit(code);
