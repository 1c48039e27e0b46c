// The ingredient's response members (docs/api.md#ingredients), once: stored per-100 g values, unit tables,
// flags. IngredientJson (the OpenAPI schema) and the serializer are both made from this table.
import { Type } from '@sinclair/typebox';
import { SAFETY_AMOUNT } from '../../../core/bounds.js';
import { INGREDIENT_FLAGS, isHourly, type Ingredient } from '../../../core/ingredient.js';
import { isSugarsBased } from '../../../core/label/canada/sugars-based.js';
import { NUTRIENTS } from '../../../core/nutrients.js';
import { INTENSE_SWEETENER_KEYS } from '../../../core/sweeteners.js';
import { MAX_UNIT_SLOTS } from '../../../core/units.js';
import { languageTextsView } from '../../../core/language-texts.js';
import { Nullable } from '../shared/common.js';
import { LanguageTextsJson } from '../shared/language-texts.js';
import { type Field, fieldsOf } from '../shared/field-table.js';

/** The unit tables an ingredient's portions make (docs/api.md#ingredients units_and_grams, valid_units). */
export interface UnitViews {
  units_and_grams: Record<string, number>;
  valid_units: string[];
}

export interface IngredientSource {
  ingredient: Ingredient;
  tags: readonly string[];
  units: UnitViews;
}

const field = fieldsOf<IngredientSource>();
const Allergens = Type.Record(Type.String(), Type.Union([Type.Literal(true), Type.String()]));

const slotFields = (): Record<string, Field<IngredientSource>> =>
  Object.fromEntries(
    Array.from({ length: MAX_UNIT_SLOTS }, (_, n) => [
      [`description${n + 1}`, field(Nullable(Type.String()), (s) => s.ingredient.portions[n]?.description ?? null)],
      [`weight${n + 1}`, field(Nullable(Type.Number({ description: 'grams' })), (s) => s.ingredient.portions[n]?.weight ?? null)],
    ]).flat(),
  );

// docs/api.md#market-mexico: NOM-051 4.5.3 (added fats, sodium) and 7.1.3-7.1.4 (sweetener, caffeine legends).
const FLAG_DESCRIPTIONS: Record<(typeof INGREDIENT_FLAGS)[number], string> = {
  adds_fat: 'the ingredient is a fat or oil added to the product (Mexican labels: NOM-051 4.5.3 warning seals); default false',
  adds_sodium: 'the ingredient adds sodium (salt and the like) to the product (Mexican labels: NOM-051 4.5.3); default false',
  non_caloric_sweetener:
    'the ingredient is or contains a non-caloric sweetener (Mexican labels: the legend of NOM-051 7.1.3); default false',
  added_caffeine: 'the ingredient adds caffeine (Mexican labels: the legend of NOM-051 7.1.4); default false',
  polyols_intrinsic:
    "the ingredient's polyols are its own (a fruit's sorbitol), not added as sweeteners: Regulation (EU) 1169/2011 Annex III counts added polyols; default false (its polyols count as added)",
};

export const flagFields = (): Record<string, Field<IngredientSource>> =>
  Object.fromEntries(
    INGREDIENT_FLAGS.map((flag) => [
      flag,
      field(Type.Boolean({ description: FLAG_DESCRIPTIONS[flag] }), (s) => s.ingredient[flag] === true),
    ]),
  );

export const INGREDIENT_FLAG_DESCRIPTIONS = FLAG_DESCRIPTIONS;

const nutrientFields = (): Record<string, Field<IngredientSource>> =>
  Object.fromEntries(
    NUTRIENTS.map((n) => [
      n.key,
      field(
        Nullable(Type.Number({ description: `${n.unit} per 100 g; null: unknown (never zero, docs/api.md#trust-and-completeness)` })),
        (s) => s.ingredient.nutrients[n.key] ?? null,
      ),
    ]),
  );

export const INGREDIENT_FIELDS = {
  id: field(Type.Integer(), (s) => s.ingredient.id),
  name: field(Type.String(), (s) => s.ingredient.name),
  name_fr: field(Nullable(Type.String()), (s) => s.ingredient.name_fr),
  recipe_id: field(Nullable(Type.Integer({ description: 'the recipe a subrecipe ingredient follows' })), (s) => s.ingredient.recipe_id),
  brand: field(Nullable(Type.String()), (s) => s.ingredient.brand),
  source: field(Nullable(Type.String()), (s) => s.ingredient.source),
  ingredient_list: field(Nullable(Type.String()), (s) => s.ingredient.ingredient_list),
  ingredient_list_fr: field(Nullable(Type.String()), (s) => s.ingredient.ingredient_list_fr),
  names: field(LanguageTextsJson('names by label language (fr is name_fr), docs/api.md#label-languages'), (s) =>
    languageTextsView(s.ingredient.name_fr, s.ingredient.names),
  ),
  ingredient_lists: field(LanguageTextsJson('ingredient lists by label language (fr is ingredient_list_fr)'), (s) =>
    languageTextsView(s.ingredient.ingredient_list_fr, s.ingredient.ingredient_lists),
  ),
  allergens: field(Allergens, (s) => s.ingredient.allergens),
  allergens_inferred: field(
    Type.Boolean({
      readOnly: true,
      description:
        "true when the allergens come from the USDA importer's inference rules (docs/api.md#library-fields), not from a person; writing allergens sets it false",
    }),
    (s) => s.ingredient.allergens_inferred,
  ),
  sugars_based: field(
    Type.Boolean({
      description:
        'grouped after "Sugars" / "Sucres" in a Canadian list of ingredients (FDR B.01.008.3): the value written, else inferred from the name (docs/labeling.md#canada-sugars-grouped)',
    }),
    (s) => isSugarsBased(s.ingredient),
  ),
  intense_sweeteners: field(
    Type.Array(Type.String(), {
      description: `intense sweeteners the ingredient is or contains (${INTENSE_SWEETENER_KEYS.join(', ')}): "with sweetener(s)" on EU/UK labels (Regulation (EU) 1169/2011 Annex III), Mexico's sweetener legend (NOM-051 7.1.3), no 101.13(e)(2) wording for a sugars claim; docs/api.md#ingredients`,
      examples: [['sucralose']],
    }),
    (s) => s.ingredient.intense_sweeteners ?? [],
  ),
  statement_name: field(
    Nullable(
      Type.String({
        description:
          'common name for ingredient statements (21 CFR 101.4(a)(1)), used instead of the name; library foods carry one generated from the USDA description (docs/labeling.md "Statement names")',
        examples: ['enriched bleached all-purpose wheat flour'],
      }),
    ),
    (s) => s.ingredient.statement_name,
  ),
  statement_name_generated: field(
    Type.Boolean({
      readOnly: true,
      description: "true while statement_name is the importer's generated name; a label using it warns generated_statement_name",
    }),
    (s) => s.ingredient.statement_name_generated,
  ),
  nutrients_inferred: field(
    Type.Record(Type.String(), Type.String(), {
      readOnly: true,
      description:
        'nutrients the USDA importer set to zero because the food\'s nature fixes them, each with its reason (docs/labeling.md "Zero by nature"); writing the nutrient removes its entry',
      examples: [{ cholesterol: 'plant food', added_sugar: 'single-ingredient food' }],
    }),
    (s) => s.ingredient.nutrients_inferred,
  ),
  usda_verified: field(Type.Boolean(), (s) => s.ingredient.usda_verified),
  user_verified: field(Type.Boolean(), (s) => s.ingredient.user_verified),
  archived: field(Type.Boolean(), (s) => s.ingredient.archived),
  ...flagFields(),
  public: field(Type.Boolean({ description: 'part of the shared library (owned by no account)' }), (s) => s.ingredient.account_id === null),
  food: field(Type.Boolean(), (s) => s.ingredient.food),
  non_food: field(Nullable(Type.String()), (s) => s.ingredient.non_food),
  packaging: field(Type.Boolean(), (s) => s.ingredient.non_food === 'packaging'),
  non_food_hourly: field(Type.Boolean(), (s) => isHourly(s.ingredient.non_food)),
  safety: field(Type.Boolean(), (s) => s.ingredient.non_food === 'safety'),
  safety_amount: field(
    Nullable(Type.Number({ minimum: SAFETY_AMOUNT.min, maximum: SAFETY_AMOUNT.max })),
    (s) => s.ingredient.safety_amount,
  ),
  subrecipe: field(Type.Boolean(), (s) => s.ingredient.subrecipe),
  category: field(Nullable(Type.String()), (s) => s.ingredient.category),
  fdc_id: field(Nullable(Type.Integer()), (s) => s.ingredient.fdc_id),
  default_unit: field(Type.String(), (s) => s.ingredient.portions[0]?.description ?? '1 gram'),
  valid_units: field(Type.Array(Type.String()), (s) => s.units.valid_units),
  units_and_grams: field(Type.Record(Type.String(), Type.Number()), (s) => s.units.units_and_grams),
  tags: field(Type.Array(Type.Object({ name: Type.String() }, { additionalProperties: false })), (s) => s.tags.map((name) => ({ name }))),
  ...slotFields(),
  ...nutrientFields(),
  created_at: field(Type.String(), (s) => s.ingredient.created_at),
  updated_at: field(Type.String(), (s) => s.ingredient.updated_at),
};
