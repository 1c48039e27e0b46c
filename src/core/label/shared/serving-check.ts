// The declared serving against the reference amount (docs/labeling.md#serving-size-rules), for the markets
// whose serving follows one: the United States (21 CFR 101.9(b)(2)) and Canada (the Table of Reference
// Amounts for Food, Column 3A). The serving is read from the household measure: "4 slices" is 4 units of
// the serving's weight divided by 4; "1/24 cake" is a 24th of a whole of 24 servings' weight. A measure
// in other words (cups, "2/3 cup") is not a food in discrete units, and is not checked here.
import {
  caDiscreteServing,
  type DiscreteServing,
  servingPermitted,
  usDiscreteServing,
  usLargeUnitFraction,
} from '../rules/serving-size.js';
import type { LabelStart } from './label-steps.js';
import type { LabelWarning } from './model.js';

/**
 * Measure words of volume and weight: "2 cups" is no count of pieces. The word ends where no letter follows
 * (a Unicode letter: "gâteau" is no "g" of grams, as an ASCII \b would have it).
 */
const NOT_PIECES =
  /^(cups?|c\.?|tbsp\.?|tablespoons?|tsp\.?|teaspoons?|fl\.?\s*oz|ounces?|oz\.?|g|grams?|ml|mL|l|liters?|litres?|tasses?|c\.\s*à\s*(soupe|thé)|cuill[eè]res?|pounds?|lbs?\.?)(?![\p{L}\p{N}])/iu;

export type DeclaredServing = { units: number; word: string } | { fraction: number; word: string };

/** The count ("4 slices") or fraction ("1/24 cake") a household measure declares; null for other measures. */
export function declaredServing(household: string | null | undefined): DeclaredServing | null {
  const text = household?.trim() ?? '';
  const fraction = /^1\s*\/\s*(\d{1,3})\s+(.+)$/.exec(text);
  if (fraction) return NOT_PIECES.test(fraction[2] as string) ? null : { fraction: Number(fraction[1]), word: fraction[2] as string };
  const units = /^(\d{1,3})\s+([^\d/].*)$/.exec(text);
  if (units) return NOT_PIECES.test(units[2] as string) ? null : { units: Number(units[1]), word: units[2] as string };
  return null;
}

/** The serving the rule gives, in the measure's own word ("1 slice", "2 slices", "1/12 cake"). */
function allowedText(rule: DiscreteServing, word: string): string {
  const base = word.replace(/\s*\(.*$/, '').trim();
  if (rule.fraction !== null) return `1/${rule.fraction} ${base}`;
  return rule.units.map((n) => `${n} ${base}`).join(' or ');
}

/**
 * `serving_size_not_permitted` when the declared serving is not one the rule gives (accepted with
 * label_settings.accept_serving_size), or null. `referenceGrams`: the reference amount in grams, null
 * without one (then nothing is checked: the label already says so, reference_amount_missing).
 */
export function servingSizeWarning(
  label: LabelStart,
  country: 'US' | 'CA',
  referenceGrams: number | null,
  categoryKey?: string,
): LabelWarning | null {
  const { input, settings } = label;
  const declared = declaredServing(input.household_serving);
  if (!declared || referenceGrams === null || !(referenceGrams > 0) || !(input.serving_grams > 0)) return null;
  let rule: DiscreteServing;
  if ('fraction' in declared) {
    const whole = input.serving_grams * declared.fraction;
    rule =
      country === 'US'
        ? { rule: '21 CFR 101.9(b)(2)(ii)', units: [], fraction: usLargeUnitFraction(whole, referenceGrams) }
        : caDiscreteServing('large_unit', whole, referenceGrams);
  } else {
    const unit = input.serving_grams / declared.units;
    // Column 3A, item A.1: sliced bread is 2 slices.
    const slicedBread = country === 'CA' && categoryKey === 'A.1' && /slice|tranche/i.test(declared.word);
    rule =
      country === 'US'
        ? usDiscreteServing(unit, referenceGrams)
        : caDiscreteServing(slicedBread ? 'sliced_bread' : 'multiple_units', unit, referenceGrams);
  }
  if (servingPermitted('fraction' in declared ? { fraction: declared.fraction } : { units: declared.units }, rule)) return null;
  const accepted = settings.accept_serving_size === true;
  const said = input.household_serving?.trim() ?? '';
  return {
    code: 'serving_size_not_permitted',
    message: `The serving "${said}" (${Math.round(input.serving_grams)} g) is not one ${rule.rule} gives for a reference amount of ${referenceGrams} g: declare ${allowedText(rule, declared.word)} (change the recipe's servings and suggested_serving)${
      accepted
        ? '; accepted because label_settings.accept_serving_size is true.'
        : ', or accept it with label_settings.accept_serving_size.'
    }`,
    accepted,
  };
}
