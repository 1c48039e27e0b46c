// Every migration, in order, for both databases: each numbered file of this folder
// (`NNN_what_it_does.ts`, exporting `up(db, dialect)`), sorted by name. Adding a migration is dropping
// a new numbered file here; nothing to register (docs/testing.md#migrations-folder). Never edit a
// migration that has shipped.
//
// The folder is read next to this compiled module, so the same code finds the .ts files when run
// from src/ (tests, tsx) and the .js files in dist/ (the built and the installed package).
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema.js';

type DialectMigration = { up(db: Kysely<any>, dialect: Dialect): Promise<void> };

const FOLDER = dirname(fileURLToPath(import.meta.url));
/** A migration's file: three digits, an underscore, a name; TypeScript or JavaScript, not declarations or maps. */
const MIGRATION_FILE = /^(\d{3}_[a-z0-9_]+)\.(ts|js|mjs)$/;

/** The migration files of `folder`, by migration name (the file name without its extension), sorted. */
export function migrationFiles(folder: string = FOLDER): Array<{ name: string; file: string }> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(folder)) {
    if (entry.endsWith('.d.ts')) continue;
    const name = MIGRATION_FILE.exec(entry)?.[1];
    if (!name) continue;
    const other = found.get(name);
    if (other) throw new Error(`migration ${name} is in ${folder} twice: ${other} and ${entry}`);
    found.set(name, join(folder, entry));
  }
  const sorted = [...found].map(([name, file]) => ({ name, file })).sort((a, b) => (a.name < b.name ? -1 : 1));
  const numbers = sorted.map((m) => m.name.slice(0, 3));
  const twice = numbers.find((n, i) => numbers.indexOf(n) !== i);
  if (twice) throw new Error(`two migrations in ${folder} share the number ${twice}`);
  return sorted;
}

let loaded: Promise<Array<[string, DialectMigration]>> | null = null;

async function loadMigrations(): Promise<Array<[string, DialectMigration]>> {
  return Promise.all(
    migrationFiles().map(async ({ name, file }): Promise<[string, DialectMigration]> => {
      const module = (await import(pathToFileURL(file).href)) as Partial<DialectMigration>;
      if (typeof module.up !== 'function') throw new Error(`migration ${name} exports no up(db, dialect) function`);
      return [name, module as DialectMigration];
    }),
  );
}

/** Every migration of this folder, for Kysely's Migrator, each run for `dialect`. */
export async function migrationsFor(dialect: Dialect): Promise<Record<string, Migration>> {
  loaded ??= loadMigrations();
  let all: Array<[string, DialectMigration]>;
  try {
    all = await loaded;
  } catch (error) {
    loaded = null;
    throw error;
  }
  return Object.fromEntries(all.map(([name, m]) => [name, { up: (db: Kysely<any>) => m.up(db, dialect) }]));
}
