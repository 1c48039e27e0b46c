// Label warnings (docs/api.md#trust-and-completeness): a label that would print a number nobody knows says so, names whose
// values are missing, and is not `complete` until the gap is filled or accepted (label-steps.ts isComplete).
import { missingLookup, type MissingLookup } from '../../recipe/missing.js';
import type { LabelInput, NamedIngredient } from './label-input.js';
import { labelNutrient } from './label-nutrients.js';
import type { LabelWarning } from './model.js';

const listNames = (names: readonly string[]): string =>
  names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Which nutrients of a label rest on unknown values, and which of those the account accepted as zero. */
export class LabelGaps {
  private readonly missing: MissingLookup;
  private readonly accepted: ReadonlySet<string>;

  constructor(input: Pick<LabelInput, 'missing' | 'settings'>) {
    const missing = input.missing ?? {};
    this.missing =
      typeof (missing as MissingLookup).get === 'function' ? (missing as MissingLookup) : missingLookup(missing as Record<string, never>);
    this.accepted = new Set(input.settings?.accept_missing ?? []);
  }

  /** Some ingredient has no value for the nutrient. */
  unknown(key: string): boolean {
    return this.missing.get(key).length > 0;
  }

  /** Unknown and not accepted: nothing may be claimed or decided on it (docs/api.md#claims). */
  blocked(key: string): boolean {
    return this.unknown(key) && !this.accepted.has(key);
  }

  /** One `missing_nutrient` warning per printed row with unknown contributions, in printed order. */
  rowWarnings(keys: readonly string[], extra: Readonly<Record<string, string>> = {}): LabelWarning[] {
    const out: LabelWarning[] = [];
    for (const key of keys) {
      const entries = this.missing.get(key);
      if (entries.length === 0) continue;
      const accepted = this.accepted.has(key);
      const ids = [...new Set(entries.map((e) => e.ingredient_id))];
      const names = [...new Set(entries.map((e) => e.name))];
      const name = labelNutrient(key).fda_name;
      const tail = accepted
        ? 'taken as zero because label_settings.accept_missing lists it.'
        : 'the label sums the known values only; add the values (or a corrected copy of the ingredient), or list it in label_settings.accept_missing.';
      out.push({
        code: 'missing_nutrient',
        message: `${name}: no value known for ${plural(ids.length, 'ingredient')} (${listNames(names)}); ${tail}${extra[key] ? ` ${extra[key]}` : ''}`,
        nutrient: key,
        ingredient_ids: ids,
        accepted,
      });
    }
    return out;
  }
}

/**
 * No reference amount: the label makes no claim (21 CFR 101.13 defines claims per RACC; FDR B.01.500 ff.
 * per reference amount), and in Canada the serving stands in for the "free of" tests and the front-of-pack
 * thresholds. Informs; does not block the table.
 */
export function referenceAmountMissing(country: 'US' | 'CA', problem?: string): LabelWarning {
  const how =
    country === 'US'
      ? 'set label_settings.racc_category (GET /v1/reference_amounts?country=US) or racc_grams'
      : 'set label_settings.reference_amount_category (GET /v1/reference_amounts?country=CA) or reference_amount_grams';
  const effect =
    country === 'US'
      ? 'no nutrient content claim is made'
      : 'the serving stands in for the reference amount in the "free of" tests and the front-of-pack thresholds';
  return {
    code: 'reference_amount_missing',
    message: `No reference amount${problem ? ` (${problem})` : ''}: ${effect}; ${how}.`,
    accepted: false,
  };
}

/** French statements that fall back to English, and allergens that come from inference rather than a person. */
export function statementWarnings(
  input: Pick<LabelInput, 'untranslated' | 'inferred_allergens' | 'generated_statement_names'>,
  french: boolean,
): LabelWarning[] {
  const out: LabelWarning[] = [];
  const untranslated = input.untranslated;
  if (french && untranslated && untranslated.ingredients.length > 0) {
    const names = untranslated.ingredients.map((i) => i.name);
    out.push({
      code: 'missing_translation',
      message: `The French ingredient statement uses the English text of ${listNames(names)}: set name_fr (or ingredient_list_fr) on ${names.length === 1 ? 'it' : 'them'}, or a custom ingredient_list_fr on the recipe.`,
      ingredient_ids: untranslated.ingredients.map((i) => i.id),
      accepted: false,
    });
  }
  if (french && untranslated) {
    for (const allergen of untranslated.allergens) {
      out.push({
        code: 'missing_translation',
        message: `The French allergen statement prints "${allergen.text}" as written: no French name is known for it.`,
        ingredient_ids: allergen.ingredient_ids,
        accepted: false,
      });
    }
  }
  const inferred = input.inferred_allergens ?? [];
  if (inferred.length > 0) {
    out.push({
      code: 'inferred_allergens',
      message: `The allergens of ${listNames(inferred.map((i) => i.name))} were inferred by the USDA importer from the food's category and description: check them (a copy of the ingredient can be corrected).`,
      ingredient_ids: inferred.map((i) => i.id),
      accepted: false,
    });
  }
  const generated = input.generated_statement_names ?? [];
  if (generated.length > 0) {
    out.push({
      code: 'generated_statement_name',
      message: `The ingredient statement names ${listNames(generated.map((i) => i.name))} by the common name the USDA importer generated from the food's description (21 CFR 101.4(a)(1)): check it (set statement_name on a copy of the ingredient, or a custom ingredient_list on the recipe).`,
      ingredient_ids: generated.map((i) => i.id),
      accepted: false,
    });
  }
  return out;
}

/** A statement in a language other than English that names some ingredients in English (docs/api.md#label-languages). */
export function translationWarning(languageName: string, ingredients: readonly NamedIngredient[]): LabelWarning | null {
  if (ingredients.length === 0) return null;
  const names = ingredients.map((i) => i.name);
  return {
    code: 'missing_translation',
    message: `The ${languageName} ingredient statement uses the English text of ${listNames(names)}: give ${names.length === 1 ? 'it' : 'them'} a name (or ingredient list) in ${languageName}, or a custom ingredient list in ${languageName} on the recipe.`,
    ingredient_ids: ingredients.map((i) => i.id),
    accepted: false,
  };
}
