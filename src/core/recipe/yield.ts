// Package yield units (docs/api.md#recipes: grams, ounces, mL, fluid ounces) and their conversion.
import { must } from '../../lib/must.js';
import { STANDARD_UNITS } from '../units.js';
import { YIELD_UNITS, type YieldUnit } from './types.js';

const factorOf = (name: string) =>
  must(
    STANDARD_UNITS.find((u) => u.name === name),
    `the standard unit ${name}`,
  ).factor;

// Same US customary factors as ingredient units (src/core/units.ts): oz 28.349523125 g, fl oz 29.5735295625 mL.
const YIELD_FACTORS: Record<YieldUnit, { kind: 'mass' | 'volume'; factor: number }> = {
  grams: { kind: 'mass', factor: 1 },
  ounces: { kind: 'mass', factor: factorOf('oz') },
  mL: { kind: 'volume', factor: 1 },
  'fluid ounces': { kind: 'volume', factor: factorOf('fl oz') },
};

const ALIASES: Record<string, YieldUnit> = {
  grams: 'grams',
  gram: 'grams',
  g: 'grams',
  ounces: 'ounces',
  ounce: 'ounces',
  oz: 'ounces',
  ml: 'mL',
  milliliters: 'mL',
  millilitres: 'mL',
  milliliter: 'mL',
  millilitre: 'mL',
  'fluid ounces': 'fluid ounces',
  'fluid ounce': 'fluid ounces',
  'fl oz': 'fluid ounces',
  'fl. oz.': 'fluid ounces',
  'fl. oz': 'fluid ounces',
};

/** "oz" -> "ounces", "ml" -> "mL"; undefined when the text is not a yield unit. */
export function yieldUnitOf(text: string): YieldUnit | undefined {
  return ALIASES[text.trim().replace(/\s+/g, ' ').toLowerCase()];
}

export const YIELD_UNIT_LIST = YIELD_UNITS.join(', ');

export function isVolumeYield(unit: YieldUnit): boolean {
  return YIELD_FACTORS[unit].kind === 'volume';
}

/** Grams (mass units) or millilitres (volume units) in one unit. */
export function yieldFactor(unit: YieldUnit): number {
  return YIELD_FACTORS[unit].factor;
}
