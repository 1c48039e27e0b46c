// The recipe's JSON (SEED.md "Recipe", API.md §3): stored fields plus the computed, read-only members.
import type { RecipeCostsJson } from '../../core/costing/json.js';
import type { RecipeResult } from '../../core/recipe/engine.js';
import { isVolumeYield, yieldFactor } from '../../core/recipe/yield.js';

/** The package yield in its own unit; for "default", the net weight per package expressed in that unit. */
function yieldQuantity(result: RecipeResult): number {
  const { recipe } = result;
  if (recipe.package_yield_quantity !== null) return recipe.package_yield_quantity;
  const unit = recipe.package_yield_unit;
  if (isVolumeYield(unit)) return (result.package_ml ?? 0) / yieldFactor(unit);
  return result.package_grams / yieldFactor(unit);
}

export function recipeJson(result: RecipeResult & { costs?: RecipeCostsJson }): Record<string, unknown> {
  const r = result.recipe;
  return {
    id: r.id,
    name: r.name,
    name_fr: r.name_fr,
    sku: r.sku,
    preparation: r.preparation,
    subrecipe_name: r.subrecipe_name,
    package_yield_quantity: yieldQuantity(result),
    package_yield_unit: r.package_yield_unit,
    package_yield_default: r.package_yield_quantity === null,
    servings: r.servings,
    packages: r.packages,
    suggested_serving: r.suggested_serving,
    visual_unit_of_measure: r.visual_unit_of_measure,
    prepared_serving_note: r.prepared_serving_note,
    ingredient_list: result.statements['en-US'],
    ingredient_list_fr: result.statements['fr-CA'],
    ingredient_list_default: r.ingredient_list === null,
    ingredient_statements: result.statements,
    labor_cost: r.labor_cost,
    overhead_cost: r.overhead_cost,
    packaging_cost: r.packaging_cost,
    tags: r.tags,
    allergens: result.allergens,
    recipe_allergens: r.allergens,
    label_settings: r.label_settings,
    embed_token: r.embed_token,
    primary_label: `/v1/labels/${r.embed_token}`,
    archived: r.archived,
    empty: result.empty,
    recipe_ingredients_count: result.lines.length,
    total_grams: result.total_grams,
    net_grams: result.net_grams,
    package_grams: result.package_grams,
    serving_grams: result.serving_grams,
    package_ml: result.package_ml,
    serving_ml: result.serving_ml,
    nutrition: result.nutrition,
    nutrition_per_100g: result.nutrition_per_100g,
    costs: result.costs ?? null,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}
