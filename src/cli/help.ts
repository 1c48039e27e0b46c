// Help text made from the command specs, so every option that exists is documented where it is declared.
import type { Command, CommandGroup, OptionSpecs } from './args.js';

const COLUMN = 28;

function row(left: string, right: string): string {
  return left.length < COLUMN - 2 ? `  ${left.padEnd(COLUMN - 2)}${right}` : `  ${left}\n${' '.repeat(COLUMN)}${right}`;
}

export function usageLine(command: Command): string {
  const positionals = command.positionals.map((p) => (p.optional ? `[${p.name}]` : p.name));
  const options = Object.keys(command.options).length > 0 ? ['[options]'] : [];
  return ['recipal', command.name, ...positionals, ...options].join(' ');
}

export function commandHelp(command: Command): string {
  const lines = [`Usage: ${usageLine(command)}`, '', command.description, ''];
  if (command.positionals.length > 0) {
    lines.push('Arguments:', ...command.positionals.map((p) => row(p.name, p.description + (p.optional ? ' (optional)' : ''))), '');
  }
  lines.push('Options:');
  for (const [name, spec] of Object.entries(command.options as OptionSpecs)) {
    const left = spec.type === 'string' ? `--${name} ${spec.value ?? 'VALUE'}` : `--${name}`;
    lines.push(row(left, spec.description + (spec.default ? ` (default: ${spec.default})` : '')));
  }
  lines.push(row('-h, --help', 'print this help'), '');
  if (command.exitStatuses) lines.push('Exit status:', '  0 done; 2 usage error', ...command.exitStatuses.map((s) => `  ${s}`), '');
  lines.push(command.examples.length > 1 ? 'Examples:' : 'Example:', ...command.examples.map((e) => `  ${e}`));
  return lines.join('\n');
}

export function groupHelp(group: CommandGroup): string {
  return [
    `Usage: recipal ${group.name} <${group.subcommands.flatMap((c) => c.name.split(' ').slice(1)).join('|')}> ...`,
    '',
    group.summary,
    '',
    'Commands:',
    ...group.subcommands.map((c) => row(c.name, c.summary)),
    '',
    `Run \`recipal ${group.name} <command> --help\` for a command's arguments and options.`,
  ].join('\n');
}

/**
 * A group that is also a command of its own (`recipal import FILE`): that command's help, then the
 * group's other commands. One usage text: the others' usage is theirs to print (`<command> --help`).
 */
export function groupCommandHelp(own: Command, group: CommandGroup): string {
  const others = group.subcommands.filter((c) => c !== own);
  return [
    commandHelp(own),
    '',
    'Other commands:',
    ...others.map((c) => row(c.name, c.summary)),
    '',
    `Run \`recipal ${group.name} <command> --help\` for a command's arguments and options.`,
  ].join('\n');
}

export function globalHelp(entries: readonly (Command | CommandGroup)[]): string {
  const commands = entries.flatMap((e) => ('subcommands' in e ? e.subcommands : [e]));
  return [
    'Usage: recipal <command> [arguments] [options]',
    '',
    'Runs and administers the Recipe Nutrition and Costing API.',
    '',
    'Commands:',
    ...commands.map((c) => row(c.name, c.summary)),
    '',
    'Run `recipal <command> --help` (or `recipal help <command>`) for its arguments, options and an example.',
    'Configuration comes from the environment (DATABASE_URL, PORT, HOST, ...): see README.md.',
  ].join('\n');
}
