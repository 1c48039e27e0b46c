// `recipal import usda-sr` on SR28's ASCII files (the whole release where it is beside the
// repository, else the repository's sample of it: test/support/usda-data.ts), as a user runs it:
// every food into the public library with values as NUT_DATA gives them, household measures as
// units, the library rules, and a second run updating in place by NDB_No (same ids, no duplicates).
// `recipal import usda` on the same folder does the same. On both databases. The counts are the
// files' own (the whole release: 8,789 foods, 8,492 of them with a WEIGHT record).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';
import { SR28, wholeSr28 } from '../support/usda-data.js';

/** The NDB numbers of a file's records (its first field). */
const ndbsOf = (file: string) =>
  readFileSync(join(SR28, file), 'latin1')
    .split('\r\n')
    .filter((line) => line.length > 0)
    .map((line) => line.slice(1, 6));
const FOODS = ndbsOf('FOOD_DES.txt').length;
const MEASURED = new Set(ndbsOf('WEIGHT.txt')).size;

describe('recipal import usda-sr --help', () => {
  it('prints one usage text naming DIR and the files', async () => {
    const run = await runCli(['import', 'usda-sr', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('recipal import usda-sr');
    expect(run.stdout).toContain('DIR');
    expect(run.stdout).toContain('FOOD_DES');
  });
});

describe.each(databaseKinds())('recipal import usda-sr on %s', (kind) => {
  let db: TestDatabase;
  let url: string;
  let first: Awaited<ReturnType<typeof runCli>>;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    url =
      db.config.kind === 'sqlite'
        ? db.config.path
        : `${db.config.url}${db.config.url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${db.schema}`)}`;
    first = await runCli(['import', 'usda-sr', SR28], { DATABASE_URL: url });
  }, 600_000);
  afterAll(() => db.drop());

  const byNdb = (ndb: number) => db.handle.db.selectFrom('ingredients').selectAll().where('ndb_no', '=', ndb).executeTakeFirstOrThrow();

  it('imports every food of FOOD_DES and prints what it imported', () => {
    if (wholeSr28) expect([FOODS, MEASURED]).toEqual([8789, 8492]);
    expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: '' });
    expect(first.stdout).toContain(`USDA National Nutrient Database for Standard Reference, Release 28: ${FOODS} foods`);
    expect(first.stdout).toContain(`created ${FOODS}, updated 0, unchanged 0, skipped 0`);
    expect(first.stdout).toContain(`energy: ${FOODS} from FDC 1008`);
  });

  it('butter, salted (01001): NUT_DATA values, WEIGHT measures, allergens, source, statement name', async () => {
    const row = await byNdb(1001);
    expect(row).toMatchObject({ name: 'Butter, salted', source: 'usda-sr28:01001', account_id: null, statement_name: 'butter' });
    // NUT_DATA: 208 = 717 kcal, 204 = 81.11 g, 203 = 0.85 g, 307 = 643 mg, 601 = 215 mg.
    expect(JSON.parse(row.nutrients)).toMatchObject({ calories: 717, fat: 81.11, protein: 0.85, sodium: 643, cholesterol: 215 });
    expect(JSON.parse(row.allergens)).toEqual({ milk: true });
    // WEIGHT: 1 pat 5 g, 1 tbsp 14.2 g, 1 cup 227 g, 1 stick 113 g; volumes first.
    expect(JSON.parse(row.portions)).toEqual([
      { description: '1 tbsp', weight: 14.2 },
      { description: '1 cup', weight: 227 },
      { description: '1 pat (1" sq, 1/3" high)', weight: 5 },
      { description: '1 stick', weight: 113 },
    ]);
  });

  it('the library rules: flour, brown sugar, and a food with no measure', async () => {
    const flour = await byNdb(20081);
    expect(flour).toMatchObject({ statement_name: 'enriched bleached all-purpose wheat flour', common_head: 'flour', common_score: 0 });
    expect(JSON.parse(flour.nutrients).calories).toBe(364);
    expect(JSON.parse(flour.allergens)).toMatchObject({ wheat: true });
    const brown = JSON.parse((await byNdb(19334)).nutrients);
    expect(brown.calories).toBe(380);
    expect(brown.added_sugar).toBe(brown.sugar); // 21 CFR 101.9(c)(6)(iii)
    const unmeasured = await db.handle.db
      .selectFrom('ingredients')
      .select('portions')
      .where('ndb_no', 'is not', null)
      .where('portions', '=', JSON.stringify([{ description: '100 gram', weight: 100 }]))
      .execute();
    expect(unmeasured.length).toBe(FOODS - MEASURED);
    expect(unmeasured.length).toBeGreaterThan(0);
  });

  it('importing again through `recipal import usda` updates in place: same ids, no duplicates', async () => {
    const before = await db.handle.db
      .selectFrom('ingredients')
      .select(['id', 'ndb_no'])
      .where('ndb_no', 'is not', null)
      .orderBy('id')
      .execute();
    // A stored value an older importer left: the second run puts NUT_DATA's back.
    await db.handle.db.updateTable('ingredients').set({ statement_name: 'old' }).where('ndb_no', '=', 1001).execute();
    const again = await runCli(['import', 'usda', SR28], { DATABASE_URL: url });
    expect({ code: again.code, stderr: again.stderr }).toEqual({ code: 0, stderr: '' });
    expect(again.stdout).toContain(`created 0, updated 1, unchanged ${FOODS - 1}`);
    const after = await db.handle.db
      .selectFrom('ingredients')
      .select(['id', 'ndb_no'])
      .where('ndb_no', 'is not', null)
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
    expect((await byNdb(1001)).statement_name).toBe('butter');
  }, 600_000);
});
