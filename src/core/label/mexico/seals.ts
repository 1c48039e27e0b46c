// Front-of-pack warning seals ("sellos") of NOM-051-SCFI/SSA1-2010, numeral 4.5.3 and Table 6, and the
// precautionary legends of 7.1.3-7.1.4. Amounts are per 100 g (solids) or 100 mL (liquids), unrounded
// (engine convention, docs/labeling.md#mexico-decisions). Pure arithmetic on decimals; docs/labeling.md#mexico-seals.
import { type Decimal, dec } from '../shared/decimal-round.js';
import type { MxPhase } from './phase.js';

export const SEALS = ['EXCESO CALORÍAS', 'EXCESO AZÚCARES', 'EXCESO GRASAS SATURADAS', 'EXCESO GRASAS TRANS', 'EXCESO SODIO'] as const;
export type MxSeal = (typeof SEALS)[number];

/** 7.1.3: non-caloric sweeteners; 7.1.4: added caffeine. Printed on two lines, split at " - ". */
export const LEGEND_SWEETENERS = 'CONTIENE EDULCORANTES - NO RECOMENDABLE EN NIÑOS';
export const LEGEND_CAFFEINE = 'CONTIENE CAFEÍNA - EVITAR EN NIÑOS';
/** Printed in each octagon (4.5.3.4). */
export const SEAL_AUTHORITY = 'SECRETARÍA DE SALUD';

/** Energy factors the shares use: sugars 4 kcal/g, fats 9 kcal/g (NOM-051 4.5.3.4; 5.1.1 factors). */
const KCAL_PER_G_SUGAR = 4;
const KCAL_PER_G_FAT = 9;

export interface SealThresholds {
  /** Solids: kcal per 100 g at or above which EXCESO CALORÍAS applies. */
  calories_solid_kcal: number;
  /** Liquids: kcal per 100 mL. */
  calories_liquid_kcal: number;
  /** Liquids: kcal from free sugars per 100 mL that also trigger EXCESO CALORÍAS. */
  calories_liquid_free_sugar_kcal: number;
  /** Share of energy from free sugars, saturated fat, trans fat (fractions). */
  sugars_share: string;
  saturated_share: string;
  trans_share: string;
  /** Phase 1: beverages with less than this many kcal of free sugars are excepted from EXCESO AZÚCARES; null = no exception. */
  sugars_beverage_exception_kcal: number | null;
  /** mg of sodium per 100 g/mL at or above which EXCESO SODIO applies. */
  sodium_mg: number;
  /** mg of sodium per kcal at or above which EXCESO SODIO applies; null = no such test. */
  sodium_mg_per_kcal: number | null;
  /** Calorie-free beverages (< 5 kcal / 100 mL): mg sodium per 100 mL. */
  calorie_free_beverage_sodium_mg: number;
}

/** Phase 1 (1 Oct 2020 - 30 Sep 2023), as the modification's transitory table gives it. */
export const PHASE_1: SealThresholds = {
  calories_solid_kcal: 275,
  calories_liquid_kcal: 70,
  calories_liquid_free_sugar_kcal: 10,
  sugars_share: '0.10',
  saturated_share: '0.10',
  trans_share: '0.01',
  sugars_beverage_exception_kcal: 10,
  sodium_mg: 350,
  sodium_mg_per_kcal: null,
  calorie_free_beverage_sodium_mg: 45,
};

/** Table 6 (phase 3, from 1 Jan 2028). */
export const TABLE_6: SealThresholds = {
  calories_solid_kcal: 275,
  calories_liquid_kcal: 70,
  calories_liquid_free_sugar_kcal: 8,
  sugars_share: '0.10',
  saturated_share: '0.10',
  trans_share: '0.01',
  sugars_beverage_exception_kcal: null,
  sodium_mg: 300,
  sodium_mg_per_kcal: 1,
  calorie_free_beverage_sodium_mg: 45,
};

/** Named setting's default: phase 2 uses Table 6's numbers (reported so; unconfirmed, docs/labeling.md#mexico-seals). */
export const PHASE_THRESHOLDS: Readonly<Record<MxPhase, SealThresholds>> = { 1: PHASE_1, 2: TABLE_6, 3: TABLE_6 };

/** A calorie-free beverage: less than 5 kcal per 100 mL (the declaration rounds it to 0; docs/labeling.md#mexico-seals). */
export const CALORIE_FREE_KCAL = 5;

export interface SealAmounts {
  /** Per 100 g / 100 mL, unrounded. */
  kcal: Decimal;
  /** Free sugars: our added sugars (docs/labeling.md#mexico-decisions). */
  free_sugars_g: Decimal;
  saturated_g: Decimal;
  trans_g: Decimal;
  sodium_mg: Decimal;
}

export type ProductKind = 'solid' | 'liquid' | 'beverage';

export function isCalorieFreeBeverage(kind: ProductKind, kcal: Decimal): boolean {
  return kind === 'beverage' && kcal.lt(CALORIE_FREE_KCAL);
}

/** share >= fraction of energy, with something to share: a food without energy or without the nutrient has no share. */
const shareAtLeast = (nutrientKcal: Decimal, kcal: Decimal, fraction: string): boolean =>
  nutrientKcal.gt(0) && kcal.gt(0) && nutrientKcal.gte(kcal.mul(dec(fraction)));

/** Whether each seal's criterion is met, before the "added nutrient" scope of 4.5.3 is applied. */
export function sealCriteria(a: SealAmounts, kind: ProductKind, t: SealThresholds): Record<MxSeal, boolean> {
  const liquid = kind !== 'solid';
  const freeSugarKcal = a.free_sugars_g.mul(KCAL_PER_G_SUGAR);
  const calories = liquid
    ? a.kcal.gte(t.calories_liquid_kcal) || (freeSugarKcal.gt(0) && freeSugarKcal.gte(t.calories_liquid_free_sugar_kcal))
    : a.kcal.gte(t.calories_solid_kcal);
  const sugarsExcepted =
    t.sugars_beverage_exception_kcal !== null && kind === 'beverage' && freeSugarKcal.lt(t.sugars_beverage_exception_kcal);
  const sugars = !sugarsExcepted && shareAtLeast(freeSugarKcal, a.kcal, t.sugars_share);
  const saturated = shareAtLeast(a.saturated_g.mul(KCAL_PER_G_FAT), a.kcal, t.saturated_share);
  const trans = shareAtLeast(a.trans_g.mul(KCAL_PER_G_FAT), a.kcal, t.trans_share);
  let sodium: boolean;
  if (isCalorieFreeBeverage(kind, a.kcal)) sodium = a.sodium_mg.gte(t.calorie_free_beverage_sodium_mg);
  else {
    // Table 6: ">= 1 mg sodium per kcal OR >= 300 mg"; written as a product so 0 kcal needs no division.
    const perKcal = t.sodium_mg_per_kcal !== null && a.sodium_mg.gt(0) && a.sodium_mg.gte(a.kcal.mul(t.sodium_mg_per_kcal));
    sodium = perKcal || a.sodium_mg.gte(t.sodium_mg);
  }
  return {
    'EXCESO CALORÍAS': calories,
    'EXCESO AZÚCARES': sugars,
    'EXCESO GRASAS SATURADAS': saturated,
    'EXCESO GRASAS TRANS': trans,
    'EXCESO SODIO': sodium,
  };
}

/** Critical nutrients the recipe adds (new ingredient booleans; null = not known for some ingredient). */
export interface AddedNutrients {
  sugars: boolean | null;
  fats: boolean | null;
  sodium: boolean | null;
}

/** Which added nutrient brings each seal into scope in phases 1-2 (only the seals linked to it). */
const LINKED: Readonly<Record<MxSeal, ReadonlyArray<keyof AddedNutrients>>> = {
  'EXCESO CALORÍAS': ['sugars', 'fats'],
  'EXCESO AZÚCARES': ['sugars'],
  'EXCESO GRASAS SATURADAS': ['fats'],
  'EXCESO GRASAS TRANS': ['fats'],
  'EXCESO SODIO': ['sodium'],
};

export type Scope = 'in' | 'out' | 'unknown';

/**
 * 4.5.3: seals apply only to products with added free sugars, fats or sodium. Phases 1-2 evaluate only the
 * seals linked to what was added; phase 3 ("4.5.3 in full") all five once any of them was added.
 */
export function sealScope(seal: MxSeal, added: AddedNutrients, phase: MxPhase): Scope {
  const linked: ReadonlyArray<keyof AddedNutrients> = phase === 3 ? ['sugars', 'fats', 'sodium'] : LINKED[seal];
  if (linked.some((k) => added[k] === true)) return 'in';
  if (linked.some((k) => added[k] === null)) return 'unknown';
  return 'out';
}
