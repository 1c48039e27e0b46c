// The ingredient as requests send it and responses return it (docs/api.md#ingredients).
import { Type, type TProperties } from '@sinclair/typebox';
import { NUTRIENT, SAFETY_AMOUNT, UNIT_WEIGHT } from '../../../core/bounds.js';
import { applyIngredientWrite, INGREDIENT_FLAGS, type Ingredient, NON_FOOD_KINDS, NUTRIENT_BASES } from '../../../core/ingredient.js';
import { ingredientJson } from './serializer.js';
import { NUTRIENTS } from '../../../core/nutrients.js';
import { INTENSE_SWEETENER_KEYS } from '../../../core/sweeteners.js';
import { MAX_UNIT_SLOTS } from '../../../core/units.js';
import { COLLECT_ERRORS } from '../../plugins/schema-validation.js';
import { INGREDIENT_FIELDS, INGREDIENT_FLAG_DESCRIPTIONS } from './fields.js';
import { objectSchemaOf } from '../shared/field-table.js';
import { Nullable, Text, withExample } from '../shared/common.js';
import { FLOUR } from './examples.js';
import { LanguageTextsBody } from '../shared/language-texts.js';
import { ALLERGEN_MEMBERS_MAX } from '../../../core/allergens/normalize.js';

/** A create body as docs/api.md#ingredients asks it: the fifteen required nutrients, relative to weight1 (1 cup = 125 g). */
const FLOUR_BODY = {
  name: 'All-purpose flour',
  description1: '1 cup',
  weight1: 125,
  calories: 455,
  protein: 12.9,
  fat: 1.2,
  fat_saturated: 0.2,
  fat_trans: 0,
  cholesterol: 0,
  carbohydrate: 95.4,
  fiber: 3.4,
  sugar: 0.3,
  added_sugar: 0,
  sodium: 2.5,
  calcium: 19,
  iron: 5.8,
  vitamin_a_IU: 0,
  vitamin_c: 0,
  allergens: { wheat: true },
  tags: ['dry goods'],
};

const nutrientProperties = (): TProperties =>
  Object.fromEntries(
    NUTRIENTS.map((n) => [
      n.key,
      Nullable(
        Type.Number({
          minimum: NUTRIENT.min,
          maximum: NUTRIENT.max,
          description: `${n.unit}${n.required ? '; required on create for food items' : ''}`,
        }),
      ),
    ]),
  );

const slotProperties = (): TProperties => {
  const props: TProperties = {};
  for (let slot = 1; slot <= MAX_UNIT_SLOTS; slot++) {
    props[`description${slot}`] = Text(200, slot === 1 ? '"<quantity> <unit>", required on create' : undefined);
    props[`weight${slot}`] = Nullable(Type.Number({ minimum: UNIT_WEIGHT.min, maximum: UNIT_WEIGHT.max, description: 'grams' }));
  }
  return props;
};

const Allergens = Nullable(
  Type.Object(
    {},
    {
      additionalProperties: true,
      maxProperties: ALLERGEN_MEMBERS_MAX,
      description: 'allergen key (or the commercial display name) -> true or a species/subtype string; {} clears',
    },
  ),
);

const Tags = Nullable(Type.Union([Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 }), Type.String({ maxLength: 2000 })]));

const writable = (): TProperties => ({
  name: Text(255, 'required on create'),
  name_fr: Text(255, 'French name for fr-CA labels'),
  brand: Text(255),
  source: Text(1000),
  ingredient_list: Text(5000),
  ingredient_list_fr: Text(5000),
  statement_name: Text(255, 'common name for ingredient statements (21 CFR 101.4(a)(1)); blank: the name is used'),
  names: LanguageTextsBody(255, 'the name in label languages other than English (names.fr is name_fr), docs/api.md#label-languages'),
  ingredient_lists: LanguageTextsBody(
    5000,
    'the ingredient list in label languages other than English (ingredient_lists.fr is ingredient_list_fr)',
  ),
  allergens: Allergens,
  sugars_based: Nullable(
    Type.Boolean({
      description:
        'a sugars-based ingredient (FDR B.01.001(1)), grouped after "Sugars" in a Canadian list of ingredients (B.01.008.3); null or absent: inferred from the name (sugars, syrups, honey, molasses; docs/labeling.md#canada-sugars-grouped)',
      examples: [true],
    }),
  ),
  intense_sweeteners: Nullable(
    Type.Union([Type.Array(Type.String({ maxLength: 40 }), { maxItems: 20 }), Type.String({ maxLength: 1000 })], {
      description: `intense sweeteners the ingredient is or contains, a list (or comma-separated text) of: ${INTENSE_SWEETENER_KEYS.join(', ')}; null or [] for none; an unknown name is a 422 naming intense_sweeteners (docs/api.md#ingredients)`,
      examples: [['sucralose', 'steviol_glycosides']],
    }),
  ),
  safety_amount: Nullable(Type.Number({ minimum: SAFETY_AMOUNT.min, maximum: SAFETY_AMOUNT.max })),
  tags: Tags,
  tag_list: Nullable(Type.String({ maxLength: 2000, description: 'comma-separated tags' })),
  ...Object.fromEntries(
    INGREDIENT_FLAGS.map((flag) => [flag, Nullable(Type.Boolean({ description: INGREDIENT_FLAG_DESCRIPTIONS[flag] }))]),
  ),
  ...slotProperties(),
  ...nutrientProperties(),
  cysteine: Nullable(Type.Number({ minimum: NUTRIENT.min, maximum: NUTRIENT.max, description: 'alias of cystine' })),
  nutrient_basis: Nullable(
    Type.Union(
      NUTRIENT_BASES.map((b) => Type.Literal(b)),
      {
        description:
          'what the nutrients sent are relative to: "weight1" (default, the ReciPal wire format: the amount in description1) or "per_100g" (what responses return, so a read written back changes nothing); docs/api.md#ingredients',
      },
    ),
  ),
});

// Every member is optional to the schema: the create rules (required fields for food items, slot
// pairs) live in core/ingredient.ts, which reports them all at once with their reasons.
export const IngredientCreateBody = Type.Partial(
  Type.Object(
    {
      ...writable(),
      food: Nullable(Type.Boolean({ default: true })),
      non_food: Nullable(Type.Union(NON_FOOD_KINDS.map((k) => Type.Literal(k)))),
    },
    {
      description: 'Fields of the ingredient; may be wrapped as {"ingredient": {...}} or sent as ingredient[field] form fields.',
      [COLLECT_ERRORS]: true,
      examples: [FLOUR_BODY],
    },
  ),
);

export const IngredientUpdateBody = Type.Partial(
  Type.Object(
    { ...writable(), archived: Nullable(Type.Boolean()) },
    {
      description: 'Any subset of the create fields (food and non_food are fixed at creation), plus archived.',
      [COLLECT_ERRORS]: true,
      examples: [{ name_fr: 'Farine tout usage', brand: 'King Arthur' }],
    },
  ),
);

/** The ingredient as responses return it: made from its field table (fields.ts). */
export const IngredientJson = objectSchemaOf(INGREDIENT_FIELDS, { $id: 'Ingredient' });

export const IngredientCopyBody = Type.Partial(
  Type.Object(
    { name: Text(255, 'name of the copy; default "<name> (copy)"') },
    {
      description: 'Optional; may be wrapped as {"ingredient": {"name": ...}} or sent as ingredient[name].',
      examples: [{ name: 'Cane sugar' }],
    },
  ),
);

export const IngredientEnvelope = Type.Object(
  { ingredient: Type.Ref(IngredientJson) },
  { additionalProperties: false, description: 'The ingredient', examples: [{ ingredient: FLOUR }] },
);

/** A page of ingredients (docs/api.md#lists: the Link and X-Total-Count headers carry the paging). */
export const IngredientList = Type.Array(IngredientEnvelope, { description: 'A page of ingredients', examples: [[{ ingredient: FLOUR }]] });

// Examples of the writes whose bodies changed with nutrient_basis (docs/api.md#round-trips): the
// create body, and the response the create rules and the serializer make of it (so it is exact).
const EGG_BODY = {
  name: 'Egg, whole',
  description1: '1 large egg',
  weight1: 50,
  calories: 74,
  protein: 6.2,
  fat: 4.98,
  fat_saturated: 1.55,
  fat_trans: 0,
  cholesterol: 205.5,
  carbohydrate: 0.48,
  fiber: 0,
  sugar: 0.1,
  added_sugar: 0,
  sodium: 64.5,
  calcium: 28,
  iron: 0.88,
  vitamin_c: 0,
  vitamin_a_IU: 243.5,
  allergens: { egg: true },
};

function eggResponse() {
  const write = applyIngredientWrite(null, EGG_BODY);
  if (!write.ok) throw new Error('the example ingredient breaks the create rules');
  const at = '2026-11-18T12:00:00Z';
  const ingredient = { ...write.fields, id: 812, account_id: 1, fdc_id: null, category: null, created_at: at, updated_at: at };
  return { ingredient: ingredientJson(ingredient as Ingredient, []) };
}

export const IngredientCreateExample = withExample(IngredientCreateBody, { ingredient: EGG_BODY });

export const IngredientUpdateExample = withExample(IngredientUpdateBody, {
  ingredient: { weight1: 50, calories: 148, protein: 12.4, nutrient_basis: 'per_100g' },
});

export const IngredientEnvelopeExample = withExample(IngredientEnvelope, eggResponse());
