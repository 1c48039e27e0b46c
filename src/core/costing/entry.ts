// One ingredient cost entry (docs/api.md#costs): the write rules and the unit rate it implies.
// cost per gram = (price + shipping) / (quantity x grams per unit); for hourly items (labor,
// other_hourly: docs/api.md#unit-keys, described in time) cost per hour = (price + shipping) / (quantity x hours per unit).
import { isHourly, type NonFoodKind } from '../ingredient.js';
import { MONEY, QUANTITY, rangeError } from '../bounds.js';
import { numberOf } from '../recipe/rules.js';
import { unknownUnitMessage } from '../recipe/lines.js';
import { parseDescription, resolveUnitKey } from '../units.js';
import { DATE_MESSAGE, parseCostDate } from './dates.js';
import { Money } from './money.js';

export interface CostEntry {
  /** YYYY-MM-DD. */
  effective_at: string;
  quantity: number;
  /** A key of the ingredient's units_and_grams. */
  unit: string;
  price: number;
  shipping: number;
}

/** A stored entry (docs/api.md#costs fields, before the computed rate). */
export interface IngredientCost extends CostEntry {
  id: number;
  account_id: number;
  ingredient_id: number;
  created_at: string;
  updated_at: string;
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

  if (ingredient === null) {
    if (!errors.ingredient_id) fail('ingredient_id', UNREADABLE_MESSAGE);
  } else if (ingredient.subrecipe) fail('ingredient_id', SUBRECIPE_MESSAGE);

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
  if (unit !== undefined && ingredient && isHourly(ingredient.non_food) && minutesIn(ingredient.unitsAndGrams, unit) === undefined) {
    const timeKeys = Object.keys(ingredient.unitsAndGrams).filter((k) => minutesIn(ingredient.unitsAndGrams, k) !== undefined);
    fail(
      'unit',
      timeKeys.length > 0
        ? `must be a time unit for an hourly item (${timeKeys.join(', ')})`
        : `${ingredient.name} is an hourly item without a time unit; describe it in time ("1 hour") before pricing it`,
    );
  }

  const amount = (field: 'quantity' | 'price' | 'shipping'): number | undefined => {
    if (!sent(field)) return input[field] === undefined ? (existing?.[field] ?? 0) : 0;
    const n = numberOf(input[field]);
    const outOfRange = n === undefined ? null : rangeError(n, field === 'quantity' ? QUANTITY : MONEY);
    if (n === undefined) fail(field, 'must be a number');
    else if (outOfRange) fail(field, outOfRange);
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
  // Each field is left undefined only where an error was recorded above.
  if (effectiveAt === undefined || unit === undefined || quantity === undefined || price === undefined || shipping === undefined) {
    throw new Error('internal error: a cost entry field is missing without a validation error');
  }
  return { ok: true, entry: { effective_at: effectiveAt, unit, quantity, price, shipping } };
}

// Exactness: time is measured in whole minutes (1/60 of an hour has no finite decimal), and every
// rate is a quotient rounded at the 40th place, whose noise toAmount cleans before the money rounding,
// so a cost that is a terminating decimal comes out exact, ties included (30 minutes at $15/h is 7.5).
const MINUTES: Record<string, number> = { hour: 60, minute: 1 };

/** Minutes in one of `key` when it is a time unit of the item ("1 hour", "15 minutes"); else undefined. */
export function minutesIn(unitsAndGrams: Record<string, number>, key: string): Money | undefined {
  if (unitsAndGrams[key] === undefined) return undefined;
  const parsed = parseDescription(key);
  if (parsed?.standard?.kind !== 'time') return undefined;
  const perUnit = MINUTES[parsed.standard.name];
  return perUnit === undefined ? undefined : Money.of(parsed.quantity).times(perUnit);
}

/** What one of `key` measures: minutes for hourly items, grams (the item's own scale) for the rest. */
export function unitMeasure(unitsAndGrams: Record<string, number>, key: string, hourly: boolean): Money | undefined {
  if (hourly) return minutesIn(unitsAndGrams, key);
  const grams = unitsAndGrams[key];
  return grams === undefined ? undefined : Money.of(grams);
}

/** An entry as a price over a measure: `total` buys `measure` grams (or minutes, for hourly items). */
export interface CostBasis {
  hourly: boolean;
  total: Money;
  measure: Money;
  /** total / measure (0 for a free entry): divided once per ingredient, not once per line. */
  rate: Money;
}

/**
 * The entry's basis; undefined when it cannot price anything any more (its unit was removed from the
 * ingredient since, or a zero quantity carries a price).
 */
export function costBasis(entry: CostEntry, unitsAndGrams: Record<string, number>, hourly: boolean): CostBasis | undefined {
  const perUnit = unitMeasure(unitsAndGrams, entry.unit, hourly);
  if (perUnit === undefined) return undefined;
  const total = Money.of(entry.price).plus(Money.of(entry.shipping));
  const measure = perUnit.times(entry.quantity);
  if (measure.sign() <= 0 && !total.isZero()) return undefined;
  return { hourly, total, measure, rate: total.isZero() ? Money.ZERO : total.div(measure) };
}

/** The cost of `amount` grams (minutes for hourly items) under a basis. */
export function costOf(basis: CostBasis, amount: Money): Money {
  return basis.rate.times(amount);
}

export type RateBasis = 'gram' | 'hour';

/** What one gram (or one hour, for hourly items) of the ingredient costs under this entry. */
export interface UnitRate {
  basis: RateBasis;
  rate: Money;
}

/** The entry's rate for display (cost_per_gram / cost_per_hour); a free entry is 0. */
export function unitRate(entry: CostEntry, unitsAndGrams: Record<string, number>, hourly: boolean): UnitRate | undefined {
  const basis = costBasis(entry, unitsAndGrams, hourly);
  if (!basis) return undefined;
  return { basis: hourly ? 'hour' : 'gram', rate: costOf(basis, Money.of(hourly ? 60 : 1)) };
}
