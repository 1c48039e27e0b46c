// Sugars claims on a food with polyols or sweeteners (pure; what the US builder applies):
// - 21 CFR 101.9(c)(6)(iv): "Sugar alcohol" is voluntary, except that when a claim is made about sugar
//   alcohols or sugars (total or added) and the food contains sugar alcohols, the row is mandatory;
// - 21 CFR 101.13(e)(2): a claim the food meets without special processing reads "..., a [claim] food";
//   a food sweetened with a polyol or an intense sweetener was formulated to lower its sugars, so its
//   sugars claim never takes that wording.
// docs/labeling.md#polyols-and-sweeteners.

export type RowRule = 'mandatory' | 'voluntary' | 'undetermined';

/** Claims about sugars or sugar alcohols: the claim keys of src/core/label/fda/claims.ts that name sugars. */
export const SUGARS_CLAIMS: readonly string[] = ['sugar_free', 'no_added_sugar', 'reduced_sugar', 'low_sugar', 'sugar_alcohol'];

/**
 * Whether the Sugar Alcohol row must be printed (101.9(c)(6)(iv)). `sugarAlcoholGrams` per serving, null
 * when some ingredient's value is unknown: with a sugars claim that leaves the rule undetermined (the claim
 * itself then waits, docs/labeling.md#unknown-values).
 */
export function sugarAlcoholRow(claims: readonly string[], sugarAlcoholGrams: number | null): RowRule {
  const aboutSugars = claims.some((claim) => SUGARS_CLAIMS.includes(claim));
  if (!aboutSugars) return 'voluntary';
  if (sugarAlcoholGrams === null) return 'undetermined';
  return sugarAlcoholGrams > 0 ? 'mandatory' : 'voluntary';
}

/** What the recipe's ingredients say about sweetening (src/core/sweeteners.ts). */
export interface SweeteningFacts {
  /** Some ingredient names an intense sweetener. */
  intense_sweetener: boolean;
  /** Grams of polyols (sugar_alcohol) the ingredients that state them add (those that state none add none). */
  added_polyols: number;
}

/**
 * Whether the food is specially processed for a sugars claim (101.13(e)(2)): it is, when an ingredient
 * is an intense sweetener or adds polyols; then the claim reads plainly ("Sugar Free"), never "..., a
 * sugar-free food". An ingredient that states no polyol value is taken to add none (nearly every food:
 * flour, butter), so plain foods keep the 101.13(e)(2) wording the rule requires of them.
 */
export function speciallyProcessedForSugars(facts: SweeteningFacts): boolean {
  return facts.intense_sweetener || facts.added_polyols > 0;
}
