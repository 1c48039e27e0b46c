// A small argument parser: positionals, `--flag value`, `--flag=value` and boolean `--json`.

export interface ParsedArgs {
  positionals: string[];
  flags: Record<string, string | true>;
}

export function parseArgs(argv: readonly string[], booleanFlags: readonly string[] = ['json', 'public', 'help']): ParsedArgs {
  const positionals: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inline !== undefined) flags[name] = inline;
    else if (booleanFlags.includes(name) || i + 1 >= argv.length || argv[i + 1]!.startsWith('--')) flags[name] = true;
    else flags[name] = argv[++i]!;
  }
  return { positionals, flags };
}

export class UsageError extends Error {}

export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags[name];
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value;
}

export function integerFlag(args: ParsedArgs, name: string): number | undefined {
  const value = stringFlag(args, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`--${name} must be a positive whole number`);
  return Number(value);
}

export function positionalId(args: ParsedArgs, index: number, what: string): number {
  const value = args.positionals[index];
  if (value === undefined || !/^\d+$/.test(value)) throw new UsageError(`${what} must be a numeric id`);
  return Number(value);
}
