// The tables of reference amounts (US: 21 CFR 101.12(b) Tables 2 and 1, and 9 CFR 317.312(b) and
// 381.412(b) for meat and poultry; Canada: Health Canada's Table of Reference Amounts for Food) and how a
// label finds its reference amount in grams. Pure data and arithmetic.
import { type Decimal, dec } from '../shared/decimal-round.js';
import { CA_LEGACY_KEYS, CA_REFERENCE_AMOUNTS } from './ca-reference-amounts.js';
import type { ReferenceAmount, ReferenceCountry } from './types.js';
import { US_REFERENCE_AMOUNTS } from './us-racc.js';

export type { ReferenceAmount, ReferenceCountry, ServingSizeCase } from './types.js';

export const REFERENCE_COUNTRIES: readonly ReferenceCountry[] = ['US', 'CA'];

const TABLES: Record<ReferenceCountry, readonly ReferenceAmount[]> = { US: US_REFERENCE_AMOUNTS, CA: CA_REFERENCE_AMOUNTS };
const BY_KEY: Record<ReferenceCountry, ReadonlyMap<string, ReferenceAmount>> = {
  US: new Map(US_REFERENCE_AMOUNTS.map((r) => [r.key, r])),
  CA: new Map(CA_REFERENCE_AMOUNTS.map((r) => [r.key, r])),
};

export function referenceAmounts(country: ReferenceCountry): readonly ReferenceAmount[] {
  return TABLES[country];
}

export function referenceAmount(country: ReferenceCountry, key: string): ReferenceAmount | undefined {
  const legacy = country === 'CA' ? CA_LEGACY_KEYS[key] : undefined;
  return BY_KEY[country].get(legacy ?? key);
}

/** Why a category key cannot be used, or null when it can (label_settings validation). */
export function categoryError(country: ReferenceCountry, key: unknown): string | null {
  if (typeof key !== 'string') return 'must be a key of GET /v1/reference_amounts';
  const row = referenceAmount(country, key);
  if (!row) return `unknown key "${key}": see GET /v1/reference_amounts?country=${country}`;
  if (row.amount === null) {
    const member = country === 'US' ? 'racc_grams' : 'reference_amount_grams';
    return `"${key}" has no fixed reference amount (${row.note ?? 'see the table'}): set ${member} instead`;
  }
  return null;
}

// 21 CFR 101.13(l) / 101.12(b): a reference amount of 30 g or less, or 2 tablespoons (30 mL) or less, is
// "small". The same 30 g / 30 mL line splits FDR B.01.350(1)(a)-(b)'s front-of-pack thresholds.
const SMALL_LIMIT = 30;

export interface ResolvedReference {
  /** The reference amount in grams of this food, when it can be known. */
  grams: Decimal | null;
  /** 30 g or less, or 30 mL (2 tbsp) or less, in the table's own unit. */
  small: boolean;
  /** What it was taken from, for the label's notes. */
  source: string;
  /** Why no grams could be found although a reference amount is set (a volume without a serving volume). */
  problem?: string;
}

/**
 * The reference amount a label uses: an explicit gram amount first, else the chosen table row. A row in
 * mL is turned into grams with the serving's own density (serving grams / serving mL); without a serving
 * volume the grams stay unknown and `problem` says so. Returns null when neither is set.
 */
export function resolveReference(
  country: ReferenceCountry,
  explicitGrams: number | undefined,
  categoryKey: string | undefined,
  serving: { grams: Decimal; ml: Decimal | null },
): ResolvedReference | null {
  const member = country === 'US' ? 'racc_grams' : 'reference_amount_grams';
  if (explicitGrams !== undefined && explicitGrams > 0) {
    const grams = dec(explicitGrams);
    return { grams, small: grams.lte(SMALL_LIMIT), source: `label_settings.${member} (${grams.toString()} g)` };
  }
  const row = categoryKey ? referenceAmount(country, categoryKey) : undefined;
  if (!row || row.amount === null) return null;
  const amount = dec(row.amount);
  const small = amount.lte(SMALL_LIMIT);
  const source = `${row.product_category}: ${row.household ? `${row.household} (${row.amount} ${row.unit})` : `${row.amount} ${row.unit}`}`;
  if (row.unit === 'g') return { grams: amount, small, source };
  if (serving.ml?.gt(0) && serving.grams.gt(0)) return { grams: amount.mul(serving.grams).div(serving.ml), small, source };
  return {
    grams: null,
    small,
    source,
    problem: `the reference amount is a volume (${row.amount} mL) and the serving has no volume to weigh it by: set ${member}`,
  };
}
