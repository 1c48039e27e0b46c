// The UK's voluntary front-of-pack nutrition panel (DH/FSA "Guide to creating a front of pack (FoP)
// nutrition label for pre-packed products sold through retail outlets", November 2016): energy, fat,
// saturates, sugars and salt per portion with their %RI (Regulation (EU) 1169/2011 Art. 33(1)-(2),
// Annex XIII Part B), fat to salt coloured by their per-100 g amounts (./traffic-light-bands.ts), and
// energy per 100 g beside it (Art. 33(2): a per-portion front-of-pack repeat gives energy per 100 g too).
// Unknown is never coloured: a box whose amount rests on unknown values says so and the panel is incomplete.
import type { Decimal } from '../../shared/decimal-round.js';
import type { UkFrontOfPackNutrient, UkFrontOfPackValue } from '../../shared/model.js';
import { EU_REFERENCE_INTAKES, percentOfReference } from '../reference-intakes.js';
import { euBandsFor, euNumber, roundEu } from '../rounding.js';
import { COLOUR_OF, foodLevel, largePortionIsRed, TRAFFIC_LIGHT_NUTRIENTS, type TrafficLightNutrient } from './traffic-light-bands.js';

export interface UkFrontOfPackInput {
  /** Unrounded amounts per 100 g (or 100 mL) as the declaration states them, grams, EU row keys (salt from sodium x 2.5). */
  per100: (key: TrafficLightNutrient) => Decimal;
  /** Unrounded amounts per 100 g, which the colour bands are set in, whatever the declaration's basis. */
  per100g: (key: TrafficLightNutrient) => Decimal;
  /** Unrounded amounts per portion, from the per-100 amounts. */
  perPortion: (key: TrafficLightNutrient) => Decimal;
  energyPer100: { kj: Decimal; kcal: Decimal };
  energyPerPortion: { kj: Decimal; kcal: Decimal };
  /** The portion as the label states it. */
  portion: Decimal;
  unit: 'g' | 'mL';
  /** A drink (label_settings.food_kind beverage): the drink bands are not modelled, nothing is coloured. */
  drink: boolean;
  /** A row's amount rests on unknown, not accepted, values (docs/api.md#trust-and-completeness). */
  unknown: (key: UkFrontOfPackNutrient['key']) => boolean;
  largePortionRule: boolean;
}

const NAMES: Readonly<Record<UkFrontOfPackNutrient['key'], string>> = {
  energy: 'Energy',
  fat: 'Fat',
  fat_saturated: 'Saturates',
  sugar: 'Sugars',
  salt: 'Salt',
};

/** Rounded as the declaration rounds (Commission guidance 2012), the unit set close as packs print it. */
function declared(key: TrafficLightNutrient, amount: Decimal): { amount: number; display: string } {
  const r = roundEu(amount, euBandsFor(key), false);
  return { amount: r.amount, display: `${r.text}g` };
}

function energyBox(input: UkFrontOfPackInput): UkFrontOfPackNutrient {
  const base = { key: 'energy' as const, name: NAMES.energy, level: null, colour: null, uncoloured: null };
  if (input.unknown('energy')) {
    return { ...base, per_portion: null, kj: null, kcal: null, percent_ri: null, percent_ri_display: null, per_100: null };
  }
  const bands = euBandsFor('energy');
  const kj = roundEu(input.energyPerPortion.kj, bands, false);
  const kcal = roundEu(input.energyPerPortion.kcal, bands, false);
  const kj100 = roundEu(input.energyPer100.kj, bands, false);
  const kcal100 = roundEu(input.energyPer100.kcal, bands, false);
  // %RI of energy from kcal against 2 000 kcal (the engine's basis, docs/labeling.md).
  const ri = percentOfReference(input.energyPerPortion.kcal, EU_REFERENCE_INTAKES.energy);
  return {
    ...base,
    per_portion: { amount: kcal.amount, display: `${kj.text}kJ ${kcal.text}kcal` },
    kj: kj.amount,
    kcal: kcal.amount,
    percent_ri: ri.value,
    percent_ri_display: ri.display,
    per_100: { amount: kcal100.amount, display: `${kj100.text}kJ / ${kcal100.text}kcal` },
  };
}

function nutrientBox(input: UkFrontOfPackInput, key: TrafficLightNutrient): UkFrontOfPackNutrient {
  if (input.unknown(key)) {
    return {
      key,
      name: NAMES[key],
      per_portion: null,
      percent_ri: null,
      percent_ri_display: null,
      per_100: null,
      level: null,
      colour: null,
      uncoloured: 'unknown',
    };
  }
  const per100 = input.per100(key);
  const perPortion = input.perPortion(key);
  const ri = percentOfReference(perPortion, EU_REFERENCE_INTAKES[key]);
  const box = {
    key,
    name: NAMES[key],
    per_portion: declared(key, perPortion),
    percent_ri: ri.value,
    percent_ri_display: ri.display,
    per_100: declared(key, per100),
  };
  if (input.drink) return { ...box, level: null, colour: null, uncoloured: 'drink_bands_unconfirmed' };
  let level = foodLevel(key, input.per100g(key));
  if (input.largePortionRule && largePortionIsRed(key, input.portion, perPortion)) level = 'high';
  return { ...box, level, colour: COLOUR_OF[level], uncoloured: null };
}

export function buildUkFrontOfPack(input: UkFrontOfPackInput, riStatement: string): UkFrontOfPackValue {
  const energy = energyBox(input);
  const nutrients = [energy, ...TRAFFIC_LIGHT_NUTRIENTS.map((key) => nutrientBox(input, key))];
  const portionText = `${euNumber(input.portion, input.portion.decimalPlaces(), false)}${input.unit}`;
  const energy100 = energy.per_100;
  return {
    scheme: 'uk_traffic_light',
    heading: `Each portion (${portionText}) contains`,
    portion: { amount: input.portion.toNumber(), unit: input.unit, display: portionText },
    nutrients,
    ri_line: "of an adult's reference intake",
    per_100_line: `Typical values (as sold) per 100${input.unit}: Energy ${energy100 ? energy100.display : 'unknown'}`,
    ri_statement: riStatement,
    large_portion_rule: input.largePortionRule,
    complete: nutrients.every((n) => n.per_portion !== null && (n.key === 'energy' || n.colour !== null)),
  };
}
