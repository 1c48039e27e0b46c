// JSON shape of an ingredient cost (API.md §5): money rounded half-up to 4 decimals, rates to 8.
import { RATE_PLACES, toAmount } from '../../core/costing/money.js';
import type { IngredientCostView } from '../../services/ingredient-costs.js';

export function ingredientCostJson({ cost, hourly, rate, currency }: IngredientCostView) {
  const rateValue = rate === undefined ? null : toAmount(rate.rate, RATE_PLACES);
  return {
    id: cost.id,
    ingredient_id: cost.ingredient_id,
    effective_at: cost.effective_at,
    quantity: cost.quantity,
    unit: cost.unit,
    price: toAmount(cost.price),
    shipping: toAmount(cost.shipping),
    cost_per_gram: hourly ? null : rateValue,
    cost_per_hour: hourly ? rateValue : null,
    currency,
    created_at: cost.created_at,
    updated_at: cost.updated_at,
  };
}
