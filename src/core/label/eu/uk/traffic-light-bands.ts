// The colour bands of the UK's voluntary front-of-pack "traffic light" label: Department of Health /
// Food Standards Agency, "Guide to creating a front of pack (FoP) nutrition label for pre-packed
// products sold through retail outlets" (November 2016). A nutrient is LOW (green), MEDIUM (amber) or
// HIGH (red) by its amount per 100 g of food as sold, tested on the UNROUNDED amount (the declared
// figure is rounded afterwards, Regulation (EU) 1169/2011 and the Commission's 2012 tolerance guidance).
// Salt is sodium x 2.5 (Regulation (EU) 1169/2011 Annex I(1)). Energy has no colour in the scheme.
//
// Only the food bands are taken: the drink bands (per 100 mL) and the portion-size rule for red are
// not confirmed from the guide here (docs/labeling.md#eu-uk). Drinks are therefore never coloured, and the
// portion rule is a named setting, off unless the account turns it on.
import { dec, type Numeric } from '../../shared/decimal-round.js';

export type TrafficLightNutrient = 'fat' | 'fat_saturated' | 'sugar' | 'salt';
export type TrafficLightLevel = 'low' | 'medium' | 'high';
export type TrafficLightColour = 'green' | 'amber' | 'red';

export const TRAFFIC_LIGHT_NUTRIENTS: readonly TrafficLightNutrient[] = ['fat', 'fat_saturated', 'sugar', 'salt'];

export const COLOUR_OF: Readonly<Record<TrafficLightLevel, TrafficLightColour>> = { low: 'green', medium: 'amber', high: 'red' };

/** Per 100 g of food: low at most `lowMax`; high above `highAbove`; medium between. Grams. */
export interface FoodBand {
  lowMax: string;
  highAbove: string;
}

/** DH/FSA FoP guide (2016), food per 100 g: fat <= 3 / > 17.5; saturates <= 1.5 / > 5; sugars <= 5 / > 22.5; salt <= 0.3 / > 1.5. */
export const UK_FOOD_BANDS_PER_100G: Readonly<Record<TrafficLightNutrient, FoodBand>> = {
  fat: { lowMax: '3', highAbove: '17.5' },
  fat_saturated: { lowMax: '1.5', highAbove: '5' },
  sugar: { lowMax: '5', highAbove: '22.5' },
  salt: { lowMax: '0.3', highAbove: '1.5' },
};

/** The level of an unrounded amount per 100 g of food. */
export function foodLevel(nutrient: TrafficLightNutrient, per100g: Numeric): TrafficLightLevel {
  const band = UK_FOOD_BANDS_PER_100G[nutrient];
  const v = dec(per100g);
  if (v.lte(band.lowMax)) return 'low';
  return v.gt(band.highAbove) ? 'high' : 'medium';
}

/**
 * The portion-size rule for red (label_settings.uk_large_portion_rule, default off; unconfirmed from the
 * guide): for a portion above 100 g, red also when the portion holds more than 30 % of the adult
 * reference intake (Regulation (EU) 1169/2011 Annex XIII Part B: fat 70 g, saturates 20 g, sugars 90 g,
 * salt 6 g, so more than 21 g, 6 g, 27 g, 1.8 g).
 */
export const UK_LARGE_PORTION_GRAMS = '100';
export const UK_LARGE_PORTION_RED_PER_PORTION: Readonly<Record<TrafficLightNutrient, string>> = {
  fat: '21',
  fat_saturated: '6',
  sugar: '27',
  salt: '1.8',
};

export function largePortionIsRed(nutrient: TrafficLightNutrient, portionGrams: Numeric, perPortion: Numeric): boolean {
  return dec(portionGrams).gt(UK_LARGE_PORTION_GRAMS) && dec(perPortion).gt(UK_LARGE_PORTION_RED_PER_PORTION[nutrient]);
}
