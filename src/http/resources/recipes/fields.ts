// The recipe's response members (docs/api.md#recipes), once: stored fields plus the computed, read-only
// ones (nutrition, statements, weights, costs). RecipeJson (schemas.ts) and the serializer (recipeJson,
// below) are both made from it.
import { Type } from '@sinclair/typebox';
import type { RecipeCostsJson } from '../../../core/costing/json.js';
import type { RecipeResult } from '../../../core/recipe/engine.js';
import { declaredMissing } from '../../../core/recipe/missing.js';
import { isVolumeYield, yieldFactor } from '../../../core/recipe/yield.js';
import { languageTextsView } from '../../../core/language-texts.js';
import { Nullable } from '../shared/common.js';
import { LanguageTextsJson } from '../shared/language-texts.js';
import { Statements } from '../recipe-ingredients/fields.js';
import { fieldsOf, serializerOf } from '../shared/field-table.js';

export type RecipeSource = RecipeResult & { costs?: RecipeCostsJson };

const field = fieldsOf<RecipeSource>();

/** The package yield in its own unit; for "default", the net weight per package expressed in that unit. */
function yieldQuantity(result: RecipeResult): number {
  const { recipe } = result;
  if (recipe.package_yield_quantity !== null) return recipe.package_yield_quantity;
  const unit = recipe.package_yield_unit;
  if (isVolumeYield(unit)) return (result.package_ml ?? 0) / yieldFactor(unit);
  return result.package_grams / yieldFactor(unit);
}

const Nutrients = Type.Record(Type.String(), Nullable(Type.Number()), {
  description: 'null: no food line knows the nutrient (unknown, never zero)',
});
const Allergens = Type.Record(Type.String(), Type.Union([Type.Literal(true), Type.String()]));
const Money = (description: string) => Type.Number({ description });

const Costs = Type.Object(
  {
    ingredients: Money('food and non-food lines (subrecipes at their ingredient cost)'),
    packaging: Money('packaging_cost x packages'),
    labor: Money('labor_cost'),
    overhead: Money('overhead_cost'),
    batch: Money('the whole batch'),
    per_package: Money('batch / packages'),
    per_serving: Money('per_package / servings'),
    cost_date: Type.String({ description: 'YYYY-MM-DD: the date whose active costs were used' }),
    currency: Type.String({ description: "the account's currency (ISO 4217)" }),
    missing_costs: Type.Array(Type.Integer(), { description: 'ids of the ingredients with no active cost on cost_date' }),
    missing_cost_ingredients: Type.Array(
      Type.Object({ id: Type.Integer(), name: Type.Union([Type.String(), Type.Null()]) }, { additionalProperties: false }),
      { description: 'the ingredients of missing_costs with their names, in the same order' },
    ),
  },
  { additionalProperties: false, description: 'docs/api.md#recipes costs: amounts rounded half-up to 4 decimals' },
);

const MissingNutrients = Type.Record(
  Type.String(),
  Type.Array(
    Type.Object(
      {
        ingredient_id: Type.Integer(),
        name: Type.String(),
        grams: Type.Number(),
        recipe_id: Type.Integer(),
      },
      { additionalProperties: false },
    ),
  ),
  {
    description:
      'per label nutrient, the food lines (through subrecipes) whose ingredient has no value; {} when none (docs/api.md#unknown-is-never-zero)',
  },
);

export const RECIPE_FIELDS = {
  id: field(Type.Integer(), (r) => r.recipe.id),
  name: field(Type.String(), (r) => r.recipe.name),
  name_fr: field(Nullable(Type.String()), (r) => r.recipe.name_fr),
  sku: field(Nullable(Type.String()), (r) => r.recipe.sku),
  preparation: field(Nullable(Type.String()), (r) => r.recipe.preparation),
  subrecipe_name: field(Nullable(Type.String()), (r) => r.recipe.subrecipe_name),
  package_yield_quantity: field(Type.Number(), yieldQuantity),
  package_yield_unit: field(Type.String(), (r) => r.recipe.package_yield_unit),
  package_yield_default: field(Type.Boolean(), (r) => r.recipe.package_yield_quantity === null),
  servings: field(Type.Number(), (r) => r.recipe.servings),
  packages: field(Type.Number(), (r) => r.recipe.packages),
  suggested_serving: field(Nullable(Type.String()), (r) => r.recipe.suggested_serving),
  visual_unit_of_measure: field(Nullable(Type.String()), (r) => r.recipe.visual_unit_of_measure),
  prepared_serving_note: field(Nullable(Type.String()), (r) => r.recipe.prepared_serving_note),
  ingredient_list: field(Nullable(Type.String()), (r) => r.statements['en-US'] ?? null),
  ingredient_list_fr: field(Nullable(Type.String()), (r) => r.statements['fr-CA'] ?? null),
  ingredient_list_default: field(Type.Boolean(), (r) => r.recipe.ingredient_list === null),
  names: field(LanguageTextsJson('names by label language (fr is name_fr), docs/api.md#label-languages'), (r) =>
    languageTextsView(r.recipe.name_fr, r.recipe.names),
  ),
  ingredient_lists: field(
    LanguageTextsJson(
      'custom statements by label language as set (fr is the custom French one); the statements printed are ingredient_statements',
    ),
    (r) => languageTextsView(r.recipe.ingredient_list_fr, r.recipe.ingredient_lists),
  ),
  ingredient_statements: field(Statements, (r) => r.statements),
  labor_cost: field(Nullable(Type.Number()), (r) => r.recipe.labor_cost),
  overhead_cost: field(Nullable(Type.Number()), (r) => r.recipe.overhead_cost),
  packaging_cost: field(Nullable(Type.Number()), (r) => r.recipe.packaging_cost),
  tags: field(Type.Array(Type.String()), (r) => r.recipe.tags),
  allergens: field(Allergens, (r) => r.allergens),
  recipe_allergens: field(Allergens, (r) => r.recipe.allergens),
  label_settings: field(Type.Object({}, { additionalProperties: true, description: 'docs/api.md#labels' }), (r) => r.recipe.label_settings),
  embed_token: field(Type.String(), (r) => r.recipe.embed_token),
  primary_label: field(Type.String(), (r) => `/v1/labels/${r.recipe.embed_token}`),
  archived: field(Type.Boolean(), (r) => r.recipe.archived),
  empty: field(Type.Boolean({ description: 'no food line with weight' }), (r) => r.empty),
  recipe_ingredients_count: field(Type.Integer(), (r) => r.lines.length),
  total_grams: field(Type.Number(), (r) => r.total_grams),
  net_grams: field(Type.Number(), (r) => r.net_grams),
  package_grams: field(Type.Number(), (r) => r.package_grams),
  serving_grams: field(Type.Number(), (r) => r.serving_grams),
  package_ml: field(Nullable(Type.Number()), (r) => r.package_ml),
  serving_ml: field(Nullable(Type.Number()), (r) => r.serving_ml),
  nutrition: field(Nutrients, (r) => r.nutrition),
  nutrition_per_100g: field(Nutrients, (r) => r.nutrition_per_100g),
  // docs/api.md#unknown-is-never-zero: unknown is not zero; nutrition sums the known values, this names the rest.
  missing_nutrients: field(MissingNutrients, (r) => declaredMissing(r.missing, r.recipe.label_settings.optional_nutrients)),
  costs: field(Nullable(Costs), (r) => r.costs ?? null),
  created_at: field(Type.String(), (r) => r.recipe.created_at),
  updated_at: field(Type.String(), (r) => r.recipe.updated_at),
};

/** The recipe's JSON (docs/api.md#recipes). */
export const recipeJson = serializerOf(RECIPE_FIELDS);
