// HTML by tagged template: every interpolated value is escaped unless it is already Html, so a
// page cannot forget to escape an account name, a key prefix or an error message.
import { escapeXml } from '../render/escape.js';

export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

function fragment(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(fragment).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeXml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  // A tag receives one more string than values: each value goes between the string before it and the one after.
  return new Html(strings.reduce((out, text, i) => out + fragment(values[i - 1]) + text));
}
