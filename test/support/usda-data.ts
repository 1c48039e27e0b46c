// The genuine USDA FoodData Central releases beside the repository (../shared/data/usda-fdc, relative
// to the repository root). They are not part of the repository: tests that read them skip, saying
// so, where the folder is absent.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';

export const USDA_DATA = resolve(import.meta.dirname, '../..', '../shared/data/usda-fdc');
export const F2023 = join(USDA_DATA, 'foundation_2023-04-20');
export const F2021 = join(USDA_DATA, 'foundation_2021-04-28');
export const S2021 = join(USDA_DATA, 'supporting_2021-04-28');

/** USDA Standard Reference Release 28, its ASCII files (../shared/data/usda-sr28). */
export const SR28 = resolve(import.meta.dirname, '../..', '../shared/data/usda-sr28');
export const haveSr28 = existsSync(join(SR28, 'FOOD_DES.txt')) && existsSync(join(SR28, 'NUT_DATA.txt'));

export const have2023 = existsSync(join(F2023, 'food.csv'));
export const have2021 = existsSync(join(F2021, 'food.csv')) && existsSync(join(S2021, 'food_category.csv'));

export function skipNotice(what: string, present: boolean, folder: string = USDA_DATA): void {
  if (!present) console.warn(`${what} skipped: ${folder} is absent (the genuine USDA files are not part of the repository).`);
}

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
