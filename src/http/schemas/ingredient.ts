// The ingredient as requests send it and responses return it (SEED.md "Ingredient", API.md §2).
import { Type, type TProperties } from '@sinclair/typebox';
import { NON_FOOD_KINDS } from '../../core/ingredient.js';
import { NUTRIENTS } from '../../core/nutrients.js';
import { MAX_UNIT_SLOTS } from '../../core/units.js';
import { COLLECT_ERRORS } from '../plugins/schema-validation.js';
import { Nullable, Text } from './common.js';

const nutrientProperties = (): TProperties =>
  Object.fromEntries(
    NUTRIENTS.map((n) => [n.key, Nullable(Type.Number({ minimum: 0, description: `${n.unit}${n.required ? '; required on create for food items' : ''}` }))]),
  );

const slotProperties = (): TProperties => {
  const props: TProperties = {};
  for (let slot = 1; slot <= MAX_UNIT_SLOTS; slot++) {
    props[`description${slot}`] = Text(200, slot === 1 ? '"<quantity> <unit>", required on create' : undefined);
    props[`weight${slot}`] = Nullable(Type.Number({ exclusiveMinimum: 0, description: 'grams' }));
  }
  return props;
};

const Allergens = Nullable(
  Type.Object({}, {
    additionalProperties: true,
    description: 'allergen key (or the commercial display name) -> true or a species/subtype string; {} clears',
  }),
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
  safety_amount: Nullable(Type.Number()),
  tags: Tags,
  tag_list: Nullable(Type.String({ maxLength: 2000, description: 'comma-separated tags' })),
  ...slotProperties(),
  ...nutrientProperties(),
  cysteine: Nullable(Type.Number({ minimum: 0, description: 'alias of cystine' })),
});

// Every member is optional to the schema: the create rules (required fields for food items, slot
// pairs) live in core/ingredient.ts, which reports them all at once with their reasons.
export const IngredientCreateBody = Type.Partial(Type.Object(
  {
    ...writable(),
    food: Nullable(Type.Boolean({ default: true })),
    non_food: Nullable(Type.Union(NON_FOOD_KINDS.map((k) => Type.Literal(k)))),
  },
  { description: 'Fields of the ingredient; may be wrapped as {"ingredient": {...}} or sent as ingredient[field] form fields.', [COLLECT_ERRORS]: true },
));

export const IngredientUpdateBody = Type.Partial(Type.Object(
  { ...writable(), archived: Nullable(Type.Boolean()) },
  { description: 'Any subset of the create fields (food and non_food are fixed at creation), plus archived.', [COLLECT_ERRORS]: true },
));

export const IngredientJson = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    name_fr: Nullable(Type.String()),
    recipe_id: Nullable(Type.Integer()),
    brand: Nullable(Type.String()),
    source: Nullable(Type.String()),
    ingredient_list: Nullable(Type.String()),
    ingredient_list_fr: Nullable(Type.String()),
    allergens: Type.Record(Type.String(), Type.Union([Type.Literal(true), Type.String()])),
    usda_verified: Type.Boolean(),
    user_verified: Type.Boolean(),
    archived: Type.Boolean(),
    public: Type.Boolean({ description: 'part of the shared library (owned by no account)' }),
    food: Type.Boolean(),
    non_food: Nullable(Type.String()),
    packaging: Type.Boolean(),
    non_food_hourly: Type.Boolean(),
    safety: Type.Boolean(),
    safety_amount: Nullable(Type.Number()),
    subrecipe: Type.Boolean(),
    category: Nullable(Type.String()),
    fdc_id: Nullable(Type.Integer()),
    default_unit: Type.String(),
    valid_units: Type.Array(Type.String()),
    units_and_grams: Type.Record(Type.String(), Type.Number()),
    tags: Type.Array(Type.Object({ name: Type.String() })),
    ...Object.fromEntries(
      Array.from({ length: MAX_UNIT_SLOTS }, (_, i) => [
        [`description${i + 1}`, Nullable(Type.String())],
        [`weight${i + 1}`, Nullable(Type.Number())],
      ]).flat(),
    ),
    ...Object.fromEntries(NUTRIENTS.map((n) => [n.key, Nullable(Type.Number({ description: `${n.unit} per 100 g` }))])),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'Ingredient' },
);

export const IngredientEnvelope = Type.Object({ ingredient: Type.Ref('Ingredient') });
