// The `recipal` command: finds the command the arguments name, prints help when asked, and runs it.
// Help never reads the configuration or opens the database.
//
// Exit status: 0 done (and for `--help`, `-h`, `help`); 1 the command failed; 2 a usage error (also a
// bare `recipal`, whose usage goes to stderr) or a configuration error; some commands add their own.
import { existsSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../config.js';
import { asksForHelp, CommandRefused, parseCommandArgs, UsageError, type Command, type CommandGroup, type CommandIo } from './args.js';
import { commandHelp, globalHelp, groupCommandHelp, groupHelp } from './help.js';
import { COMMANDS } from './registry.js';

const processIo: CommandIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  terminal: process.stdout,
  env: process.env,
};

type Found =
  | { kind: 'command'; command: Command; rest: string[] }
  | { kind: 'group'; group: CommandGroup; rest: string[] }
  | { kind: 'unknown'; word: string };

/** The command the leading words name, and the arguments after them. */
function find(words: readonly string[]): Found {
  const [first, second, ...after] = words;
  const entry = COMMANDS.find((c) => c.name === first);
  if (!entry) return { kind: 'unknown', word: first ?? '' };
  if (!('subcommands' in entry)) return { kind: 'command', command: entry, rest: words.slice(1) };
  const sub = entry.subcommands.find((c) => c.name === `${first} ${second}`);
  // A group may also be a command of its own (`recipal import FILE`): the subcommand named like the group
  // runs when the next word is an argument rather than a subcommand or an option.
  const own = second !== undefined && !second.startsWith('-') ? entry.subcommands.find((c) => c.name === first) : undefined;
  if (!sub && own) return { kind: 'command', command: own, rest: words.slice(1) };
  if (!sub) return { kind: 'group', group: entry, rest: words.slice(1) };
  return { kind: 'command', command: sub, rest: after };
}

/** Runs `recipal` with these arguments; resolves with the exit status, or -1 while a server runs. */
export async function main(argv: readonly string[], io: CommandIo = processIo): Promise<number> {
  const [first] = argv;
  if (first === undefined) {
    io.err(globalHelp(COMMANDS));
    return 2;
  }
  if (first === '--help' || first === '-h' || (first === 'help' && argv.length === 1)) {
    io.out(globalHelp(COMMANDS));
    return 0;
  }
  // `recipal help accounts create` is `recipal accounts create --help`.
  const words = first === 'help' ? [...argv.slice(1), '--help'] : argv;
  const found = find(words);
  if (found.kind === 'unknown') {
    io.err(`recipal: unknown command "${found.word}"; run \`recipal --help\` for the list`);
    return 2;
  }
  if (found.kind === 'group') {
    if (asksForHelp(found.rest)) {
      // A group that is also a command (`recipal import FILE`) shows that command's help first.
      const own = found.group.subcommands.find((c) => c.name === found.group.name);
      io.out(own ? groupCommandHelp(own, found.group) : groupHelp(found.group));
      return 0;
    }
    const word = found.rest[0];
    io.err(
      `recipal: ${word === undefined ? `${found.group.name} needs a command` : `unknown command "${found.group.name} ${word}"`}\n\n${groupHelp(found.group)}`,
    );
    return 2;
  }
  const { command, rest } = found;
  if (asksForHelp(rest)) {
    io.out(commandHelp(command));
    return 0;
  }
  try {
    const parsed = parseCommandArgs(command, rest);
    const config = loadConfig(io.env);
    const result = await command.run({ ...parsed, config, io });
    return result === 'running' ? -1 : (result ?? 0);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(`recipal: configuration error: ${error.message}`);
      return 2;
    }
    if (error instanceof UsageError) {
      io.err(`recipal: ${error.message}\nRun \`recipal ${command.name} --help\` for its arguments and options.`);
      return 2;
    }
    if (error instanceof CommandRefused) {
      io.err(`recipal: ${error.message}`);
      return error.status;
    }
    io.err(`recipal: ${(error as Error).message}`);
    return 1;
  }
}

/** Runs `recipal` as this process: bin/recipal.js calls it, and so does running this file directly. */
export async function runAsProcess(): Promise<void> {
  const code = await main(process.argv.slice(2));
  if (code >= 0) process.exit(code);
}

/** Whether this file is the script Node was started with (`node --import tsx src/cli/main.ts ...`). */
function isProcessEntry(): boolean {
  const script = process.argv[1];
  if (!script || !existsSync(script)) return false;
  return realpathSync(script) === fileURLToPath(import.meta.url);
}

if (isProcessEntry()) await runAsProcess();
