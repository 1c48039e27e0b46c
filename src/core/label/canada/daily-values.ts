// Health Canada Table of Daily Values, 2022-10-20 version (incorporated by reference in the FDR;
// the 2016 version lapsed on 2025-12-31), persons 4 years and older. docs/labeling.md#canada-daily-values, docs/labeling.md#decisions #9.
// The children 1-<4 column was not verified (docs/labeling.md#decisions #10): not implemented.
import { type Decimal, dec, roundToStepDecimal, type Numeric } from '../shared/decimal-round.js';
import { formatPercent, type NumberStyle } from '../shared/number-format.js';
import { FDA_RDI } from '../fda/daily-values.js';

export const CA_DAILY_VALUES: Readonly<Record<string, number>> = {
  fat: 75, // g
  fat_saturated_trans: 20, // g, saturated + trans combined (B.01.401 item 6)
  cholesterol: 300, // mg
  sodium: 2300, // mg
  fiber: 28, // g
  sugar: 100, // g
  potassium: 3400, // mg (2022 table; 4700 in the 2016 table)
  calcium: 1300, // mg
  iron: 18, // mg
  vitamin_d: 20, // mcg
  // Other vitamins and minerals of B.01.402: the same values as the FDA adult RDIs (docs/labeling.md#canada-daily-values,
  // tagged [R]: recalled, not re-verified against the Health Canada table).
  ...Object.fromEntries(Object.entries(FDA_RDI.adult).filter(([k]) => !['vitamin_d', 'calcium', 'iron', 'potassium'].includes(k))),
};

/** Rows that print a %DV on a Canadian table. Carbohydrate and protein have none (B.01.401 column 4);
 * cholesterol's %DV is optional and the Directory's standard format does not show it; saturated and
 * trans share the combined row. */
export const CA_PERCENT_DV_KEYS: ReadonlySet<string> = new Set([
  'fat',
  'fat_saturated_trans',
  'sodium',
  'fiber',
  'sugar',
  'potassium',
  'calcium',
  'iron',
  ...Object.keys(CA_DAILY_VALUES).filter((k) => !['fat', 'fat_saturated_trans', 'cholesterol', 'sodium', 'fiber', 'sugar'].includes(k)),
]);

export interface CaPercentDv {
  value: number;
  display: string;
}

/** B.01.401 column 4 and B.01.402(2.2): %DV from the declared amount; a declared 0 gives 0 %;
 * otherwise nearest 1 % (Canada has no 2/5/10 % banding). */
export function caPercentDv(key: string, declared: Numeric, style: NumberStyle): CaPercentDv | null {
  const dv = CA_DAILY_VALUES[key];
  if (dv === undefined || !CA_PERCENT_DV_KEYS.has(key)) return null;
  const amount = dec(declared);
  const value = amount.isZero() ? 0 : roundToStepDecimal(amount.div(dv).mul(100), 1).toNumber();
  return { value, display: formatPercent(value, style) };
}

export function caRawPercent(key: string, amount: Numeric): Decimal {
  const dv = CA_DAILY_VALUES[key];
  if (dv === undefined) throw new RangeError(`no Canadian DV for ${key}`);
  return dec(amount).div(dv).mul(100);
}

// B.01.401 item 16: the %DV statement.
export const CA_FOOTNOTE_EN = '*5% or less is a little, 15% or more is a lot';
export const CA_FOOTNOTE_FR = "*5 % ou moins c'est peu, 15 % ou plus c'est beaucoup";
