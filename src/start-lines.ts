// What `recipal serve` prints once it listens: the address, the docs and label studio URLs and, on a new database,
// the first account's key (once). Apart from src/start.ts, which prepares the database, so that a
// cluster's primary (src/cluster.ts) prints these lines without loading the database code.
import type { Config } from './config.js';

/** The account a new database got on its first start, with its one API key. */
export interface FirstAccount {
  account: { id: number; name: string };
  api_key: string;
}

/** The lines `recipal serve` prints once it listens (the first account's key only on a new database). */
export function startLines(config: Config, url: string, first: FirstAccount | null): string[] {
  const lines: string[] = [];
  if (first) {
    lines.push(
      '',
      `Created the first account "${first.account.name}" (id ${first.account.id}). Its API key, shown only this once:`,
      '',
      `    ${first.api_key}`,
      '',
    );
    lines.push(`Try it:  curl -H "Authorization: Token token=${first.api_key}" ${url}/v1/ingredients`);
  }
  const kind = config.database.kind === 'sqlite' ? `SQLite ${config.database.path}` : 'PostgreSQL';
  lines.push(`Recipe API listening on ${url}  (${kind})`);
  lines.push(`API docs: ${url}/docs   OpenAPI: ${url}/v1/openapi.json`);
  // For the people who sign off labels: the same service in a browser, signed in with an API key.
  lines.push(`Label studio: ${url}/studio   (sign in with an API key)`);
  return lines;
}
