// A recipe ingredient's JSON (SEED.md "Recipe ingredient"): the amount, the ingredient's label text per
// language, gross and net grams, and (single object only) the ingredient's units_and_grams.
import type { LineResult } from '../../core/recipe/engine.js';

const round = (n: number, places = 6) => Number(n.toFixed(places));

export function recipeIngredientJson(result: LineResult, options: { withUnits: boolean }): Record<string, unknown> {
  const { line, effective } = result;
  const ingredient = effective.ingredient;
  const json: Record<string, unknown> = {
    id: line.id,
    recipe_id: line.recipe_id,
    ingredient_id: line.ingredient_id,
    name: ingredient.name,
    quantity: line.quantity,
    unit: line.unit,
    waste: line.waste,
    food: ingredient.food,
    non_food: ingredient.non_food,
    subrecipe: ingredient.subrecipe,
    display_text: result.display_text,
    // SEED.md: obsolete, equals display_text['en-US'].
    display_as: result.display_text['en-US'],
    total_grams: result.gross_grams,
    net_grams: result.net_grams,
  };
  if (options.withUnits) {
    json.units_and_grams = Object.fromEntries(Object.entries(effective.unitsAndGrams).map(([k, v]) => [k, round(v)]));
  }
  json.created_at = line.created_at;
  json.updated_at = line.updated_at;
  return json;
}
