// The recipe and its lines as requests send them and responses return them (SEED.md "Recipe", "Recipe
// ingredient"; API.md §3, §4, §6 label_settings). Rules beyond types live in src/core/recipe/.
import { Type, type TProperties } from '@sinclair/typebox';
import { LABEL_FORMATS } from '../../core/recipe/label-settings.js';
import { YIELD_UNIT_LIST } from '../../core/recipe/yield.js';
import { Nullable, Text } from './common.js';

const Amount = (description?: string) => Nullable(Type.Number({ minimum: 0, description }));

const Tags = Nullable(Type.Union([Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 }), Type.String({ maxLength: 2000 })], {
  description: 'a list of strings, or one comma-separated string',
}));

const LabelSettingsBody = Nullable(Type.Partial(Type.Object({
  language: Nullable(Type.String({ description: 'en-US, en-CA or fr-CA' })),
  format: Nullable(Type.String({ description: LABEL_FORMATS.join(', ') })),
  dv_population: Nullable(Type.String({ description: 'adult or children_1_3' })),
  percent_dv_basis: Nullable(Type.String({ description: 'declared or unrounded' })),
  optional_nutrients: Nullable(Type.Array(Type.String(), { maxItems: 100, description: 'nutrient keys' })),
  racc_grams: Nullable(Type.Number({ exclusiveMinimum: 0 })),
  reference_amount_grams: Nullable(Type.Number({ exclusiveMinimum: 0 })),
  dual_column_titles: Nullable(Type.Array(Type.String({ maxLength: 100 }), { description: 'two titles' })),
  main_dish: Nullable(Type.Boolean()),
  front_of_pack_exemption: Nullable(Type.String({ maxLength: 200 })),
}, { description: 'API.md §6; members sent are merged into the saved settings (null removes one; null or "" for the whole object clears it)' })));

const recipeWritable = (): TProperties => ({
  name: Text(255, 'required on create'),
  name_fr: Text(255, 'French name (fr-CA statements of recipes using this one as a subrecipe)'),
  sku: Text(255),
  preparation: Text(20000),
  subrecipe_name: Text(255, 'name of the ingredient create_subrecipe makes'),
  package_yield_quantity: Type.Unknown({ description: 'finished weight (or volume) of one package, >= 0, or "default" (net ingredient weight / packages)' }),
  package_yield_unit: Text(50, YIELD_UNIT_LIST),
  servings: Type.Number({ minimum: 1, description: 'servings per package, >= 1' }),
  packages: Type.Number({ minimum: 0, description: 'packages per batch, >= 0 (0 counts as 1)' }),
  suggested_serving: Text(255, 'household serving shown on the label, e.g. "2/3 cup"'),
  visual_unit_of_measure: Text(255),
  prepared_serving_note: Text(255),
  ingredient_list: Text(10000, 'custom ingredient statement; "default" regenerates it from the lines'),
  ingredient_list_fr: Text(10000, 'custom French statement; "default" regenerates it'),
  labor_cost: Amount('per batch'),
  overhead_cost: Amount('per batch'),
  packaging_cost: Amount('per package'),
  tags: Tags,
  tag_list: Nullable(Type.String({ maxLength: 2000, description: 'comma-separated tags' })),
  allergens: Nullable(Type.Object({}, { additionalProperties: true, description: "the recipe's own allergens; the ingredients' are added on read" })),
  label_settings: LabelSettingsBody,
});

export const RecipeCreateBody = Type.Partial(Type.Object(recipeWritable(), {
  description: 'Fields of the recipe; may be wrapped as {"recipe": {...}} or sent as recipe[field] form fields.',
}));

export const RecipeUpdateBody = Type.Partial(Type.Object({
  ...recipeWritable(),
  archived: Nullable(Type.Boolean()),
  embed_token: Nullable(Type.String({ description: '"rotate" makes a new token (old embeds stop working)' })),
}));

export const ShortcutBody = Type.Partial(Type.Object({
  ...recipeWritable(),
  ingredient_ids: Type.Unknown({ description: 'comma string "11,12,13" or a list' }),
  ingredient_weights: Type.Unknown({ description: 'grams, parallel to ingredient_ids: comma string "100,50.5,20" or a list' }),
  recipe_ingredients: Type.Unknown({ description: 'list of {ingredient_id, unit, quantity, waste, total_grams}' }),
}, { description: 'A recipe and its 1 to 100 lines in one atomic call.' }));

export const ScaleBody = Type.Partial(Type.Object({
  scale_amount: Type.Unknown({ description: 'number > 0, default 1' }),
  scale_factor: Type.Unknown({ description: 'alias of scale_amount' }),
  name: Text(255, 'default "<name> (copy)" for 1, "<name> x<amount>" otherwise'),
}));

export const SubrecipeBody = Type.Partial(Type.Object({
  name: Text(255, 'default: subrecipe_name, else the recipe name'),
}));

const lineAmount = (): TProperties => ({
  unit: Text(255, 'a key of units_and_grams ("1 cup") or a bare unit name ("cup"); default description1'),
  quantity: Amount('number of the unit, default 1'),
  waste: Nullable(Type.Number({ minimum: 0, maximum: 100, description: 'percent, default 0' })),
  total_grams: Amount('gross grams; overrides unit and quantity (unit becomes "1 gram")'),
});

export const RecipeIngredientCreateBody = Type.Partial(Type.Object({ ingredient_id: Type.Integer(), ...lineAmount() }));

export const RecipeIngredientUpdateBody = Type.Partial(Type.Object(lineAmount(), {
  description: 'Only the amount changes; ingredient_id is ignored (named in X-Ignored-Fields).',
}));

const Nutrients = Type.Record(Type.String(), Nullable(Type.Number()));
const Statements = Type.Object({ 'en-US': Nullable(Type.String()), 'en-CA': Nullable(Type.String()), 'fr-CA': Nullable(Type.String()) });

export const RecipeIngredientJson = Type.Object({
  id: Type.Integer(),
  recipe_id: Type.Integer(),
  ingredient_id: Type.Integer(),
  name: Type.String(),
  quantity: Type.Number(),
  unit: Type.String(),
  waste: Type.Number(),
  food: Type.Boolean(),
  non_food: Nullable(Type.String()),
  subrecipe: Type.Boolean(),
  display_text: Statements,
  display_as: Type.String(),
  total_grams: Type.Number(),
  net_grams: Type.Number(),
  units_and_grams: Type.Optional(Type.Record(Type.String(), Type.Number())),
  created_at: Type.String(),
  updated_at: Type.String(),
}, { additionalProperties: true });

export const RecipeJson = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  name_fr: Nullable(Type.String()),
  sku: Nullable(Type.String()),
  preparation: Nullable(Type.String()),
  subrecipe_name: Nullable(Type.String()),
  package_yield_quantity: Type.Number(),
  package_yield_unit: Type.String(),
  package_yield_default: Type.Boolean(),
  servings: Type.Number(),
  packages: Type.Number(),
  suggested_serving: Nullable(Type.String()),
  visual_unit_of_measure: Nullable(Type.String()),
  prepared_serving_note: Nullable(Type.String()),
  ingredient_list: Nullable(Type.String()),
  ingredient_list_fr: Nullable(Type.String()),
  ingredient_list_default: Type.Boolean(),
  ingredient_statements: Statements,
  labor_cost: Nullable(Type.Number()),
  overhead_cost: Nullable(Type.Number()),
  packaging_cost: Nullable(Type.Number()),
  tags: Type.Array(Type.String()),
  allergens: Type.Record(Type.String(), Type.Union([Type.Literal(true), Type.String()])),
  recipe_allergens: Type.Record(Type.String(), Type.Union([Type.Literal(true), Type.String()])),
  label_settings: Type.Object({}, { additionalProperties: true }),
  embed_token: Type.String(),
  primary_label: Type.String(),
  archived: Type.Boolean(),
  empty: Type.Boolean(),
  recipe_ingredients_count: Type.Integer(),
  total_grams: Type.Number(),
  net_grams: Type.Number(),
  package_grams: Type.Number(),
  serving_grams: Type.Number(),
  package_ml: Nullable(Type.Number()),
  serving_ml: Nullable(Type.Number()),
  nutrition: Nutrients,
  nutrition_per_100g: Nutrients,
  created_at: Type.String(),
  updated_at: Type.String(),
}, { additionalProperties: true });

export const RecipeEnvelope = Type.Object({ recipe: RecipeJson });
export const RecipeIngredientEnvelope = Type.Object({ recipe_ingredient: RecipeIngredientJson });
export const RecipeIngredientList = Type.Object({
  recipe: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    recipe_ingredients: Type.Array(RecipeIngredientEnvelope),
  }),
});
