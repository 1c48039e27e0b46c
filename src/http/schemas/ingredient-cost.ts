// The ingredient cost as requests send it and responses return it (API.md §5).
import { Type } from '@sinclair/typebox';
import { COLLECT_ERRORS } from '../plugins/schema-validation.js';
import { Nullable } from './common.js';

const Amount = (description: string) => Nullable(Type.Number({ minimum: 0, description }));

const writable = {
  effective_at: Nullable(Type.String({ maxLength: 40, description: 'YYYY-MM-DD: the first day this cost applies; required on create' })),
  unit: Nullable(Type.String({ maxLength: 200, description: 'a key of the ingredient\'s units_and_grams, or a bare unit name ("lb", "hour"); required on create' })),
  quantity: Amount('how many units the price buys; default 0 (must be > 0 when a price or shipping is set)'),
  price: Amount('default 0'),
  shipping: Amount('default 0'),
};

// Every member is optional to the schema: the rules (required fields, dates, units, one entry per date)
// live in core/costing/entry.ts and the service, which report every failure at once.
export const IngredientCostCreateBody = Type.Partial(Type.Object(
  { ingredient_id: Nullable(Type.Integer({ description: 'an ingredient the account can read (its own or a public one); required' })), ...writable },
  { description: 'Fields of the cost entry; may be wrapped as {"ingredient_cost": {...}} or sent as ingredient_cost[field] form fields.', [COLLECT_ERRORS]: true },
));

export const IngredientCostUpdateBody = Type.Partial(Type.Object(
  writable,
  { description: 'Any subset of the create fields; ingredient_id cannot change (it is ignored and named in X-Ignored-Fields).', [COLLECT_ERRORS]: true },
));

export const IngredientCostJson = Type.Object({
  id: Type.Integer(),
  ingredient_id: Type.Integer(),
  effective_at: Type.String({ description: 'YYYY-MM-DD' }),
  quantity: Type.Number(),
  unit: Type.String(),
  price: Type.Number(),
  shipping: Type.Number(),
  cost_per_gram: Nullable(Type.Number({ description: '(price + shipping) / (quantity x grams per unit), 8 decimals; null for hourly items or when the unit no longer exists' })),
  cost_per_hour: Nullable(Type.Number({ description: 'hourly items (labor, other_hourly): (price + shipping) / (quantity x hours per unit); null otherwise' })),
  currency: Type.String({ description: "the account's currency (ISO 4217)" }),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const IngredientCostEnvelope = Type.Object({ ingredient_cost: IngredientCostJson });

export const CostDateQuery = {
  cost_date: Type.Optional(Type.String({ description: 'YYYY-MM-DD: price as of this date (default today, UTC)' })),
};
