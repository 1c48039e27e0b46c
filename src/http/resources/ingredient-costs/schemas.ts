// The ingredient cost as requests send it and responses return it (docs/api.md#costs).
import { Type } from '@sinclair/typebox';
import { MONEY, QUANTITY, type Range } from '../../../core/bounds.js';
import { collectErrors } from '../../plugins/schema-validation.js';
import { INGREDIENT_COST_FIELDS } from './fields.js';
import { objectSchemaOf } from '../shared/field-table.js';
import { BodyId, Nullable } from '../shared/common.js';
import { FLOUR_COST } from './examples.js';

const Amount = (range: Range, description: string) => Nullable(Type.Number({ minimum: range.min, maximum: range.max, description }));

const writable = {
  effective_at: Nullable(Type.String({ maxLength: 40, description: 'YYYY-MM-DD: the first day this cost applies; required on create' })),
  unit: Nullable(
    Type.String({
      maxLength: 200,
      description: 'a key of the ingredient\'s units_and_grams, or a bare unit name ("lb", "hour"); required on create',
    }),
  ),
  quantity: Amount(QUANTITY, 'how many units the price buys; default 0 (must be > 0 when a price or shipping is set)'),
  price: Amount(MONEY, 'default 0'),
  shipping: Amount(MONEY, 'default 0'),
};

// Every member is optional to the schema: the rules (required fields, dates, units, one entry per date)
// live in core/costing/entry.ts and the service, which report every failure at once.
export const IngredientCostCreateBody = collectErrors(
  Type.Partial(
    Type.Object(
      {
        ingredient_id: Nullable(BodyId({ description: 'an ingredient the account can read (its own or a public one); required' })),
        ...writable,
      },
      {
        description:
          'Fields of the cost entry; may be wrapped as {"ingredient_cost": {...}} or sent as ingredient_cost[field] form fields.',
        examples: [{ ingredient_id: 1, effective_at: '2026-11-01', unit: '1 lb', quantity: 25, price: 18.75, shipping: 2.5 }],
      },
    ),
  ),
);

export const IngredientCostUpdateBody = collectErrors(
  Type.Partial(
    Type.Object(writable, {
      description: 'Any subset of the create fields; ingredient_id cannot change (it is ignored and named in X-Ignored-Fields).',
      examples: [{ price: 19.5 }],
    }),
  ),
);

/** The cost entry as responses return it: made from its field table (fields.ts). */
export const IngredientCostJson = objectSchemaOf(INGREDIENT_COST_FIELDS);

export const IngredientCostEnvelope = Type.Object(
  { ingredient_cost: IngredientCostJson },
  { description: 'The cost entry', examples: [{ ingredient_cost: FLOUR_COST }] },
);

export const IngredientCostList = Type.Array(IngredientCostEnvelope, {
  description: 'A page of cost entries',
  examples: [[{ ingredient_cost: FLOUR_COST }]],
});

export const CostDateQuery = {
  cost_date: Type.Optional(
    Type.String({ description: 'YYYY-MM-DD: price as of this date (default today, UTC)', examples: ['2026-11-18'] }),
  ),
};
