// What a FoodData Central release is called, and how one of its foods becomes a public ingredient.
import type { IngredientFields } from '../ingredient.js';
import { sweetenerAddedSugars } from './added-sugars.js';
import { inferAllergens } from './allergen-inference.js';
import { atwaterGeneral, checkFood } from './checks.js';
import { ENERGY_IDS, mapFdcNutrients, type FdcAmount } from './nutrient-map.js';
import { portionSlots, type FdcPortion } from './portions.js';

export type ReleaseKind = 'foundation' | 'sr_legacy';

export interface ReleaseInfo {
  kind: ReleaseKind;
  /** YYYY-MM-DD, from the file name USDA gave the release, else the newest publication_date. */
  date: string;
}

const KIND_TITLE: Record<ReleaseKind, string> = { foundation: 'Foundation Foods', sr_legacy: 'SR Legacy' };

/** "USDA FoodData Central Foundation Foods 2023-04-20" */
export function releaseTitle(release: ReleaseInfo): string {
  return `USDA FoodData Central ${KIND_TITLE[release.kind]} ${release.date}`;
}

export function sourceText(release: ReleaseInfo, fdcId: number): string {
  return `${releaseTitle(release)}, fdc_id ${fdcId}`;
}

/** The release date in a USDA file name: "FoodData_Central_foundation_food_csv_2023-04-20.zip" -> "2023-04-20". */
export function releaseDateIn(name: string): string | undefined {
  return /(\d{4}-\d{2}-\d{2})/.exec(name)?.[1];
}

export interface FdcFood {
  fdcId: number;
  description: string;
  category: string | null;
  nutrients: ReadonlyMap<number, FdcAmount>;
  portions: readonly FdcPortion[];
}

/** Where a food's energy came from, as the ingredient's `source` records it (docs/api.md §8). */
export type EnergySource = 'fdc_1008' | 'fdc_2048' | 'fdc_2047' | 'calculated_4_9_4' | 'unknown';

export const ENERGY_SOURCE_TEXT: Readonly<Record<EnergySource, string>> = {
  fdc_1008: 'energy: FDC 1008 (Energy)',
  fdc_2048: 'energy: FDC 2048 (Atwater specific factors)',
  fdc_2047: 'energy: FDC 2047 (Atwater general factors)',
  calculated_4_9_4: 'energy: calculated 4/9/4 from protein, fat and carbohydrate (21 CFR 101.9(c)(1)(i))',
  unknown: 'energy: unknown',
};

export type BuiltFood =
  | { ok: true; fdcId: number; fields: IngredientFields; flags: string[]; energy: EnergySource; addedSugars: boolean }
  | { ok: false; fdcId: number; name: string; reason: string };

export function buildPublicIngredient(food: FdcFood, release: ReleaseInfo): BuiltFood {
  const name = food.description.trim().replace(/\s+/g, ' ');
  if (!name) return { ok: false, fdcId: food.fdcId, name, reason: 'no description' };
  const { nutrients, sourceIds } = mapFdcNutrients(food.nutrients);
  const check = checkFood(nutrients);
  if (check.skip !== null) return { ok: false, fdcId: food.fdcId, name, reason: check.skip };
  const flags = [...check.flags];
  // 21 CFR 101.9(c)(1)(i): energy from the release's own value, else from its Atwater energies, else
  // 4/9/4 from the macronutrients; never from a partial set (an unknown is not a zero).
  let energy: EnergySource = 'fdc_1008';
  if (sourceIds.calories === ENERGY_IDS.atwaterSpecific) {
    energy = 'fdc_2048';
    flags.push('energy from Atwater specific factors (2048), no 1008 value');
  } else if (sourceIds.calories === ENERGY_IDS.atwaterGeneral) {
    energy = 'fdc_2047';
    flags.push('energy from Atwater general factors (2047), no 1008 value');
  }
  if (nutrients.calories === undefined) {
    const computed = atwaterGeneral(nutrients);
    if (computed !== undefined) {
      nutrients.calories = computed;
      energy = 'calculated_4_9_4';
      flags.push('energy calculated from protein, fat and carbohydrate with 4/4/9 (no energy value in the release)');
    } else {
      energy = 'unknown';
      flags.push('energy unknown (no energy value and not all of protein, fat and carbohydrate)');
    }
  }
  const sweetener = sweetenerAddedSugars(name, nutrients);
  if (sweetener.flag) flags.push(sweetener.flag);
  const inference = inferAllergens({ description: name, category: food.category });
  flags.push(...inference.notes);
  const fields: IngredientFields = {
    name,
    name_fr: null,
    recipe_id: null,
    brand: null,
    source: `${sourceText(release, food.fdcId)}; ${ENERGY_SOURCE_TEXT[energy]}`,
    ingredient_list: null,
    ingredient_list_fr: null,
    names: {},
    ingredient_lists: {},
    allergens: inference.allergens,
    allergens_inferred: Object.keys(inference.allergens).length > 0,
    usda_verified: true,
    user_verified: false,
    archived: false,
    food: true,
    non_food: null,
    safety_amount: null,
    subrecipe: false,
    portions: portionSlots(food.portions),
    nutrients,
    category: food.category,
  };
  return { ok: true, fdcId: food.fdcId, fields, flags, energy, addedSugars: sweetener.set };
}

/** A public name not yet taken: the FDC description, else qualified by category, then release, then fdc_id. */
export function uniquePublicName(
  name: string,
  qualifiers: ReadonlyArray<string | null>,
  fdcId: number,
  taken: (candidate: string) => boolean,
): string {
  const candidates = [name, ...qualifiers.filter((q): q is string => !!q).map((q) => `${name} (${q})`), `${name} (FDC ${fdcId})`];
  for (const candidate of candidates) if (!taken(candidate)) return candidate;
  for (let n = 2; ; n++) if (!taken(`${name} (FDC ${fdcId}) ${n}`)) return `${name} (FDC ${fdcId}) ${n}`;
}

/** "Foundation Foods 2023-04-20": how a name is told apart from the same food of another release. */
export function releaseQualifier(release: ReleaseInfo): string {
  return `${KIND_TITLE[release.kind]} ${release.date}`;
}
