// Polyols in each market's energy and carbohydrate (pure; what the market builders apply):
// - Australia and New Zealand, FSANZ Standard 1.2.8 Schedule 11 (S11—2(3)): each polyol its own factor;
//   polyols are taken out of the carbohydrate counted at 17 kJ/g;
// - EU and UK, Regulation (EU) 1169/2011 Annex XIV: polyols 10 kJ / 2.4 kcal per gram, erythritol 0;
// - Mexico, NOM-051-SCFI/SSA1-2010: its factor for polyols could not be confirmed from here (a named
//   setting, 10 kJ / 2.4 kcal by default, said in a warning);
// - United States: sugar alcohols stay in total carbohydrate (21 CFR 101.9(c)(6)); FDA's per-polyol
//   calorie factors (guidance, not the regulation's text) serve 101.9(c)(1)(i)(C) only.
// docs/labeling.md#polyols-and-sweeteners.
import { type Decimal, dec } from '../shared/decimal-round.js';

export const POLYOL_NUTRIENTS = ['erythritol', 'sorbitol', 'mannitol', 'isomalt', 'maltitol', 'lactitol', 'xylitol'] as const;
export type PolyolNutrient = (typeof POLYOL_NUTRIENTS)[number];

export interface PolyolFactor {
  kj: string;
  kcal: string | null;
  /** Where the factor is written, and whether its value was read in that text from here. */
  source: string;
  confirmed: boolean;
}

const FSANZ = 'FSANZ Standard 1.2.8 Schedule 11, S11—2(3)';
/**
 * FSANZ S11—2(3), kJ/g. Erythritol's 1 kJ/g agrees with the panel figures the bakery checked by hand
 * (20 g/100 g of erythritol: about 1580 kJ, not 1900); the other values are as reported in secondary
 * sources and could not be read in the Schedule's text from here.
 */
export const FSANZ_POLYOL_FACTORS: Readonly<Record<PolyolNutrient, PolyolFactor>> = {
  erythritol: { kj: '1', kcal: null, source: FSANZ, confirmed: false },
  sorbitol: { kj: '14', kcal: null, source: FSANZ, confirmed: false },
  mannitol: { kj: '9', kcal: null, source: FSANZ, confirmed: false },
  isomalt: { kj: '11', kcal: null, source: FSANZ, confirmed: false },
  maltitol: { kj: '13', kcal: null, source: FSANZ, confirmed: false },
  lactitol: { kj: '11', kcal: null, source: FSANZ, confirmed: false },
  xylitol: { kj: '10', kcal: null, source: FSANZ, confirmed: false },
};

/** Regulation (EU) 1169/2011 Annex XIV: polyols 10 kJ / 2.4 kcal, erythritol 0 / 0 (as amended by 2008/100/EC's successor text). */
export const EU_POLYOLS: PolyolFactor = { kj: '10', kcal: '2.4', source: 'Regulation (EU) 1169/2011 Annex XIV', confirmed: true };
export const EU_ERYTHRITOL: PolyolFactor = { kj: '0', kcal: '0', source: 'Regulation (EU) 1169/2011 Annex XIV', confirmed: true };

/** NOM-051-SCFI/SSA1-2010: not confirmed from here; the default is the Codex/EU factor (a named setting, mx_polyol_factor_kcal). */
export const MX_POLYOLS_DEFAULT: PolyolFactor = {
  kj: '10',
  kcal: '2.4',
  source: 'NOM-051-SCFI/SSA1-2010 (factor unconfirmed)',
  confirmed: false,
};

/** FDA's calorie factors for sugar alcohols (kcal/g), for 101.9(c)(1)(i)(C); guidance values, not confirmed from here. */
export const US_SUGAR_ALCOHOL_KCAL: Readonly<Record<PolyolNutrient, string>> = {
  erythritol: '0',
  sorbitol: '2.6',
  mannitol: '1.6',
  isomalt: '2.0',
  maltitol: '2.1',
  lactitol: '2.0',
  xylitol: '2.4',
};

export type PolyolAmounts = Partial<Record<'sugar_alcohol' | PolyolNutrient, number>>;

export interface PolyolEnergy {
  /** All polyols, grams: the larger of sugar_alcohol and the named polyols' sum. */
  polyols: Decimal;
  /** Polyols not named one by one (sugar_alcohol less the named ones). */
  unnamed: Decimal;
  kj: Decimal;
  /** null where the market states energy in kJ only (ANZ derives Cal from kJ, S11—2(4)). */
  kcal: Decimal | null;
  /** Codes for the label's warnings: factors not confirmed, polyols without a factor of their own. */
  warnings: Array<{ code: 'polyol_factor_unconfirmed' | 'polyol_unnamed'; message: string }>;
}

function split(amounts: PolyolAmounts): { named: Array<[PolyolNutrient, Decimal]>; polyols: Decimal; unnamed: Decimal } {
  const named: Array<[PolyolNutrient, Decimal]> = [];
  let sum = dec(0);
  for (const key of POLYOL_NUTRIENTS) {
    const grams = amounts[key];
    if (grams === undefined || !(grams > 0)) continue;
    named.push([key, dec(grams)]);
    sum = sum.plus(grams);
  }
  const total = amounts.sugar_alcohol !== undefined ? dec(amounts.sugar_alcohol) : sum;
  const polyols = total.gt(sum) ? total : sum;
  return { named, polyols, unnamed: polyols.minus(sum) };
}

/**
 * FSANZ Schedule 11: each named polyol at its own factor. Polyols not named one by one have no factor of
 * their own there: they are counted at the carbohydrate factor (17 kJ/g), the highest a polyol could be,
 * so the energy is never understated, and a warning asks for the polyol's name.
 */
export function anzPolyolEnergy(amounts: PolyolAmounts): PolyolEnergy {
  const { named, polyols, unnamed } = split(amounts);
  let kj = dec(0);
  const warnings: PolyolEnergy['warnings'] = [];
  for (const [key, grams] of named) kj = kj.plus(grams.mul(FSANZ_POLYOL_FACTORS[key].kj));
  if (unnamed.gt(0)) {
    kj = kj.plus(unnamed.mul(17));
    warnings.push({
      code: 'polyol_unnamed',
      message: `${unnamed.toString()} g of polyols are not named one by one: FSANZ Schedule 11 gives each polyol its own factor, so they are counted at 17 kJ/g (carbohydrate's); name them on the ingredients (erythritol, sorbitol, ...).`,
    });
  }
  const unconfirmed = named
    .filter(([key]) => !FSANZ_POLYOL_FACTORS[key].confirmed)
    .map(([key]) => `${key} ${FSANZ_POLYOL_FACTORS[key].kj} kJ/g`);
  if (unconfirmed.length > 0) {
    warnings.push({
      code: 'polyol_factor_unconfirmed',
      message: `FSANZ Schedule 11 factors used but not confirmed against the Schedule's text: ${unconfirmed.join(', ')} (docs/labeling.md#polyols-and-sweeteners).`,
    });
  }
  return { polyols, unnamed, kj, kcal: null, warnings };
}

/** Regulation (EU) 1169/2011 Annex XIV: erythritol 0, every other polyol 10 kJ / 2.4 kcal per gram. */
export function euPolyolEnergy(amounts: PolyolAmounts): PolyolEnergy {
  const { polyols, unnamed } = split(amounts);
  const erythritol = dec(amounts.erythritol ?? 0);
  const others = polyols.minus(erythritol);
  return {
    polyols,
    unnamed,
    kj: others.mul(EU_POLYOLS.kj).plus(erythritol.mul(EU_ERYTHRITOL.kj)),
    kcal: others.mul(EU_POLYOLS.kcal ?? '0').plus(erythritol.mul(EU_ERYTHRITOL.kcal ?? '0')),
    warnings: [],
  };
}

/** NOM-051: one factor for every polyol, `factor` (the setting; default MX_POLYOLS_DEFAULT), said unconfirmed. */
export function mxPolyolEnergy(amounts: PolyolAmounts, factor: PolyolFactor = MX_POLYOLS_DEFAULT): PolyolEnergy {
  const { polyols, unnamed } = split(amounts);
  return {
    polyols,
    unnamed,
    kj: polyols.mul(factor.kj),
    kcal: polyols.mul(factor.kcal ?? '0'),
    warnings: factor.confirmed
      ? []
      : [
          {
            code: 'polyol_factor_unconfirmed',
            message: `NOM-051's energy factor for polyols could not be confirmed: ${factor.kcal} kcal / ${factor.kj} kJ per gram is used (docs/labeling.md#polyols-and-sweeteners).`,
          },
        ],
  };
}

/**
 * The carbohydrate a market counts at its carbohydrate factor: carbohydrate (by difference, fibre and
 * polyols in it) less fibre, less polyols where the market gives them factors of their own (ANZ, EU, MX).
 * The US keeps sugar alcohols in total carbohydrate (21 CFR 101.9(c)(6)): nothing is taken out.
 */
export function carbohydrateAtCarbohydrateFactor(
  market: 'anz' | 'eu' | 'mx' | 'us',
  carbohydrate: number,
  fibre: number,
  polyols: Decimal,
): Decimal {
  const available = dec(carbohydrate).minus(fibre);
  const out = market === 'us' ? available : available.minus(polyols);
  return out.lt(0) ? dec(0) : out;
}
