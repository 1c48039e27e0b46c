// Numbers, names and dates as the studio's pages print them: grams to a sensible precision, shares as
// percentages, money in the account's currency, nutrient keys as their names. Pure functions, given to
// every template as `it.f` (docs/studio.md).
import { nutrientDef } from '../../core/nutrients.js';

const NUTRIENT_NAMES: Readonly<Record<string, string>> = {
  calories: 'Calories',
  energy: 'Energy',
  protein: 'Protein',
  fat: 'Total fat',
  fat_saturated: 'Saturated fat',
  fat_trans: 'Trans fat',
  fat_saturated_trans: 'Saturated + trans fat',
  fat_monounsaturated: 'Monounsaturated fat',
  fat_polyunsaturated: 'Polyunsaturated fat',
  carbohydrate: 'Carbohydrate',
  fiber: 'Dietary fiber',
  uncounted_fiber: 'Fiber not counted as carbohydrate',
  sugar: 'Total sugars',
  added_sugar: 'Added sugars',
  sugar_alcohol: 'Sugar alcohols (polyols)',
  starch: 'Starch',
  salt: 'Salt',
  cholesterol: 'Cholesterol',
  sodium: 'Sodium',
  calcium: 'Calcium',
  iron: 'Iron',
  potassium: 'Potassium',
  vitamin_a: 'Vitamin A',
  vitamin_a_IU: 'Vitamin A (IU)',
  vitamin_a_rae: 'Vitamin A (RAE)',
  vitamin_c: 'Vitamin C',
  vitamin_d: 'Vitamin D',
  vitamin_d_mcg: 'Vitamin D',
  vitamin_d_IU: 'Vitamin D (IU)',
  vitamin_b6: 'Vitamin B6',
  vitamin_b12: 'Vitamin B12',
  folate_dietary_equivalents: 'Folate (DFE)',
  pantothenic_acid: 'Pantothenic acid',
  omega_3: 'Omega-3 fatty acids',
  omega_6: 'Omega-6 fatty acids',
  serving_size: 'Serving size',
  servings_per_container: 'Servings per container',
  ingredient_statement: 'Ingredient statement',
  allergen_statement: 'Allergen statement',
  claims: 'Claims',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "fat_saturated" -> "Saturated fat"; a key without a name of its own reads as words. */
export function nutrientName(key: string): string {
  return NUTRIENT_NAMES[key] ?? capitalised(key.replace(/_/g, ' '));
}

/** The unit a nutrient is stored in, per 100 g ("g", "mg", "mcg", "kcal", "IU"); '' when it is not a nutrient. */
export const nutrientUnit = (key: string): string => nutrientDef(key)?.unit ?? '';

const decimals = (value: number, max: number) =>
  new Intl.NumberFormat('en-US', { maximumFractionDigits: max, minimumFractionDigits: 0 }).format(value);

/** Grams as a scale would show them: 1,250 g; 12.5 g; 0.35 g. */
export function grams(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const size = Math.abs(value);
  return `${decimals(value, size >= 100 ? 0 : size >= 1 ? 1 : 2)} g`;
}

/** A plain number to at most `max` decimals (quantities, nutrient values). */
export function number(value: number | null | undefined, max = 3): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return decimals(value, max);
}

/** A share of the batch: 0.1234 -> "12.3%". */
export function percent(share: number | null | undefined): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return '—';
  return `${decimals(share * 100, share * 100 >= 10 ? 1 : 2)}%`;
}

/** Money in the account's currency (ISO 4217); a code Intl does not know prints as "12.50 XYZ". */
export function money(value: number | null | undefined, currency: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: value < 1 ? 4 : 2 }).format(value);
  } catch {
    return `${decimals(value, 4)} ${currency}`;
  }
}

/** "2026-11-18T12:00:00Z" -> "2026-11-18 12:00 UTC". */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : iso;
}

/** One or many: plural(1, 'line') "1 line", plural(3, 'line') "3 lines". */
export const plural = (n: number, word: string, many = `${word}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? word : many}`;

export const WORDS = { nutrientName, nutrientUnit, grams, number, percent, money, when, plural };
export type Words = typeof WORDS;
