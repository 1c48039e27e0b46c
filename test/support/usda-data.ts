// The USDA releases the tests read: the genuine FoodData Central and SR28 releases beside the
// repository (../shared/data, relative to the repository root) where they are, otherwise the small
// cut of them the repository holds (test/fixtures/usda-sample, written by
// scripts/cut-usda-sample.ts: the same files, only the rows the tests read). TEST_USDA=sample reads
// the sample even where the releases are (to check locally what CI runs).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';

const SHARED = resolve(import.meta.dirname, '../..', '../shared/data');
/** The repository's cut of the releases. */
export const USDA_SAMPLE = resolve(import.meta.dirname, '../fixtures/usda-sample');

const useShared = (folder: string, file: string) => process.env.TEST_USDA !== 'sample' && existsSync(join(SHARED, folder, file));

/** Whether the tests read the whole releases (false: the repository's sample). */
export const wholeFdc = useShared('usda-fdc', 'foundation_2023-04-20/food.csv');
export const wholeSr28 = useShared('usda-sr28', 'NUT_DATA.txt');

/** The folder of FoodData Central releases. */
export const USDA_DATA = join(wholeFdc ? SHARED : USDA_SAMPLE, 'usda-fdc');
export const F2023 = join(USDA_DATA, 'foundation_2023-04-20');
export const F2021 = join(USDA_DATA, 'foundation_2021-04-28');
export const S2021 = join(USDA_DATA, 'supporting_2021-04-28');

/** USDA Standard Reference Release 28, its ASCII files. */
export const SR28 = join(wholeSr28 ? SHARED : USDA_SAMPLE, 'usda-sr28');

export interface ReleaseFood {
  fdcId: number;
  description: string;
  category: string | null;
}

function rows(file: string): Array<Record<string, string>> {
  return parse(readFileSync(file), { columns: true, bom: true, skip_empty_lines: true }) as Array<Record<string, string>>;
}

/** The end-user foods of a release (foundation_food.csv) with their descriptions and category names. */
export function releaseFoods(release: string, lookups: string = release): ReleaseFood[] {
  const categories = new Map(rows(join(lookups, 'food_category.csv')).map((r) => [r.id!, r.description!]));
  const listed = new Set(rows(join(release, 'foundation_food.csv')).map((r) => r.fdc_id!));
  return rows(join(release, 'food.csv'))
    .filter((r) => listed.has(r.fdc_id!))
    .map((r) => ({ fdcId: Number(r.fdc_id), description: r.description!, category: categories.get(r.food_category_id!) ?? null }));
}

/** food_nutrient amounts of the given foods: fdc_id -> nutrient_id -> amount. */
export function releaseNutrients(release: string, fdcIds: ReadonlySet<number>): Map<number, Map<number, number>> {
  const out = new Map<number, Map<number, number>>();
  for (const r of rows(join(release, 'food_nutrient.csv'))) {
    const id = Number(r.fdc_id);
    if (!fdcIds.has(id) || r.amount === '') continue;
    const map = out.get(id) ?? new Map<number, number>();
    map.set(Number(r.nutrient_id), Number(r.amount));
    out.set(id, map);
  }
  return out;
}
