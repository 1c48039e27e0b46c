// FDA nutrient content claims a label can compute from nutrient amounts (docs/labeling.md#us-claims):
// 21 CFR 101.13, 101.54, 101.60, 101.61, 101.62. Canadian labels carry no claims: Canadian nutrient
// content claims (FDR B.01.500-B.01.513) are out of scope, and build-label returns [] for them.
//
// Conservative by design: a claim is offered only when its condition holds BOTH for the amounts the
// label declares (rounded, so the claim never contradicts the panel) AND for the unrounded amounts
// (so rounding never makes a food look better than it is). Conditions on ingredients ("no added fat
// ingredient", 101.62(b)(1)(ii)) and on reference foods ("reduced", "more") are not computable here.
// Protein claims need the PDCAAS-corrected %DV (101.9(c)(7)(ii)), which recipes do not carry: none.
import { Decimal, dec, type Numeric } from '../shared/decimal-round.js';
import { FDA_DRV, FDA_RDI, type DvPopulation } from './daily-values.js';
import { labelNutrient } from '../shared/label-nutrients.js';
import { roundFda } from './rounding.js';

export interface ClaimInput {
  /** Declared serving weight in grams (the labeled serving). */
  serving_grams: Numeric;
  /** The RACC in grams of this food (label_settings.racc_grams or racc_category): never the serving. */
  racc_grams: Numeric;
  /** 101.13(l): a RACC of 30 g or less, or 2 tbsp or less: "low" claims must also hold per 50 g. */
  small_racc: boolean;
  /** The food's name, for the 101.13(e)(2) wording ("all-purpose flour, a sodium-free food"). */
  food_name?: string;
  /** Nutrients the food was specially processed, altered, formulated or reformulated to lower (101.13(e)(2)). */
  specially_processed?: readonly string[];
  /** Per labeled serving, unrounded. */
  unrounded: Readonly<Record<string, Decimal>>;
  /** Per labeled serving as the label declares it ("less than" forms carry the unrounded amount). */
  declared: Readonly<Record<string, Decimal>>;
  population: DvPopulation;
  /** Vitamin and mineral rows on the label, for "Good Source of"/"High in". */
  vitamin_mineral_keys: readonly string[];
  /** Nutrients with unknown contributions, accepted as zero or not (docs/api.md#claims): no claim may rest on them. */
  blocked?: (key: string) => boolean;
}

export interface ClaimsResult {
  claims: string[];
  /** Statements that must accompany the claims (101.13(h), 101.54(d)(1), 101.60(c)(1)(iii)). */
  disclosures: string[];
}

/** One basis (declared or unrounded) seen per serving, per RACC and per 50 g. */
class Basis {
  constructor(
    private readonly values: Readonly<Record<string, Decimal>>,
    private readonly servingGrams: Decimal,
    private readonly raccGrams: Decimal,
    readonly small: boolean,
  ) {}
  serving(key: string): Decimal {
    return this.values[key] ?? new Decimal(0);
  }
  racc(key: string): Decimal {
    return this.serving(key).mul(this.raccGrams).div(this.servingGrams);
  }
  per50g(key: string): Decimal {
    return this.serving(key).mul(50).div(this.servingGrams);
  }
  /** "Free" conditions: per RACC and per labeled serving (101.13(b)(1), 101.60(b)(1) etc.). */
  freeBelow(key: string, limit: Numeric): boolean {
    return this.racc(key).lt(limit) && this.serving(key).lt(limit);
  }
  /** "Low" conditions: per RACC, and per 50 g when the RACC is small. */
  lowAtMost(key: string, limit: Numeric): boolean {
    if (this.racc(key).gt(limit)) return false;
    return !this.small || this.per50g(key).lte(limit);
  }
}

/** `needs`: every nutrient the condition reads; a claim whose needs include an unknown is never made.
 * `term`: the claim as 101.13(e)(2) words it for a food that meets it without special processing. */
type Rule = { claim: string; term: string; needs: readonly [string, ...string[]]; holds: (b: Basis) => boolean };

// 101.62(c)(2): low saturated fat also requires <= 15 % of calories from saturated fat.
function satFatShareOk(b: Basis): boolean {
  const sat = b.serving('fat_saturated');
  const cal = b.serving('calories');
  if (sat.isZero()) return true;
  if (cal.lte(0)) return false;
  return sat.mul(9).div(cal).lte('0.15');
}

// Each group lists its claims strongest first; the label offers the strongest that holds.
const GROUPS: readonly (readonly Rule[])[] = [
  [
    { claim: 'Calorie Free', term: 'calorie-free', needs: ['calories'], holds: (b) => b.freeBelow('calories', 5) }, // 101.60(b)(1): < 5 Cal
    { claim: 'Low Calorie', term: 'low calorie', needs: ['calories'], holds: (b) => b.lowAtMost('calories', 40) }, // 101.60(b)(2): <= 40 Cal
  ],
  [
    { claim: 'Fat Free', term: 'fat-free', needs: ['fat'], holds: (b) => b.freeBelow('fat', '0.5') }, // 101.62(b)(1): < 0.5 g
    { claim: 'Low Fat', term: 'low fat', needs: ['fat'], holds: (b) => b.lowAtMost('fat', 3) }, // 101.62(b)(2): <= 3 g
  ],
  [
    // 101.62(c)(1): < 0.5 g saturated and < 0.5 g trans, per RACC and per serving.
    {
      claim: 'Saturated Fat Free',
      term: 'saturated fat-free',
      needs: ['fat_saturated', 'fat_trans'],
      holds: (b) => b.freeBelow('fat_saturated', '0.5') && b.freeBelow('fat_trans', '0.5'),
    },
    // 101.62(c)(2): <= 1 g saturated per RACC and <= 15 % of calories from saturated fat.
    {
      claim: 'Low Saturated Fat',
      term: 'low saturated fat',
      needs: ['fat_saturated', 'calories'],
      holds: (b) => b.racc('fat_saturated').lte(1) && satFatShareOk(b),
    },
  ],
  [
    // 101.62(d)(1): < 2 mg cholesterol per RACC and per serving, and <= 2 g saturated fat per RACC.
    {
      claim: 'Cholesterol Free',
      term: 'cholesterol-free',
      needs: ['cholesterol', 'fat_saturated'],
      holds: (b) => b.freeBelow('cholesterol', 2) && b.racc('fat_saturated').lte(2),
    },
    // 101.62(d)(2): <= 20 mg cholesterol (and per 50 g if small RACC), <= 2 g saturated fat per RACC.
    {
      claim: 'Low Cholesterol',
      term: 'low cholesterol',
      needs: ['cholesterol', 'fat_saturated'],
      holds: (b) => b.lowAtMost('cholesterol', 20) && b.racc('fat_saturated').lte(2),
    },
  ],
  [
    { claim: 'Sodium Free', term: 'sodium-free', needs: ['sodium'], holds: (b) => b.freeBelow('sodium', 5) }, // 101.61(b)(1): < 5 mg
    { claim: 'Very Low Sodium', term: 'very low sodium', needs: ['sodium'], holds: (b) => b.lowAtMost('sodium', 35) }, // 101.61(b)(2): <= 35 mg
    { claim: 'Low Sodium', term: 'low sodium', needs: ['sodium'], holds: (b) => b.lowAtMost('sodium', 140) }, // 101.61(b)(4): <= 140 mg
  ],
  [
    { claim: 'Sugar Free', term: 'sugar-free', needs: ['sugar'], holds: (b) => b.freeBelow('sugar', '0.5') }, // 101.60(c)(1): < 0.5 g sugars
  ],
];

// 101.13(h)(1): disclosure levels per RACC, per labeled serving, and per 50 g for small RACCs
// (general foods; main dishes and meals have higher levels, not handled here).
const DISCLOSURE_LEVELS: ReadonlyArray<[key: string, name: string, above: number]> = [
  ['fat', 'fat', 13], // > 13 g fat
  ['fat_saturated', 'saturated fat', 4], // > 4 g saturated fat
  ['cholesterol', 'cholesterol', 60], // > 60 mg cholesterol
  ['sodium', 'sodium', 480], // > 480 mg sodium
];

function exceedsDisclosure(b: Basis, key: string, level: number): boolean {
  return b.racc(key).gt(level) || b.serving(key).gt(level) || (b.small && b.per50g(key).gt(level));
}

function joinNames(names: string[]): string {
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, -1).join(', ')}, and ${names[names.length - 1]}`;
}

/** 101.13(e)(2): "[food], a [term] food"; without a food name, "a [term] food". */
export function inherentClaim(term: string, foodName: string | undefined): string {
  const name = foodName?.trim();
  return name ? `${name}, a ${term} food` : `A ${term} food`;
}

/** The FDA nutrient content claims this food qualifies for, strongest per nutrient, with their disclosures. */
export function fdaClaims(input: ClaimInput): ClaimsResult {
  const serving = dec(input.serving_grams);
  const racc = dec(input.racc_grams);
  if (serving.lte(0) || racc.lte(0)) return { claims: [], disclosures: [] };
  const bases = [new Basis(input.declared, serving, racc, input.small_racc), new Basis(input.unrounded, serving, racc, input.small_racc)];
  const both = (holds: (b: Basis) => boolean): boolean => bases.every(holds);
  const blocked = input.blocked ?? (() => false);
  const known = (needs: readonly string[]): boolean => !needs.some(blocked);

  const claims: string[] = [];
  // 101.13(e)(2): a "free" or "low" claim the food meets without special processing refers to all foods of
  // its type ("corn oil, a sodium-free food"), unless label_settings.specially_processed names the nutrient.
  const processed = new Set(input.specially_processed ?? []);
  const worded: string[] = [];
  for (const group of GROUPS) {
    // The strongest claim that holds, unless it rests on an unknown (then no weaker one of the group either:
    // "Low Sodium" on a partly unknown sodium is as unfounded as "Sodium Free").
    const rule = group.find((r) => both(r.holds));
    if (!rule || !known(rule.needs)) continue;
    claims.push(rule.claim);
    worded.push(processed.has(rule.needs[0]) ? rule.claim : inherentClaim(rule.term, input.food_name));
  }

  // Fiber: "high" = 20 % of the DV per RACC and "good source" = 10 % (101.54(b), (c)). FDA's Appendix A
  // still prints the pre-2016 gram figures (5 g, 2.5 g, from a 25 g DV); with the 2016 DV of 28 g the %DV
  // definition is stricter (5.6 g, 2.8 g). We require both, so no label claims more than either allows.
  const fiberDv = FDA_DRV[input.population].fiber ?? FDA_DRV.adult.fiber;
  const highFiber = Decimal.max(5, dec(fiberDv).mul('0.2'));
  const goodFiber = Decimal.max('2.5', dec(fiberDv).mul('0.1'));
  const fiberClaim = !known(['fiber'])
    ? null
    : both((b) => b.racc('fiber').gte(highFiber))
      ? 'High Fiber'
      : both((b) => b.racc('fiber').gte(goodFiber))
        ? 'Good Source of Fiber'
        : null;
  if (fiberClaim) claims.push(fiberClaim);

  // Vitamins and minerals: 101.54(b) "High in" >= 20 % of the RDI per RACC; 101.54(c) "Good Source of"
  // 10-19 %.
  for (const key of input.vitamin_mineral_keys) {
    const rdi = FDA_RDI[input.population][key];
    if (rdi === undefined || !known([key])) continue;
    const pct = (b: Basis): Decimal => b.racc(key).div(rdi).mul(100);
    const name = labelNutrient(key).fda_name;
    if (both((b) => pct(b).gte(20))) claims.push(`High in ${name}`);
    else if (both((b) => pct(b).gte(10))) claims.push(`Good Source of ${name}`);
  }

  const disclosures: string[] = [];
  if (claims.length > 0) {
    // An unknown nutrient may exceed its level: disclosing it only sends the reader to the panel, omitting it could mislead.
    const over = DISCLOSURE_LEVELS.filter(([key, , level]) => blocked(key) || bases.some((b) => exceedsDisclosure(b, key, level)));
    if (over.length > 0) disclosures.push(`See nutrition information for ${joinNames(over.map(([, n]) => n))} content`);
  }
  // 101.54(d)(1): a fiber claim on a food that is not "low fat" must disclose the total fat per serving.
  if (fiberClaim && (blocked('fat') || !both((b) => b.lowAtMost('fat', 3)))) {
    disclosures.push(`Contains ${roundFda('fat', input.unrounded.fat ?? 0).display} total fat per serving`);
  }
  // 101.60(c)(1)(iii): "sugar free" on a food that is not low (or reduced) calorie must say so.
  if (claims.includes('Sugar Free') && !claims.includes('Low Calorie') && !claims.includes('Calorie Free')) {
    disclosures.push('Not a low calorie food');
  }
  // The rule names above drive the disclosures; the label prints the worded claims.
  return { claims: [...worded, ...claims.slice(worded.length)], disclosures };
}
