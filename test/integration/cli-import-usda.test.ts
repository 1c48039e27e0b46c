// `recipal import usda` run as a user runs it: the summary it prints, and an older release refused
// with exit status 3 and nothing changed, unless --force. On each database (PostgreSQL through a
// connection string that selects the test's schema). In this process, through the command's `main`.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';

const MINI = join(import.meta.dirname, '../fixtures/usda-mini');
const temp = mkdtempSync(join(tmpdir(), 'recipal-cli-usda-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The mini fixture under a USDA release file name, which is where the importer reads the release date. */
function release(date: string): string {
  const dir = join(temp, `FoodData_Central_foundation_food_csv_${date}`);
  cpSync(MINI, dir, { recursive: true });
  return dir;
}
const NEWER = release('2024-04-18');
const OLDER = release('2023-04-20');

describe.each(databaseKinds())('recipal import usda on %s', (kind) => {
  let db: TestDatabase;
  let url: string;
  beforeEach(async () => {
    db = await createTestDatabase(kind);
    url =
      db.config.kind === 'sqlite'
        ? db.config.path
        : `${db.config.url}${db.config.url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${db.schema}`)}`;
  });
  afterEach(() => db.drop());

  const recipal = (...args: string[]) => runCli(args, { DATABASE_URL: url });
  const rows = () => db.handle.db.selectFrom('ingredients').selectAll().where('account_id', 'is', null).orderBy('fdc_id').execute();

  it('prints created / updated / unchanged, energy sources, inferred allergens and added sugars', async () => {
    const first = await recipal('import', 'usda', NEWER);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('USDA FoodData Central Foundation Foods 2024-04-18: 7 foods');
    expect(first.stdout).toContain('created 5, updated 0, unchanged 0, skipped 2, flagged 4');
    expect(first.stdout).toContain(
      'energy: 3 from FDC 1008, 1 from 2048 (Atwater specific), 1 from 2047 (Atwater general), 0 calculated 4/9/4, 0 unknown',
    );
    expect(first.stdout).toContain('allergens inferred for 2 foods (allergens_inferred: true); added sugars set on 1 sweeteners');
    const again = await recipal('import', 'usda', NEWER, '--report', join(temp, `report-${kind}.json`));
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('created 0, updated 0, unchanged 5');
    expect(JSON.parse(readFileSync(join(temp, `report-${kind}.json`), 'utf8'))).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 5,
      forced_over: null,
    });
  });

  it('refuses an older release with exit status 3, changing nothing; --force imports it', async () => {
    const first = await recipal('import', 'usda', NEWER);
    expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: '' });
    const before = await rows();
    const refused = await recipal('import', 'usda', OLDER);
    expect(refused.code).toBe(3);
    expect(refused.stdout).not.toContain('created');
    expect(refused.stderr).toContain(
      'USDA FoodData Central Foundation Foods 2023-04-20 is older than USDA FoodData Central Foundation Foods 2024-04-18, already loaded: nothing changed. Use --force',
    );
    expect(await rows()).toEqual(before);
    const forced = await recipal('import', 'usda', '--force', OLDER);
    expect({ code: forced.code, stderr: forced.stderr }).toEqual({ code: 0, stderr: '' });
    expect(forced.stdout).toContain('created 0, updated 5, unchanged 0');
    expect(forced.stdout).toContain('--force: imported over the newer USDA FoodData Central Foundation Foods 2024-04-18');
    expect((await rows()).every((r) => r.source!.startsWith('USDA FoodData Central Foundation Foods 2023-04-20,'))).toBe(true);
  });
});
