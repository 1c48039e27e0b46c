// What a FoodData Central release is called, and how one of its foods becomes a public ingredient.
import type { IngredientFields } from '../ingredient.js';
import { sweetenerAddedSugars } from './added-sugars.js';
import { inferAllergens } from './allergen-inference.js';
import { atwaterGeneral, checkFood } from './checks.js';
import { ENERGY_IDS, mapFdcNutrients, type FdcAmount } from './nutrient-map.js';
import { portionSlots, type FdcPortion } from './portions.js';
import { commonForm, type CommonForm } from './common-form.js';
import { statementName } from './statement-name.js';
import { applyZeroByNature } from './zero-by-nature.js';
import { NUTRIENT, rangeError } from '../bounds.js';
import type { NutrientValues } from '../nutrients.js';
import { isText } from '../../lib/utf8.js';

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

/** Where a food's energy came from, as the ingredient's `source` records it (docs/api.md#public-library). */
export type EnergySource = 'fdc_1008' | 'fdc_2048' | 'fdc_2047' | 'calculated_4_9_4' | 'unknown';

export const ENERGY_SOURCE_TEXT: Readonly<Record<EnergySource, string>> = {
  fdc_1008: 'energy: FDC 1008 (Energy)',
  fdc_2048: 'energy: FDC 2048 (Atwater specific factors)',
  fdc_2047: 'energy: FDC 2047 (Atwater general factors)',
  calculated_4_9_4: 'energy: calculated 4/9/4 from protein, fat and carbohydrate (21 CFR 101.9(c)(1)(i))',
  unknown: 'energy: unknown',
};

/** A food of any USDA release, in FDC's terms (SR28 nutrient numbers are mapped to FDC ids first). */
export interface LibraryFoodInput {
  description: string;
  category: string | null;
  nutrients: ReadonlyMap<number, FdcAmount>;
  portions: readonly FdcPortion[];
}

export type BuiltLibraryFood =
  | {
      ok: true;
      fields: IngredientFields;
      flags: string[];
      energy: EnergySource;
      addedSugars: boolean;
      /** Where search ranks it among the foods of its head noun (null: no common form). */
      common: CommonForm | null;
    }
  | { ok: false; name: string; reason: string };

export type BuiltFood =
  | (Extract<BuiltLibraryFood, { ok: true }> & { fdcId: number })
  | { ok: false; fdcId: number; name: string; reason: string };

/** A name's longest length, as the API takes it (an ingredient's `name`). */
export const NAME_MAX_CHARS = 255;

/** Why a library text may not be stored (U+0000, an unpaired surrogate, past 255 characters), or null. */
function libraryTextRule(text: string, what: string): string | null {
  if (!isText(text)) return `the ${what} holds U+0000 or an unpaired surrogate, which are not text`;
  if (text.length > NAME_MAX_CHARS) return `the ${what} is ${text.length} characters long; a name may have at most ${NAME_MAX_CHARS}`;
  return null;
}

/**
 * Removes (leaves unknown) every amount outside the range a client may write (docs/api.md#number-ranges),
 * saying which: a NUT_DATA value of 1e308 once reached a label as "Calories 0".
 */
function refuseOutOfRange(nutrients: NutrientValues): string[] {
  const refused: string[] = [];
  for (const [key, value] of Object.entries(nutrients)) {
    if (value === undefined || rangeError(value, NUTRIENT) === null) continue;
    refused.push(`refused ${key} ${String(value)}: outside ${NUTRIENT.min} to ${NUTRIENT.max.toLocaleString('en-US')} (left unknown)`);
    delete nutrients[key];
  }
  return refused;
}

/**
 * One food as a public ingredient by the library rules of docs/api.md#public-library: energy, allergens,
 * sweeteners' added sugars, values zero by nature, the statement name and the common form.
 * `source` writes the ingredient's source from where its energy came from.
 */
export function buildLibraryFood(food: LibraryFoodInput, source: (energy: EnergySource) => string): BuiltLibraryFood {
  const name = food.description.trim().replace(/\s+/g, ' ');
  if (!name) return { ok: false, name, reason: 'no description' };
  // A library food is held to the API's own rules for a name (docs/api.md#number-ranges and the name's
  // 255 characters): 20,000-character names and U+0000 were stored as the release wrote them.
  const textRule = libraryTextRule(name, 'description') ?? (food.category === null ? null : libraryTextRule(food.category, 'category'));
  if (textRule) return { ok: false, name: name.slice(0, NAME_MAX_CHARS), reason: textRule };
  const { nutrients, sourceIds } = mapFdcNutrients(food.nutrients);
  const refused = refuseOutOfRange(nutrients);
  const check = checkFood(nutrients);
  if (check.skip !== null) return { ok: false, name, reason: [check.skip, ...refused].join('; ') };
  const flags = [...refused, ...check.flags];
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
  // After the energy: a zero by nature never stands in for an unknown calorie.
  const inferred = applyZeroByNature({ description: name, category: food.category, allergens: inference.allergens }, nutrients);
  const fields: IngredientFields = {
    name,
    name_fr: null,
    recipe_id: null,
    brand: null,
    source: source(energy),
    ingredient_list: null,
    ingredient_list_fr: null,
    names: {},
    ingredient_lists: {},
    allergens: inference.allergens,
    allergens_inferred: Object.keys(inference.allergens).length > 0,
    // Left to the name rule (src/core/label/canada/sugars-based.ts): "Sugars, brown", "Honey", "Syrups, maple".
    sugars_based: null,
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
    statement_name: statementName(name),
    statement_name_generated: true,
    nutrients_inferred: inferred,
  };
  return { ok: true, fields, flags, energy, addedSugars: sweetener.set, common: commonForm(name, food.category) };
}

export function buildPublicIngredient(food: FdcFood, release: ReleaseInfo): BuiltFood {
  const built = buildLibraryFood(food, (energy) => `${sourceText(release, food.fdcId)}; ${ENERGY_SOURCE_TEXT[energy]}`);
  return { ...built, fdcId: food.fdcId };
}

/**
 * A public name not yet taken: the USDA description, else qualified by category, then release, then
 * the food's number (`food`: an fdc_id, or a label such as "NDB 01001").
 */
export function uniquePublicName(
  name: string,
  qualifiers: ReadonlyArray<string | null>,
  food: number | string,
  taken: (candidate: string) => boolean,
): string {
  const label = typeof food === 'number' ? `FDC ${food}` : food;
  const candidates = [name, ...qualifiers.filter((q): q is string => !!q).map((q) => `${name} (${q})`), `${name} (${label})`];
  for (const candidate of candidates) if (!taken(candidate)) return candidate;
  for (let n = 2; ; n++) if (!taken(`${name} (${label}) ${n}`)) return `${name} (${label}) ${n}`;
}

/** "Foundation Foods 2023-04-20": how a name is told apart from the same food of another release. */
export function releaseQualifier(release: ReleaseInfo): string {
  return `${KIND_TITLE[release.kind]} ${release.date}`;
}
