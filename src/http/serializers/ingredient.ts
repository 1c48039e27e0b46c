// The ingredient's JSON (SEED.md "Ingredient"): stored per-100 g values, unit tables, flags.
import { isHourly, type Ingredient } from '../../core/ingredient.js';
import { NUTRIENTS } from '../../core/nutrients.js';
import { buildUnitsAndGrams, MAX_UNIT_SLOTS, validUnitNames, type Portion } from '../../core/units.js';

const round = (n: number, places = 6) => Number(n.toFixed(places));

interface UnitViews {
  units_and_grams: Record<string, number>;
  valid_units: string[];
}

// Unit tables depend only on the portions (the views are shared: never mutate them); many reads share few distinct portion sets (every
// library flour has "1 cup"), so remember the last few hundred instead of re-parsing per request.
const unitViews = new Map<string, UnitViews>();
const UNIT_VIEW_CACHE_SIZE = 1000;

function unitViewsOf(slots: Ingredient['portions']): UnitViews {
  const cacheKey = JSON.stringify(slots);
  let views = unitViews.get(cacheKey);
  if (!views) {
    const portions = slots.filter((p): p is Portion => p !== null);
    const table = buildUnitsAndGrams(portions);
    views = {
      units_and_grams: Object.fromEntries(Object.entries(table).map(([k, v]) => [k, round(v)])),
      valid_units: validUnitNames(table, portions),
    };
    if (unitViews.size >= UNIT_VIEW_CACHE_SIZE) unitViews.delete(unitViews.keys().next().value!);
    unitViews.set(cacheKey, views);
  }
  return views;
}

type Field = [key: string, value: (ingredient: Ingredient, tags: readonly string[], units: UnitViews) => unknown];

// The response members in order, once: both the object form (lists, other resources) and the text
// form (the single-ingredient read, a hot path) come from this table.
const FIELDS: Field[] = [
  ['id', (i) => i.id],
  ['name', (i) => i.name],
  ['name_fr', (i) => i.name_fr],
  ['recipe_id', (i) => i.recipe_id],
  ['brand', (i) => i.brand],
  ['source', (i) => i.source],
  ['ingredient_list', (i) => i.ingredient_list],
  ['ingredient_list_fr', (i) => i.ingredient_list_fr],
  ['allergens', (i) => i.allergens],
  ['usda_verified', (i) => i.usda_verified],
  ['user_verified', (i) => i.user_verified],
  ['archived', (i) => i.archived],
  ['public', (i) => i.account_id === null],
  ['food', (i) => i.food],
  ['non_food', (i) => i.non_food],
  ['packaging', (i) => i.non_food === 'packaging'],
  ['non_food_hourly', (i) => isHourly(i.non_food)],
  ['safety', (i) => i.non_food === 'safety'],
  ['safety_amount', (i) => i.safety_amount],
  ['subrecipe', (i) => i.subrecipe],
  ['category', (i) => i.category],
  ['fdc_id', (i) => i.fdc_id],
  ['default_unit', (i) => i.portions[0]?.description ?? '1 gram'],
  ['valid_units', (_i, _t, units) => units.valid_units],
  ['units_and_grams', (_i, _t, units) => units.units_and_grams],
  ['tags', (_i, tags) => tags.map((name) => ({ name }))],
  ...Array.from({ length: MAX_UNIT_SLOTS }, (_, n): Field[] => [
    [`description${n + 1}`, (i) => i.portions[n]?.description ?? null],
    [`weight${n + 1}`, (i) => i.portions[n]?.weight ?? null],
  ]).flat(),
  ...NUTRIENTS.map((def): Field => [def.key, (i) => i.nutrients[def.key] ?? null]),
  ['created_at', (i) => i.created_at],
  ['updated_at', (i) => i.updated_at],
];

const KEY_TEXT = FIELDS.map(([key], n) => `${n === 0 ? '' : ','}${JSON.stringify(key)}:`);

export function ingredientJson(ingredient: Ingredient, tags: readonly string[]): Record<string, unknown> {
  const units = unitViewsOf(ingredient.portions);
  const json: Record<string, unknown> = {};
  for (const [key, value] of FIELDS) json[key] = value(ingredient, tags, units);
  return json;
}

/** The same JSON as JSON.stringify(ingredientJson(...)), written directly (no intermediate object). */
export function ingredientJsonText(ingredient: Ingredient, tags: readonly string[]): string {
  const units = unitViewsOf(ingredient.portions);
  let text = '{';
  for (let n = 0; n < FIELDS.length; n++) {
    const value = FIELDS[n]![1](ingredient, tags, units);
    text += KEY_TEXT[n]! + (value === null ? 'null' : typeof value === 'boolean' ? String(value) : typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'null') : JSON.stringify(value));
  }
  return text + '}';
}
