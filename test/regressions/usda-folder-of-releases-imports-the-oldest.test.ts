// Regression: `recipal import usda ../shared/data/usda-fdc` (a folder holding several releases, each
// in its own folder) read the first folder it walked into, the OLDEST release, and said nothing. It
// now imports the newest (with the Supporting Data of its date when it ships its lookups apart) and
// says which; a folder holding no release fails, listing what it found, with nothing written
// (docs/api.md#public-library). On both databases, through the command as a user runs it.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';
import { USDA_DATA } from '../support/usda-data.js';

const MINI = join(import.meta.dirname, '../fixtures/usda-mini');
const temp = mkdtempSync(join(tmpdir(), 'recipal-usda-folder-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

// The mini release three times over, named as the shared folder names its releases, oldest first on disk.
const RELEASES = join(temp, 'releases');
for (const name of ['foundation_2021-04-28', 'foundation_2023-04-20', 'foundation_2022-10-28']) {
  cpSync(MINI, join(RELEASES, name), { recursive: true });
}
const NOTHING = join(temp, 'nothing');
mkdirSync(join(NOTHING, 'notes'), { recursive: true });
writeFileSync(join(NOTHING, 'notes', 'readme.txt'), 'not a release');
mkdirSync(join(NOTHING, 'supporting_2021-04-28'));
writeFileSync(join(NOTHING, 'supporting_2021-04-28', 'nutrient.csv'), 'id,name,unit_name\n');

describe.each(databaseKinds())('recipal import usda on a folder of releases, %s', (kind) => {
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
  const sources = async () =>
    (await db.handle.db.selectFrom('ingredients').select('source').where('account_id', 'is', null).execute()).map((r) => r.source!);

  it('imports the newest release and says which', async () => {
    const run = await recipal('import', 'usda', RELEASES);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.stdout).toContain(
      'Imported foundation_2023-04-20: the newest of 3 releases (also found foundation_2021-04-28, foundation_2022-10-28)',
    );
    expect(run.stdout).toContain('USDA FoodData Central Foundation Foods 2023-04-20: 7 foods');
    const stored = await sources();
    expect(stored.length).toBe(5);
    expect(stored.every((s) => s.startsWith('USDA FoodData Central Foundation Foods 2023-04-20,'))).toBe(true);
  });

  it('fails on a folder holding no release, listing what it found, writing nothing', async () => {
    const run = await recipal('import', 'usda', NOTHING);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no USDA release to import');
    expect(run.stderr).toContain('notes (not a USDA release)');
    expect(run.stderr).toContain('supporting_2021-04-28 (FoodData Central Supporting Data, no foods)');
    expect(await sources()).toEqual([]);
  });

  it('imports Foundation 2023-04-20 from the shared folder of releases', async () => {
    const run = await recipal('import', 'usda', USDA_DATA);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.stdout).toContain('Imported foundation_2023-04-20: the newest of 2 releases (also found foundation_2021-04-28)');
    const stored = await sources();
    expect(stored.length).toBeGreaterThan(200);
    expect(stored.every((s) => s.startsWith('USDA FoodData Central Foundation Foods 2023-04-20,'))).toBe(true);
  });
});
