// Energy on EU/UK labels (Regulation (EU) 1169/2011 Art. 31(1), Annex XIV): kJ and kcal are two
// separate sums, each with the annex's own factors, over the UNROUNDED amounts; never kcal x 4.184.
// Carbohydrate here is available carbohydrate (Annex I: fibre is not carbohydrate), and it includes
// the polyols, which carry their own factor; erythritol is a polyol with factor 0; salatrim is a fat
// with its own factor.
import { Decimal } from '../shared/decimal-round.js';

/** Annex XIV: [kJ/g, kcal/g]. */
export const ANNEX_XIV: Readonly<Record<keyof EnergyComponents, readonly [string, string]>> = {
  carbohydrate: ['17', '4'], // except polyols
  polyols: ['10', '2.4'], // except erythritol
  protein: ['17', '4'],
  fat: ['37', '9'], // except salatrims
  salatrim: ['25', '6'],
  alcohol: ['29', '7'],
  organic_acids: ['13', '3'],
  fiber: ['8', '2'],
  erythritol: ['0', '0'],
};

/** Unrounded grams of each Annex XIV component (unknown optional components are 0: none declared). */
export interface EnergyComponents {
  fat: Decimal;
  salatrim: Decimal;
  /** Available carbohydrate, polyols included. */
  carbohydrate: Decimal;
  polyols: Decimal;
  erythritol: Decimal;
  protein: Decimal;
  fiber: Decimal;
  alcohol: Decimal;
  organic_acids: Decimal;
}

/** The order the sums add the components in. */
const COMPONENTS = [
  'fat',
  'salatrim',
  'carbohydrate',
  'polyols',
  'erythritol',
  'protein',
  'fiber',
  'alcohol',
  'organic_acids',
] as const satisfies ReadonlyArray<keyof EnergyComponents>;

const nonNegative = (d: Decimal) => Decimal.max(d, 0);

/** kJ and kcal, unrounded. */
export function annexXivEnergy(c: EnergyComponents): { kj: Decimal; kcal: Decimal } {
  // Parts never exceed their whole (validated on ingredients); clamp so summed data can never go negative.
  const salatrim = Decimal.min(c.salatrim, c.fat);
  const polyols = Decimal.min(c.polyols, c.carbohydrate);
  const erythritol = Decimal.min(c.erythritol, polyols);
  const grams: Record<keyof EnergyComponents, Decimal> = {
    fat: nonNegative(c.fat.minus(salatrim)),
    salatrim,
    carbohydrate: nonNegative(c.carbohydrate.minus(polyols)),
    polyols: nonNegative(polyols.minus(erythritol)),
    erythritol,
    protein: c.protein,
    fiber: c.fiber,
    alcohol: c.alcohol,
    organic_acids: c.organic_acids,
  };
  let kj = new Decimal(0);
  let kcal = new Decimal(0);
  for (const component of COMPONENTS) {
    const amount = grams[component];
    const [perGramKj, perGramKcal] = ANNEX_XIV[component];
    kj = kj.plus(amount.mul(perGramKj));
    kcal = kcal.plus(amount.mul(perGramKcal));
  }
  return { kj, kcal };
}
