// The USDA importer against real databases: the genuine 2023 Foundation release (when the shared data
// folder exists), the 2021 Foundation + Supporting pair, the mini fixture as a folder, a ZIP and a URL.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../src/services/context.js';
import { importUsda, type UsdaImportResult } from '../../src/services/usda/index.js';
import { TestClock } from '../support/app.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';
import { F2021, F2023, releaseNutrients, S2021 } from '../support/usda-data.js';

const MINI = join(import.meta.dirname, '../fixtures/usda-mini');
const haveZip = (() => {
  try {
    execFileSync('zip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const temp = mkdtempSync(join(tmpdir(), 'usda-int-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function ok(result: UsdaImportResult) {
  if (!result.ok) throw new Error(result.error);
  return result.summary;
}

describe.each(databaseKinds())('USDA import on %s', (kind) => {
  let db: TestDatabase;
  let ctx: ServiceContext;
  let clock: TestClock;

  beforeEach(async () => {
    db = await createTestDatabase(kind);
    clock = new TestClock();
    ctx = { database: db.handle, clock };
  });
  afterEach(() => db.drop());

  const publicRows = () => db.handle.db.selectFrom('ingredients').selectAll().where('account_id', 'is', null).orderBy('fdc_id').execute();
  const byFdc = async (fdcId: number) => {
    const row = await db.handle.db.selectFrom('ingredients').selectAll().where('fdc_id', '=', fdcId).executeTakeFirstOrThrow();
    return { ...row, nutrients: JSON.parse(row.nutrients), portions: JSON.parse(row.portions) };
  };

  it('imports the mini fixture; a second run changes nothing', async () => {
    const first = ok(await importUsda(ctx, { source: MINI }));
    expect(first).toMatchObject({
      foods_in_release: 7,
      created: 5,
      updated: 0,
      unchanged: 0,
      unknown_nutrient_rows: 1,
      unknown_nutrient_ids: [2066],
    });
    expect(first.skipped.map((s) => s.fdc_id)).toEqual([1003, 1005]);
    expect(first.flagged.map((s) => s.fdc_id)).toEqual([1002, 1004, 1007, 1008]);
    const before = await publicRows();
    expect(before.map((r) => r.name)).toEqual(['Apples, raw', 'Crème fraîche', 'Syrup, test', 'Spinach, raw', 'Bread, dense']);
    expect(before.every((r) => r.usda_verified === 1 && r.food === 1 && r.brand === null)).toBe(true);
    clock.advance(3_600_000);
    const second = ok(await importUsda(ctx, { source: MINI }));
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 5 });
    expect(await publicRows()).toEqual(before);
  });

  it('keeps public names unique: a food whose name is taken gets its category', async () => {
    await db.handle.db
      .insertInto('ingredients')
      .values({
        account_id: null,
        name: 'Apples, raw',
        search_name: 'apples, raw',
        created_at: 'x',
        updated_at: 'x',
      } as any)
      .execute();
    const summary = ok(await importUsda(ctx, { source: MINI }));
    expect(summary.renamed).toEqual([{ fdc_id: 1001, description: 'Apples, raw', name: 'Apples, raw (Fruits and Fruit Juices)' }]);
    expect((await byFdc(1001)).name).toBe('Apples, raw (Fruits and Fruit Juices)');
  });

  it.each([
    ['a missing folder', () => join(temp, 'nope'), 'no such file or folder'],
    [
      'a file that is not a ZIP',
      () => {
        const f = join(temp, 'not.zip');
        writeFileSync(f, 'hello');
        return f;
      },
      'is not a readable ZIP file',
    ],
  ])('reports %s and imports nothing', async (_, source, message) => {
    const result = await importUsda(ctx, { source: source() });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain(message);
    expect(await publicRows()).toEqual([]);
  });

  it('leaves nothing behind when a file is damaged', async () => {
    const dir = join(temp, `damaged-${kind}`);
    cpSync(MINI, dir, { recursive: true });
    writeFileSync(join(dir, 'food_nutrient.csv'), `${readFileSync(join(dir, 'food_nutrient.csv'), 'utf8')}"99","1001","1008"\n`);
    const result = await importUsda(ctx, { source: dir });
    expect(!result.ok && result.error).toMatch(/food_nutrient\.csv: .*Invalid Record Length/);
    expect(await publicRows()).toEqual([]);
  });

  describe.skipIf(!haveZip)('ZIP and URL sources (zip CLI)', () => {
    let zipPath: string;
    let notFdcZip: string;
    let server: Server;
    let base: string;

    beforeAll(async () => {
      // Like USDA's ZIPs: the CSV files inside one folder.
      const stage = join(temp, `stage-${kind}`);
      mkdirSync(join(stage, 'foundation apr 2023'), { recursive: true });
      cpSync(MINI, join(stage, 'foundation apr 2023'), { recursive: true });
      zipPath = join(temp, `FoodData_Central_foundation_food_csv_2023-04-20-${kind}.zip`);
      execFileSync('zip', ['-qr', zipPath, 'foundation apr 2023'], { cwd: stage });
      writeFileSync(join(stage, 'readme.txt'), 'not FDC');
      notFdcZip = join(temp, `other-${kind}.zip`);
      execFileSync('zip', ['-q', notFdcZip, 'readme.txt'], { cwd: stage });
      server = createServer((req, res) => {
        if (req.url === '/release.zip') {
          const body = readFileSync(zipPath);
          res.writeHead(200, { 'content-type': 'application/zip', 'content-length': body.length }).end(body);
        } else if (req.url === '/moved.zip') {
          res.writeHead(302, { location: '/release.zip' }).end();
        } else res.writeHead(404).end('not here');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('imports the release ZIP as USDA ships it', async () => {
      const summary = ok(await importUsda(ctx, { source: zipPath }));
      expect(summary).toMatchObject({ release: 'USDA FoodData Central Foundation Foods 2023-04-20', created: 5 });
      expect((await byFdc(1002)).nutrients).toMatchObject({ calories: 393, vitamin_d_IU: 20 });
    });

    it('rejects a ZIP that is not an FDC release', async () => {
      const result = await importUsda(ctx, { source: notFdcZip });
      expect(!result.ok && result.error).toContain('missing foundation_food.csv or sr_legacy_food.csv');
      expect(await publicRows()).toEqual([]);
    });

    it('downloads over http (following a redirect), printing a checksum', async () => {
      const downloads: Array<{ sha256: string; bytes: number }> = [];
      const progress: number[] = [];
      const summary = ok(
        await importUsda(ctx, {
          source: `${base}/moved.zip`,
          events: { onDownloaded: (d) => downloads.push(d), onDownload: (p) => progress.push(p.received) },
        }),
      );
      expect(summary.created).toBe(5);
      const expected = execFileSync('sha256sum', [zipPath]).toString().split(' ')[0];
      expect(downloads).toEqual([{ url: `${base}/moved.zip`, bytes: readFileSync(zipPath).length, sha256: expected }]);
      expect(progress.at(-1)).toBe(readFileSync(zipPath).length);
    });

    it.each([
      ['a 404', () => `${base}/missing.zip`, 'answered HTTP 404'],
      ['a port nobody answers on', () => 'http://127.0.0.1:1/release.zip', 'could not download'],
    ])('reports %s', async (_, url, message) => {
      const result = await importUsda(ctx, { source: url() });
      expect(!result.ok && result.error).toContain(message);
      expect(await publicRows()).toEqual([]);
    });
  });

  describe('genuine USDA releases', () => {
    it('imports Foundation Foods 2023-04-20 with values as in the CSV; re-import is a no-op', async () => {
      const summary = ok(await importUsda(ctx, { source: F2023 }));
      expect(summary.foods_in_release).toBe(236);
      expect(summary.created + summary.skipped.length).toBe(236);
      expect(summary.unknown_nutrient_ids).toEqual([2066]);
      // food_nutrient.csv rows of fdc_id 321360 "Tomatoes, grape, raw": 1008 = 27.0, 1003 = 0.83, 1004 = 0.63, 1005 = 5.51, 1093 = 6.0.
      const tomato = await byFdc(321360);
      expect(tomato).toMatchObject({
        name: 'Tomatoes, grape, raw',
        category: 'Vegetables and Vegetable Products',
        usda_verified: 1,
        source: 'USDA FoodData Central Foundation Foods 2023-04-20, fdc_id 321360; energy: FDC 1008 (Energy)',
      });
      expect(tomato.nutrients).toMatchObject({ calories: 27, protein: 0.83, fat: 0.63, carbohydrate: 5.51, sodium: 6, vitamin_a_rae: 0 });
      expect(tomato.portions).toEqual([
        { description: '1 cup', weight: 152 },
        { description: '5 tomatoes', weight: 49.7 },
      ]);
      // fdc_id 748967 "Eggs, Grade A, Large, egg whole": 1114 = 2.46 µg, 1110 = 98.4 IU, 1214 lysine 0.832 g, 1063 = 0.2 g.
      const egg = await byFdc(748967);
      expect(egg.nutrients).toMatchObject({
        calories: 148,
        protein: 12.4,
        fat: 9.96,
        fat_saturated: 3.2,
        vitamin_d_mcg: 2.46,
        vitamin_d_IU: 98.4,
        lysine: 832,
        sugar: 0.2,
        vitamin_a_rae: 180,
      });
      expect(egg.portions).toEqual([{ description: '1 egg, whole without shell', weight: 50.3 }]);
      const before = await publicRows();
      clock.advance(86_400_000);
      const again = ok(await importUsda(ctx, { source: F2023 }));
      expect(again).toMatchObject({ created: 0, updated: 0, unchanged: summary.created });
      expect(await publicRows()).toEqual(before);
    }, 180_000);

    it('imports 2023 with energy, inferred allergens and added sugars on butter, whole egg, wheat flour and sugar', async () => {
      const summary = ok(await importUsda(ctx, { source: F2023 }));
      const get = async (fdcId: number) => {
        const row = await byFdc(fdcId);
        return {
          name: row.name,
          source: row.source,
          allergens: JSON.parse(row.allergens),
          inferred: row.allergens_inferred,
          n: row.nutrients,
        };
      };
      // food_nutrient.csv: 748967 "Eggs, Grade A, Large, egg whole" 1008 = 148.0; 789890 "Flour, wheat, all-purpose,
      // enriched, bleached" 1008 = 366.0; 746784 "Sugars, granulated" 1008 = 385.0, 1063 = 99.8.
      expect(await get(748967)).toMatchObject({
        allergens: { egg: true },
        inferred: 1,
        n: { calories: 148 },
        source: expect.stringMatching(/energy: FDC 1008/),
      });
      expect(await get(789890)).toMatchObject({ allergens: { wheat: true }, inferred: 1, n: { calories: 366 } });
      const sugar = await get(746784);
      expect(sugar).toMatchObject({ allergens: {}, inferred: 0, n: { calories: 385, sugar: 99.8, added_sugar: 99.8 } });
      // 790508 "Butter, stick, salted": milk; FDC gives no energy (1008, 2048, 2047) and neither protein nor
      // carbohydrate, only fat 82.2: its energy stays unknown rather than 9 x fat.
      const butter = await get(790508);
      expect(butter).toMatchObject({
        name: 'Butter, stick, salted',
        allergens: { milk: true },
        inferred: 1,
        n: { fat: 82.2, fat_saturated: 45.6, sodium: 524 },
      });
      expect(butter.n.calories).toBeUndefined();
      expect(butter.source).toMatch(/; energy: unknown$/);
      expect(summary.flagged.find((f) => f.fdc_id === 790508)?.reasons).toContain(
        'energy unknown (no energy value and not all of protein, fat and carbohydrate)',
      );
      const counts = summary.energy_sources;
      expect(counts.fdc_1008 + counts.fdc_2048 + counts.fdc_2047 + counts.calculated_4_9_4 + counts.unknown).toBe(summary.created);
      expect(summary.allergens_inferred).toBeGreaterThan(50);
      expect(summary.added_sugars_set).toBe(1);
    }, 180_000);

    it('records energy as FDC gives it, checked food by food against food_nutrient.csv', async () => {
      ok(await importUsda(ctx, { source: F2023 }));
      const rows = await publicRows();
      const csv = releaseNutrients(F2023, new Set(rows.map((r) => r.fdc_id!)));
      for (const row of rows) {
        const fdc = csv.get(row.fdc_id!) ?? new Map<number, number>();
        const calories = JSON.parse(row.nutrients).calories;
        const [, how] = /; energy: (.*)$/.exec(row.source!)!;
        const first = [1008, 2048, 2047].find((id) => fdc.has(id));
        if (first !== undefined) {
          expect(how, row.name).toMatch(new RegExp(`^FDC ${first} `));
          expect(calories, row.name).toBe(fdc.get(first));
        } else if (fdc.has(1003) && fdc.has(1004) && fdc.has(1005)) {
          expect(how, row.name).toMatch(/^calculated 4\/9\/4/);
          expect(calories, row.name).toBeCloseTo(4 * fdc.get(1003)! + 9 * fdc.get(1004)! + 4 * fdc.get(1005)!, 9);
        } else {
          expect(how, row.name).toBe('unknown');
          expect(calories, row.name).toBeUndefined();
        }
      }
    }, 180_000);

    it('imports the 2021 Foundation + Supporting pair, and 2023 then updates the same foods by fdc_id', async () => {
      const missing = await importUsda(ctx, { source: F2021 });
      expect(!missing.ok && missing.error).toContain('missing nutrient.csv, food_category.csv, measure_unit.csv');
      const old = ok(await importUsda(ctx, { source: F2021, supportingSource: S2021 }));
      expect(old.release).toBe('USDA FoodData Central Foundation Foods 2021-04-28');
      expect(old.created + old.skipped.length).toBe(140);
      const oldTomato = await byFdc(321360);
      expect(oldTomato.source).toBe('USDA FoodData Central Foundation Foods 2021-04-28, fdc_id 321360; energy: FDC 1008 (Energy)');
      clock.advance(86_400_000);
      const next = ok(await importUsda(ctx, { source: F2023 }));
      expect(next.updated).toBeGreaterThan(0);
      const newTomato = await byFdc(321360);
      expect(newTomato.id).toBe(oldTomato.id);
      expect(newTomato.source).toBe('USDA FoodData Central Foundation Foods 2023-04-20, fdc_id 321360; energy: FDC 1008 (Energy)');
      expect(newTomato.updated_at).not.toBe(oldTomato.updated_at);
      const names = (await publicRows()).map((r) => r.name);
      expect(new Set(names).size).toBe(names.length);
      // 2021 is now older than what is loaded: refused, nothing changed.
      const before = await publicRows();
      const refused = await importUsda(ctx, { source: F2021, supportingSource: S2021 });
      expect(!refused.ok && refused.reason).toBe('older_release');
      expect(await publicRows()).toEqual(before);
    }, 180_000);
  });

  it('re-importing updates foods a database holds with old values (matched by fdc_id), leaving the rest unchanged', async () => {
    ok(await importUsda(ctx, { source: MINI }));
    const creme = await byFdc(1002);
    // What an older importer left behind: no allergens, no energy source, a stale value.
    await db.handle.db
      .updateTable('ingredients')
      .set({
        allergens: '{}',
        allergens_inferred: 0,
        source: 'USDA FoodData Central Foundation Foods 2023-04-20, fdc_id 1002',
        nutrients: JSON.stringify({ ...creme.nutrients, calories: 0 }),
      })
      .where('id', '=', creme.id)
      .execute();
    clock.advance(60_000);
    const again = ok(await importUsda(ctx, { source: MINI }));
    expect(again).toMatchObject({ created: 0, updated: 1, unchanged: 4 });
    const fixed = await byFdc(1002);
    expect(fixed).toMatchObject({ id: creme.id, allergens: '{"milk":true}', allergens_inferred: 1, source: creme.source });
    expect(fixed.nutrients.calories).toBe(393);
    expect(fixed.updated_at).not.toBe(creme.updated_at);
  });

  it('refuses an older release than the one loaded, changing nothing, unless forced', async () => {
    const dated = (date: string) => {
      const dir = join(temp, `FoodData_Central_foundation_food_csv_${date}-${kind}`);
      cpSync(MINI, dir, { recursive: true });
      return dir;
    };
    const newer = dated('2024-04-18');
    const older = dated('2023-04-20');
    ok(await importUsda(ctx, { source: newer }));
    const before = await publicRows();
    const refused = await importUsda(ctx, { source: older });
    expect(refused).toEqual({
      ok: false,
      reason: 'older_release',
      error:
        'USDA FoodData Central Foundation Foods 2023-04-20 is older than USDA FoodData Central Foundation Foods 2024-04-18, already loaded: nothing changed. Use --force to import it anyway (its values replace the newer ones).',
    });
    expect(await publicRows()).toEqual(before);
    // The same release again, or a newer one, is never refused.
    expect(ok(await importUsda(ctx, { source: newer }))).toMatchObject({ created: 0, updated: 0, unchanged: 5, forced_over: null });
    const forced = ok(await importUsda(ctx, { source: older, force: true }));
    expect(forced).toMatchObject({ created: 0, updated: 5, forced_over: 'USDA FoodData Central Foundation Foods 2024-04-18' });
    expect((await byFdc(1001)).source).toMatch(/^USDA FoodData Central Foundation Foods 2023-04-20, fdc_id 1001;/);
    // Now 2023-04-20 is what is loaded: 2024-04-18 is newer again and imports.
    expect(ok(await importUsda(ctx, { source: newer })).updated).toBe(5);
  });
});
