// Every authenticated route group. Registered twice (under /v1 and /api/v1); the second copy is
// hidden from the OpenAPI document.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../deps.js';
import { ingredientRoutes } from './ingredients.js';
import { recipeRoutes } from './recipes.js';
import { recipeIngredientRoutes } from './recipes-ingredients.js';
import { ingredientSearchRoutes } from './ingredient-search.js';
import { ingredientCostRoutes } from './ingredient-costs.js';
import { labelRoutes } from './labels.js';

export async function apiRoutes(app: FastifyInstance, deps: RouteDeps & { hidden: boolean }): Promise<void> {
  if (deps.hidden) {
    app.addHook('onRoute', (route) => {
      route.schema = { ...(route.schema ?? {}), hide: true };
    });
  }
  await app.register(ingredientRoutes, deps);
  await app.register(recipeRoutes, deps);
  await app.register(recipeIngredientRoutes, deps);
  await app.register(ingredientSearchRoutes, deps);
  await app.register(ingredientCostRoutes, deps);
  await app.register(labelRoutes, deps);
}
