// Command specs and their parsing: each command declares its positionals and options once, and that
// one declaration drives Node's `util.parseArgs` (strict: unknown options and missing values are
// usage errors naming the option) and the command's `--help` text.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Config } from '../config.js';
import type { ProgressOutput } from './progress.js';

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** The value's placeholder in help, e.g. `NAME` (string options). */
  value?: string;
  description: string;
  /** What happens when the option is left out, shown in help as "(default: ...)". */
  default?: string;
}

export interface PositionalSpec {
  name: string;
  description: string;
  optional?: boolean;
}

export type OptionSpecs = Record<string, OptionSpec>;

/** The parsed options, typed from the spec: booleans are `true` when given, strings their value. */
export type OptionValues<O extends OptionSpecs> = {
  [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string;
};

export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
  /** Where progress bars are drawn (a terminal redraws one line; anything else gets a line per step). */
  terminal: ProgressOutput;
  env: NodeJS.ProcessEnv;
}

export interface CommandInput<O extends OptionSpecs> {
  positionals: string[];
  options: OptionValues<O>;
  config: Config;
  io: CommandIo;
}

/** What a command returns: its exit status (nothing means 0), or `'running'` for a server. */
export type CommandResult = number | undefined | 'running';

export interface Command<O extends OptionSpecs = OptionSpecs> {
  /** The words that select it, e.g. `accounts create`. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** A paragraph for the command's own help. */
  description: string;
  positionals: PositionalSpec[];
  options: O;
  examples: string[];
  /** Exit statuses beyond 0 (done) and 2 (usage error), for help. */
  exitStatuses?: string[];
  run(input: CommandInput<O>): Promise<CommandResult>;
}

/** Keeps the option names' types for `run` (a plain object literal would widen them). */
export function defineCommand<const O extends OptionSpecs>(command: Command<O>): Command<O> {
  return command;
}

/** A word with subcommands, e.g. `accounts`. */
export interface CommandGroup {
  name: string;
  summary: string;
  subcommands: Command[];
}

export class UsageError extends Error {}

/** A command that ran but did not do what was asked, for a reason it states (exit status `status`). */
export class CommandRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** `--help` or `-h` among the arguments (before a `--` that ends the options). */
export function asksForHelp(tokens: readonly string[]): boolean {
  for (const token of tokens) {
    if (token === '--') return false;
    if (token === '--help' || token === '-h') return true;
  }
  return false;
}

/** Parses a command's arguments against its spec; every mistake is a UsageError naming what is wrong. */
export function parseCommandArgs<O extends OptionSpecs>(
  command: Command<O>,
  tokens: string[],
): { positionals: string[]; options: OptionValues<O> } {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, spec] of Object.entries(command.options)) options[name] = { type: spec.type };
  let parsed: { values: Record<string, string | boolean | (string | boolean)[] | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args: tokens, options, strict: true, allowPositionals: true });
  } catch (error) {
    // Node's messages name the option: "Unknown option '--x'. To specify a positional ...",
    // "Option '--name <value>' argument missing". The first sentence says it.
    throw new UsageError(`${command.name}: ${(error as Error).message.split('. ')[0]}`);
  }
  const required = command.positionals.filter((p) => !p.optional).length;
  if (parsed.positionals.length < required) {
    throw new UsageError(
      `${command.name} needs ${command.positionals
        .slice(parsed.positionals.length, required)
        .map((p) => p.name)
        .join(' ')}`,
    );
  }
  if (parsed.positionals.length > command.positionals.length) {
    throw new UsageError(`${command.name}: unexpected argument "${parsed.positionals[command.positionals.length]}"`);
  }
  return { positionals: parsed.positionals, options: parsed.values as OptionValues<O> };
}

export function positiveInteger(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`--${option} must be a positive whole number`);
  return Number(value);
}

export function numericId(value: string | undefined, what: string): number {
  if (value === undefined || !/^\d+$/.test(value)) throw new UsageError(`${what} must be a numeric id`);
  return Number(value);
}
