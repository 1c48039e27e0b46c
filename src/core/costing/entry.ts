// One ingredient cost entry (API.md §5): the write rules and the unit rate it implies.
// cost per gram = (price + shipping) / (quantity x grams per unit); for hourly items (labor,
// other_hourly: API.md §7 "Non-food items") cost per hour = (price + shipping) / (quantity x hours per unit).
import { isHourly, type NonFoodKind } from '../ingredient.js';
import { numberOf } from '../recipe/rules.js';
import { unknownUnitMessage } from '../recipe/lines.js';
import { parseDescription, resolveUnitKey } from '../units.js';
import { DATE_MESSAGE, parseCostDate } from './dates.js';
import { Money, type Money as MoneyValue } from './money.js';

export interface CostEntry {
  /** YYYY-MM-DD. */
  effective_at: string;
  quantity: number;
  /** A key of the ingredient's units_and_grams. */
  unit: string;
  price: number;
  shipping: number;
}

/** What the rules need to know of the ingredient a cost is for. */
export interface CostedIngredient {
  name: string;
  non_food: NonFoodKind | null;
  subrecipe: boolean;
  unitsAndGrams: Record<string, number>;
}

export type CostInput = Partial<Record<keyof CostEntry, unknown>>;

export type CostWriteResult = { ok: true; entry: CostEntry } | { ok: false; errors: Record<string, string[]> };

const HOUR_KEY = '1 hour';

export const SUBRECIPE_MESSAGE = 'is a subrecipe ingredient: its cost comes from its recipe, so it cannot have costs of its own';
export const UNREADABLE_MESSAGE = 'does not name an ingredient this account can read';

/**
 * Applies a create (existing = null: ingredient_id's ingredient given, unit and effective_at required,
 * quantity/price/shipping default 0) or an update (unsent members unchanged). Reports every failed rule.
 * `ingredient` is null when the body's ingredient_id names nothing the caller may read.
 */
export function applyCostWrite(
  ingredient: CostedIngredient | null,
  existing: CostEntry | null,
  input: CostInput,
  priorErrors: Record<string, string[]> = {},
): CostWriteResult {
  const errors: Record<string, string[]> = structuredClone(priorErrors);
  const fail = (field: string, message: string) => {
    if (!errors[field]?.includes(message)) (errors[field] ??= []).push(message);
  };
  const sent = (field: keyof CostEntry) => input[field] !== undefined && input[field] !== null && input[field] !== '';

  if (ingredient === null) fail('ingredient_id', UNREADABLE_MESSAGE);
  else if (ingredient.subrecipe) fail('ingredient_id', SUBRECIPE_MESSAGE);

  let effectiveAt = existing?.effective_at;
  if (sent('effective_at')) {
    effectiveAt = parseCostDate(input.effective_at);
    if (effectiveAt === undefined) fail('effective_at', DATE_MESSAGE);
  } else if (existing === null || input.effective_at === null || input.effective_at === '') {
    fail('effective_at', "can't be blank");
  }

  let unit = existing?.unit;
  if (sent('unit')) {
    unit = undefined;
    if (typeof input.unit !== 'string') fail('unit', 'must be a string');
    else if (ingredient) {
      unit = resolveUnitKey(ingredient.unitsAndGrams, input.unit);
      if (unit === undefined) fail('unit', unknownUnitMessage(input.unit, ingredient.name, ingredient.unitsAndGrams));
    }
  } else if (existing === null || input.unit === null || input.unit === '') {
    fail('unit', "can't be blank");
  }
  if (unit !== undefined && ingredient && isHourly(ingredient.non_food) && hoursIn(ingredient.unitsAndGrams, unit) === undefined) {
    const timeKeys = Object.keys(ingredient.unitsAndGrams).filter((k) => hoursIn(ingredient.unitsAndGrams, k) !== undefined);
    fail('unit', timeKeys.length > 0
      ? `must be a time unit for an hourly item (${timeKeys.join(', ')})`
      : `${ingredient.name} is an hourly item without a time unit; describe it in time ("1 hour") before pricing it`);
  }

  const amount = (field: 'quantity' | 'price' | 'shipping'): number | undefined => {
    if (!sent(field)) return input[field] === undefined ? existing?.[field] ?? 0 : 0;
    const n = numberOf(input[field]);
    if (n === undefined) fail(field, 'must be a number');
    else if (n < 0) fail(field, 'must be greater than or equal to 0');
    else return n;
    return undefined;
  };
  const quantity = amount('quantity');
  const price = amount('price');
  const shipping = amount('shipping');
  if (quantity === 0 && ((price ?? 0) > 0 || (shipping ?? 0) > 0)) {
    fail('quantity', 'must be greater than 0 when a price or shipping is set (the cost per unit would be undefined)');
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, entry: { effective_at: effectiveAt!, unit: unit!, quantity: quantity!, price: price!, shipping: shipping! } };
}

/** Hours in one of `key` (src/core/units.ts hoursPerUnit, in decimal); undefined when it is not a time unit. */
export function hoursIn(unitsAndGrams: Record<string, number>, key: string): MoneyValue | undefined {
  const perHour = unitsAndGrams[HOUR_KEY];
  const grams = unitsAndGrams[key];
  if (perHour === undefined || perHour <= 0 || grams === undefined) return undefined;
  // Only keys on the time scale are hours: the mass units every item has ("1 gram") are not.
  if (key !== HOUR_KEY && !isTimeKey(key)) return undefined;
  return new Money(grams).div(perHour);
}

function isTimeKey(key: string): boolean {
  return parseDescription(key)?.standard?.kind === 'time';
}

export type RateBasis = 'gram' | 'hour';

/** What one gram (or one hour, for hourly items) of the ingredient costs under this entry. */
export interface UnitRate {
  basis: RateBasis;
  rate: MoneyValue;
}

/**
 * The entry's rate; undefined when it cannot be computed any more (its unit was removed from the
 * ingredient since, or a zero quantity carries a price). A free entry (price and shipping 0) is 0.
 */
export function unitRate(entry: CostEntry, unitsAndGrams: Record<string, number>, hourly: boolean): UnitRate | undefined {
  const total = new Money(entry.price).plus(entry.shipping);
  const perUnit = hourly ? hoursIn(unitsAndGrams, entry.unit) : gramsIn(unitsAndGrams, entry.unit);
  if (perUnit === undefined) return undefined;
  const measure = perUnit.times(entry.quantity);
  const basis: RateBasis = hourly ? 'hour' : 'gram';
  if (total.isZero()) return { basis, rate: new Money(0) };
  if (measure.lte(0)) return undefined;
  return { basis, rate: total.div(measure) };
}

function gramsIn(unitsAndGrams: Record<string, number>, key: string): MoneyValue | undefined {
  const grams = unitsAndGrams[key];
  return grams === undefined ? undefined : new Money(grams);
}
