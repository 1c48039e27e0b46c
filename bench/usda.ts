// USDA FoodData Central import speed and ingredient search latency.
// - import of the genuine Foundation 2023-04-20 release (goal <= 10 s, SQLite), against the time to
//   merely stream-parse its food_nutrient.csv in the same run;
// - import of a synthetic SR-Legacy-sized release (8,000 foods, 650,000 nutrient rows, generated here
//   into a temp dir; goal <= 60 s);
// - search p50 over 100,000 public ingredients (goal <= 5 ms) on SQLite, and PostgreSQL when
//   DATABASE_URL=postgres://... is set, against a primary-key lookup in the same run.
import { parse } from 'csv-parse';
import { createReadStream, existsSync, mkdtempSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findReadableIngredient } from '../src/db/repositories/ingredients.js';
import { searchIngredients } from '../src/db/repositories/ingredient-search/index.js';
import { insertPublicRows, publicRowValues, refreshLibraryStatistics } from '../src/db/repositories/public-library.js';
import type { Dialect } from '../src/db/schema.js';
import { importUsda } from '../src/services/usda/index.js';
import { createTestDatabase, databaseKinds } from '../test/support/databases.js';
import { plainIngredientFields } from '../test/support/ingredient-fields.js';
import { F2023 } from '../test/support/usda-data.js';
import { fmt, percentile, timeCalls } from './lib/load.js';

// The genuine release beside the repository (../shared/data, relative to the repository root).
const FOUNDATION_2023 = F2023;
const clock = { now: () => new Date('2026-11-21T12:00:00Z') };

async function seconds(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function parseOnly(file: string): Promise<number> {
  let rows = 0;
  for await (const _ of createReadStream(file).pipe(parse({ bom: true }))) rows++;
  return rows;
}

async function timedImport(kind: Dialect, source: string): Promise<{ s: number; imported: number }> {
  const db = await createTestDatabase(kind);
  try {
    let imported = 0;
    const s = await seconds(async () => {
      const result = await importUsda({ database: db.handle, clock }, { source });
      if (!result.ok) throw new Error(result.error);
      imported = result.summary.created;
    });
    return { s, imported };
  } finally {
    await db.drop();
  }
}

const q = (v: string | number) => `"${v}"`;

/** Writes an SR-Legacy-shaped release: 8,000 foods x ~81 nutrients = 650,000 food_nutrient rows. */
async function writeSyntheticRelease(dir: string): Promise<void> {
  const foods = 8000;
  const perFood = 81;
  const nutrientIds = [
    1008, 1003, 1004, 1005, 1079, 2000, 1258, 1257, 1292, 1293, 1253, 1093, 1087, 1089, 1092, 1091, 1090, 1095, 1098, 1101, 1162, 1109,
    1165, 1166, 1167, 1175, 1170, 1180, 1185, 1177, 1178, 1103, 1110, 1114, 1104, 1106, 1105, 1107, 1108, 1120, 1122, 1123, 1187, 1186,
    1190, 1051, 1007, 1221, 1212, 1213, 1214, 1215, 1217, 1211, 1210, 1219, 1220, 1216, 1225, 1226, 1218, 1222, 1223, 1224, 1227, 1062,
    1009, 1010, 1011, 1012, 1013, 1014, 1075, 1018, 1057, 1058, 1264, 1265, 1266, 1268, 1269,
  ];
  const unitOf = (id: number) =>
    id === 1008
      ? 'KCAL'
      : id === 1062
        ? 'kJ'
        : [1110, 1104].includes(id)
          ? 'IU'
          : id >= 1210 && id <= 1227
            ? 'G'
            : id < 1087 || id >= 1257
              ? 'G'
              : id >= 1100 && id <= 1123
                ? 'UG'
                : 'MG';
  writeFileSync(
    join(dir, 'nutrient.csv'),
    `${['"id","name","unit_name","nutrient_nbr","rank"', ...nutrientIds.map((id) => [id, `N${id}`, unitOf(id), id - 800, id].map(q).join(','))].join('\n')}\n`,
  );
  writeFileSync(
    join(dir, 'food_category.csv'),
    `${['"id","code","description"', ...Array.from({ length: 25 }, (_, i) => [i + 1, `${i + 1}00`, `Category ${i + 1}`].map(q).join(','))].join('\n')}\n`,
  );
  writeFileSync(join(dir, 'measure_unit.csv'), '"id","name"\n"1000","cup"\n"1001","tablespoon"\n"1043","piece"\n"9999","undetermined"\n');
  const food = ['"fdc_id","data_type","description","food_category_id","publication_date"'];
  const sr = ['"fdc_id","NDB_number"'];
  const portion = [
    '"id","fdc_id","seq_num","amount","measure_unit_id","portion_description","modifier","gram_weight","data_points","footnote","min_year_acquired"',
  ];
  for (let i = 0; i < foods; i++) {
    const id = 170000 + i;
    food.push(
      [id, 'sr_legacy_food', `Synthetic food ${i}, ${['raw', 'cooked', 'canned', 'dried'][i % 4]}`, (i % 25) + 1, '2018-04-01']
        .map(q)
        .join(','),
    );
    sr.push([id, 10000 + i].map(q).join(','));
    portion.push([i * 2 + 1, id, 1, '1.0', 1000, '', 'chopped', 120 + (i % 50), 1, '', ''].map(q).join(','));
    portion.push([i * 2 + 2, id, 2, '1.0', 9999, '', 'slice', 20 + (i % 10), 1, '', ''].map(q).join(','));
  }
  writeFileSync(join(dir, 'food.csv'), `${food.join('\n')}\n`);
  writeFileSync(join(dir, 'sr_legacy_food.csv'), `${sr.join('\n')}\n`);
  writeFileSync(join(dir, 'food_portion.csv'), `${portion.join('\n')}\n`);
  const out = createWriteStream(join(dir, 'food_nutrient.csv'));
  out.write('"id","fdc_id","nutrient_id","amount","data_points","derivation_id","min","max","median","footnote","min_year_acqured"\n');
  let row = 0;
  for (let i = 0; i < foods; i++) {
    const protein = 1 + (i % 20);
    const fat = i % 15;
    const carb = 5 + (i % 40);
    const lines: string[] = [];
    for (let n = 0; n < perFood; n++) {
      const id = nutrientIds[n]!;
      const amount =
        id === 1008
          ? protein * 4 + carb * 4 + fat * 9
          : id === 1003
            ? protein
            : id === 1004
              ? fat
              : id === 1005
                ? carb
                : id === 2000
                  ? carb / 2
                  : id === 1258
                    ? fat / 3
                    : ((i * 31 + n * 7) % 1000) / 100;
      lines.push([++row, 170000 + i, id, amount, 1, 1, '', '', '', '', ''].map(q).join(','));
    }
    if (!out.write(`${lines.join('\n')}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve) => out.end(resolve));
}

const FOODS = [
  'chicken',
  'beef',
  'pork',
  'apple',
  'tomato',
  'potato',
  'cheddar',
  'yogurt',
  'salmon',
  'rice',
  'oats',
  'spinach',
  'carrot',
  'onion',
  'garlic',
  'banana',
  'orange',
  'almond',
  'peanut',
  'lentil',
  'bean',
  'pea',
  'corn',
  'wheat',
  'barley',
  'butter',
  'cream',
  'milk',
  'egg',
  'turkey',
  'lamb',
  'tuna',
  'shrimp',
  'crab',
  'lobster',
  'pear',
  'peach',
  'plum',
  'grape',
  'cherry',
  'lemon',
  'lime',
  'mango',
  'papaya',
  'kiwi',
  'melon',
  'squash',
  'pumpkin',
  'zucchini',
  'pepper',
];
const FORMS = [
  'breast',
  'thigh',
  'whole',
  'ground',
  'sliced',
  'diced',
  'juice',
  'sauce',
  'soup',
  'puree',
  'flour',
  'flakes',
  'paste',
  'powder',
  'chips',
  'bar',
  'spread',
  'salad',
  'pie',
  'stew',
];
const PREPS = ['raw', 'roasted', 'boiled', 'fried', 'baked', 'steamed', 'canned', 'frozen', 'dried', 'grilled'];

/**
 * Seeds 100,000 public ingredients and times eight queries; with `previous`, times that query too,
 * in alternating rounds, as the same-run baseline.
 */
export async function searchBench(
  kind: Dialect,
  search: typeof searchIngredients = searchIngredients,
  previous?: typeof searchIngredients,
  previousLabel = 'the query before phrase matching',
): Promise<void> {
  const db = await createTestDatabase(kind);
  try {
    const total = 100_000;
    const seedS = await seconds(async () => {
      for (let start = 0; start < total; start += 5000) {
        const rows = Array.from({ length: 5000 }, (_, k) => {
          const i = start + k;
          const name = `${FOODS[i % FOODS.length]} ${FORMS[Math.floor(i / FOODS.length) % FORMS.length]}, ${PREPS[Math.floor(i / 1000) % PREPS.length]}, lot ${i}`;
          return publicRowValues(
            plainIngredientFields(name, {
              source: 'bench',
              usda_verified: i % 2 === 0,
              nutrients: { calories: i % 900 },
              category: `Category ${i % 25}`,
            }),
            1_000_000 + i,
          );
        });
        await db.handle.db.transaction().execute((tx) => insertPublicRows(tx, rows, '2026-11-21T00:00:00Z'));
      }
      await refreshLibraryStatistics(db.handle.db, kind);
    });
    const firstId = (await db.handle.db.selectFrom('ingredients').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const queries = ['chicken', 'apple raw', 'breast roast', 'tomato juice', 'chedd', 'lot 4242', 'steamed', 'xyzzy'];
    const baseline = await timeCalls(() => findReadableIngredient(db.handle.db, firstId + 777, 1), 400);
    console.log(`\n### search over ${total.toLocaleString('en-US')} public ingredients, ${kind} (seeded in ${fmt(seedS, 1)} s)`);
    console.log(`primary-key lookup (baseline): p50 ${fmt(percentile(baseline, 50), 3)} ms`);
    if (previous) console.log(`p50 of this query and of ${previousLabel}, timed in alternating rounds on the same database:`);
    const all: number[] = [];
    const allBefore: number[] = [];
    for (const query of queries) {
      let found = 0;
      const options = { accountId: 1, q: query, offset: 0, limit: 20 };
      const samples: number[] = [];
      const before: number[] = [];
      await timeCalls(() => search(db.handle.db, kind, options), 0, 10);
      if (previous) await timeCalls(() => previous(db.handle.db, kind, options), 0, 10);
      for (let round = 0; round < 10; round++) {
        samples.push(
          ...(await timeCalls(
            async () => {
              found = (await search(db.handle.db, kind, options)).total;
            },
            10,
            0,
          )),
        );
        if (previous) before.push(...(await timeCalls(() => previous(db.handle.db, kind, options), 10, 0)));
      }
      all.push(...samples);
      allBefore.push(...before);
      const against = previous
        ? `   before ${fmt(percentile(before, 50), 2)} ms = ${fmt(percentile(samples, 50) / percentile(before, 50))}x`
        : '';
      console.log(
        `q=${JSON.stringify(query).padEnd(15)} matches ${String(found).padStart(6)}  p50 ${fmt(percentile(samples, 50), 2)} ms  p99 ${fmt(percentile(samples, 99), 2)} ms${against}`,
      );
    }
    const p50 = percentile(all, 50);
    console.log(
      `all queries: p50 ${fmt(p50, 2)} ms (goal <= 5 ms), ${fmt(p50 / percentile(baseline, 50), 1)}x a primary-key lookup${previous ? `; before ${fmt(percentile(allBefore, 50), 2)} ms` : ''}`,
    );
  } finally {
    await db.drop();
  }
}

export async function run(): Promise<void> {
  console.log('\n## USDA FoodData Central import and ingredient search');
  for (const kind of databaseKinds()) {
    if (existsSync(join(FOUNDATION_2023, 'food_nutrient.csv'))) {
      const parseS = await seconds(() => parseOnly(join(FOUNDATION_2023, 'food_nutrient.csv')));
      const { s, imported } = await timedImport(kind, FOUNDATION_2023);
      console.log(`\n### Foundation 2023-04-20 (135,073 nutrient rows), ${kind}`);
      console.log(`stream-parse food_nutrient.csv only (baseline): ${fmt(parseS)} s`);
      console.log(`full import (${imported} foods): ${fmt(s)} s (goal <= 10 s), ${fmt(s / parseS, 1)}x the bare parse`);
    } else {
      console.log(`\n(${FOUNDATION_2023} absent: the genuine-release import is skipped)`);
    }
    const dir = mkdtempSync(join(tmpdir(), 'usda-bench-'));
    try {
      await writeSyntheticRelease(dir);
      const parseS = await seconds(() => parseOnly(join(dir, 'food_nutrient.csv')));
      const { s, imported } = await timedImport(kind, dir);
      console.log(`\n### synthetic SR-Legacy-sized release (8,000 foods, 648,000 nutrient rows), ${kind}`);
      console.log(`stream-parse food_nutrient.csv only (baseline): ${fmt(parseS)} s`);
      console.log(`full import (${imported} foods): ${fmt(s)} s (goal <= 60 s), ${fmt(s / parseS, 1)}x the bare parse`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await searchBench(kind);
  }
}
