// The ingredient's JSON (SEED.md "Ingredient"): stored per-100 g values, unit tables, flags.
import { isHourly, nutrientView, type Ingredient } from '../../core/ingredient.js';
import { buildUnitsAndGrams, MAX_UNIT_SLOTS, validUnitNames, type Portion } from '../../core/units.js';

const round = (n: number, places = 6) => Number(n.toFixed(places));

interface UnitViews {
  units_and_grams: Record<string, number>;
  valid_units: string[];
}

// Unit tables depend only on the portions; many reads share few distinct portion sets (every
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

export function ingredientJson(ingredient: Ingredient, tags: readonly string[]): Record<string, unknown> {
  const units = unitViewsOf(ingredient.portions);
  const json: Record<string, unknown> = {
    id: ingredient.id,
    name: ingredient.name,
    name_fr: ingredient.name_fr,
    recipe_id: ingredient.recipe_id,
    brand: ingredient.brand,
    source: ingredient.source,
    ingredient_list: ingredient.ingredient_list,
    ingredient_list_fr: ingredient.ingredient_list_fr,
    allergens: ingredient.allergens,
    usda_verified: ingredient.usda_verified,
    user_verified: ingredient.user_verified,
    archived: ingredient.archived,
    public: ingredient.account_id === null,
    food: ingredient.food,
    non_food: ingredient.non_food,
    packaging: ingredient.non_food === 'packaging',
    non_food_hourly: isHourly(ingredient.non_food),
    safety: ingredient.non_food === 'safety',
    safety_amount: ingredient.safety_amount,
    subrecipe: ingredient.subrecipe,
    category: ingredient.category,
    fdc_id: ingredient.fdc_id,
    default_unit: ingredient.portions[0]?.description ?? '1 gram',
    valid_units: [...units.valid_units],
    units_and_grams: { ...units.units_and_grams },
    tags: tags.map((name) => ({ name })),
  };
  for (let slot = 1; slot <= MAX_UNIT_SLOTS; slot++) {
    const portion = ingredient.portions[slot - 1] ?? null;
    json[`description${slot}`] = portion?.description ?? null;
    json[`weight${slot}`] = portion?.weight ?? null;
  }
  Object.assign(json, nutrientView(ingredient));
  json.created_at = ingredient.created_at;
  json.updated_at = ingredient.updated_at;
  return json;
}
