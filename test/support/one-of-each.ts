// One record of each kind for account A (an ingredient, a recipe with one line, a cost entry), for tests
// that aim requests at every kind of record.
import { flourBody, json, type Client } from './app.js';

export interface OneOfEach {
  ingredient: number;
  recipe: number;
  line: number;
  cost: number;
}

export async function createOneOfEach(c: Client): Promise<OneOfEach> {
  const ingredient = json(await c.post('/v1/ingredients', flourBody())).ingredient.id;
  const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Bread' } })).recipe.id;
  const line = json(await c.post(`/v1/recipes/${recipe}/recipe_ingredients`, { ingredient_id: ingredient, quantity: 1 })).recipe_ingredient
    .id;
  const cost = json(
    await c.post('/v1/ingredient_costs', {
      ingredient_cost: { ingredient_id: ingredient, unit: 'cup', quantity: 1, price: 2, effective_at: '2026-01-01' },
    }),
  ).ingredient_cost.id;
  return { ingredient, recipe, line, cost };
}
