// The FDA simplified format, 21 CFR 101.9(f). A food qualifies when at least eight of the fifteen
// listed nutrients are present only in "insignificant amounts" (docs/labeling.md#us-formats).
import { dec, type Decimal } from '../shared/decimal-round.js';
import { FDA_MANDATORY_NUTRIENTS } from '../shared/label-nutrients.js';
import { FDA_RDI, rawPercent, type DvPopulation } from './daily-values.js';

/** 101.9(f)(1): the fifteen nutrients whose insignificant amounts qualify a food. */
export const SIMPLIFIED_CANDIDATES: readonly string[] = FDA_MANDATORY_NUTRIENTS;

// 101.9(f)(2): always declared on a simplified label.
export const SIMPLIFIED_ALWAYS: ReadonlySet<string> = new Set(['calories', 'fat', 'sodium', 'carbohydrate', 'protein']);

// 101.9(f)(1): an insignificant amount is one that allows a declaration of zero; for total
// carbohydrate, dietary fiber and protein, one that allows "less than 1 gram"; for vitamins and
// minerals, less than 2 percent of the RDI.
const INSIGNIFICANT_BELOW: Readonly<Record<string, string>> = {
  calories: '5', // 101.9(c)(1): < 5 Cal -> 0
  fat: '0.5', // 101.9(c)(2): < 0.5 g -> 0
  fat_saturated: '0.5',
  fat_trans: '0.5',
  cholesterol: '2', // 101.9(c)(3): < 2 mg -> 0
  sodium: '5', // 101.9(c)(4): < 5 mg -> 0
  carbohydrate: '1', // "less than 1 gram"
  fiber: '1',
  protein: '1',
  sugar: '0.5', // 101.9(c)(6)(ii): < 0.5 g -> 0
  added_sugar: '0.5',
};

export function isInsignificant(key: string, unrounded: Decimal, population: DvPopulation): boolean {
  const limit = INSIGNIFICANT_BELOW[key];
  if (limit !== undefined) return dec(unrounded).lt(limit);
  const rdi = FDA_RDI[population][key] ?? FDA_RDI.adult[key];
  if (rdi === undefined) return false;
  return rawPercent(unrounded, rdi).lt(2);
}

export interface SimplifiedAssessment {
  insignificant: string[];
  qualifies: boolean;
}

/** `blocked`: nutrients with unknown, unaccepted contributions, which can never be shown insignificant. */
export function assessSimplified(
  unrounded: (key: string) => Decimal,
  population: DvPopulation,
  blocked: (key: string) => boolean = () => false,
): SimplifiedAssessment {
  const insignificant = SIMPLIFIED_CANDIDATES.filter((k) => !blocked(k) && isInsignificant(k, unrounded(k), population));
  return { insignificant, qualifies: insignificant.length >= 8 };
}

/** Lower-case names as they read in the statement ("Not a significant source of saturated fat, ..."). */
const STATEMENT_NAME: Readonly<Record<string, string>> = {
  calories: 'calories',
  fat: 'total fat',
  fat_saturated: 'saturated fat',
  fat_trans: 'trans fat',
  cholesterol: 'cholesterol',
  sodium: 'sodium',
  carbohydrate: 'total carbohydrate',
  fiber: 'dietary fiber',
  sugar: 'total sugars',
  added_sugar: 'added sugars',
  protein: 'protein',
  vitamin_d: 'vitamin D',
  calcium: 'calcium',
  iron: 'iron',
  potassium: 'potassium',
};

/** 101.9(f)(5): "Not a significant source of ___", listing the nutrients left off the label. */
export function notSignificantStatement(omitted: readonly string[]): string | null {
  if (omitted.length === 0) return null;
  const names = omitted.map((k) => STATEMENT_NAME[k] ?? k);
  const list =
    names.length === 1
      ? names[0]
      : names.length === 2
        ? `${names[0]} and ${names[1]}`
        : `${names.slice(0, -1).join(', ')}, and ${names[names.length - 1]}`;
  return `Not a significant source of ${list}.`;
}
