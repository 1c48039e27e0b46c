// The ingredient as requests send it and responses return it (docs/api.md §2).
import { Type, type TProperties } from '@sinclair/typebox';
import { NUTRIENT, SAFETY_AMOUNT, UNIT_WEIGHT } from '../../core/bounds.js';
import { NON_FOOD_KINDS } from '../../core/ingredient.js';
import { NUTRIENTS } from '../../core/nutrients.js';
import { MAX_UNIT_SLOTS } from '../../core/units.js';
import { COLLECT_ERRORS } from '../plugins/schema-validation.js';
import { INGREDIENT_FIELDS } from '../fields/ingredient.js';
import { objectSchemaOf } from '../fields/table.js';
import { Nullable, Text } from './common.js';
import { FLOUR } from './examples/ingredient.js';

/** A create body as docs/api.md §2 asks it: the fifteen required nutrients, relative to weight1 (1 cup = 125 g). */
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
  allergens: Allergens,
  safety_amount: Nullable(Type.Number({ minimum: SAFETY_AMOUNT.min, maximum: SAFETY_AMOUNT.max })),
  tags: Tags,
  tag_list: Nullable(Type.String({ maxLength: 2000, description: 'comma-separated tags' })),
  ...slotProperties(),
  ...nutrientProperties(),
  cysteine: Nullable(Type.Number({ minimum: NUTRIENT.min, maximum: NUTRIENT.max, description: 'alias of cystine' })),
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

/** The ingredient as responses return it: made from its field table (src/http/fields/ingredient.ts). */
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

/** A page of ingredients (docs/api.md §1.6: the Link and X-Total-Count headers carry the paging). */
export const IngredientList = Type.Array(IngredientEnvelope, { description: 'A page of ingredients', examples: [[{ ingredient: FLOUR }]] });
