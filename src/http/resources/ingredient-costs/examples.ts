// Examples for the OpenAPI document: what the API answered in a bakery's session (docs/api.md), trimmed to one of each.

/** 25 lb of flour (GET /v1/ingredient_costs/{id}). */
export const FLOUR_COST = {
  id: 1,
  ingredient_id: 1,
  effective_at: '2026-11-01',
  quantity: 25,
  unit: '1 lb',
  price: 19.5,
  shipping: 2.5,
  cost_per_gram: 0.00194007,
  cost_per_hour: null,
  currency: 'USD',
  created_at: '2026-11-18T12:00:00Z',
  updated_at: '2026-11-18T12:00:00Z',
};
