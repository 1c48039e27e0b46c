// The ingredient cost's response members (docs/api.md#costs), once: money rounded half-up to 4
// decimals, rates to 8. IngredientCostJson (schemas.ts) and the serializer (ingredientCostJson, below)
// are both made from this table.
import { Type } from '@sinclair/typebox';
import { RATE_PLACES, toAmount } from '../../../core/costing/money.js';
import type { IngredientCostView } from '../../../services/costs/index.js';
import { Nullable } from '../shared/common.js';
import { fieldsOf, serializerOf } from '../shared/field-table.js';

const field = fieldsOf<IngredientCostView>();

/** The rate of the entry's unit, or null when the unit no longer exists on the ingredient. */
const rateOf = ({ rate }: IngredientCostView): number | null => (rate === undefined ? null : toAmount(rate.rate, RATE_PLACES));

export const INGREDIENT_COST_FIELDS = {
  id: field(Type.Integer(), (v) => v.cost.id),
  ingredient_id: field(Type.Integer(), (v) => v.cost.ingredient_id),
  effective_at: field(Type.String({ description: 'YYYY-MM-DD' }), (v) => v.cost.effective_at),
  quantity: field(Type.Number(), (v) => v.cost.quantity),
  unit: field(Type.String(), (v) => v.cost.unit),
  price: field(Type.Number(), (v) => toAmount(v.cost.price)),
  shipping: field(Type.Number(), (v) => toAmount(v.cost.shipping)),
  cost_per_gram: field(
    Nullable(
      Type.Number({
        description:
          '(price + shipping) / (quantity x grams per unit), 8 decimals; null for hourly items or when the unit no longer exists',
      }),
    ),
    (v) => (v.hourly ? null : rateOf(v)),
  ),
  cost_per_hour: field(
    Nullable(
      Type.Number({ description: 'hourly items (labor, other_hourly): (price + shipping) / (quantity x hours per unit); null otherwise' }),
    ),
    (v) => (v.hourly ? rateOf(v) : null),
  ),
  currency: field(Type.String({ description: "the account's currency (ISO 4217)" }), (v) => v.currency),
  created_at: field(Type.String(), (v) => v.cost.created_at),
  updated_at: field(Type.String(), (v) => v.cost.updated_at),
};

/** The ingredient cost's JSON (docs/api.md#costs). */
export const ingredientCostJson = serializerOf(INGREDIENT_COST_FIELDS);
