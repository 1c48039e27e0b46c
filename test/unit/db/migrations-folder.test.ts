// Migrations are the numbered files of src/db/migrations, read from the folder (no list to keep):
// sorted by name, helpers, index, declarations and source maps left out, a number used twice refused.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationFiles, migrationsFor } from '../../../src/db/migrations/index.js';

const temp = mkdtempSync(join(tmpdir(), 'recipal-migrations-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function folderWith(name: string, files: string[]): string {
  const folder = join(temp, name);
  mkdirSync(folder);
  for (const file of files) writeFileSync(join(folder, file), '');
  return folder;
}

describe('the migrations folder', () => {
  it('every numbered file of src/db/migrations is a migration, in the order of their names', async () => {
    const files = readdirSync(join(import.meta.dirname, '../../../src/db/migrations'))
      .filter((f) => /^\d{3}_.*\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(files.length).toBeGreaterThanOrEqual(30);
    expect(Object.keys(await migrationsFor('sqlite'))).toEqual(files);
    expect(Object.keys(await migrationsFor('postgres'))).toEqual(files);
  });

  it('built JavaScript is read as the TypeScript is; helpers, index, declarations and maps are not migrations', () => {
    const folder = folderWith('built', [
      '010_b.js',
      '002_a.js',
      '002_a.js.map',
      '002_a.d.ts',
      '002_a.d.ts.map',
      'helpers.js',
      'index.js',
      'index.d.ts',
      'notes.md',
    ]);
    expect(migrationFiles(folder).map((m) => m.name)).toEqual(['002_a', '010_b']);
  });

  it('refuses two files of one number, and one migration in two files', () => {
    expect(() => migrationFiles(folderWith('same-number', ['059_stalls.ts', '059_products.ts']))).toThrow(/share the number 059/);
    expect(() => migrationFiles(folderWith('twice', ['059_stalls.ts', '059_stalls.js']))).toThrow(/059_stalls is in .* twice/);
  });
});
