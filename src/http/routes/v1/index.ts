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
import { frontOfPackRoutes } from './front-of-pack.js';
import { cloneAndSwapRoutes } from './clone-and-swap.js';
import { spreadsheetRoutes } from './spreadsheets.js';
import { revisionRoutes } from './revisions.js';
import { auditRoutes } from './audit.js';
import { labelApprovalRoutes } from './label-approvals.js';
import { referenceAmountRoutes } from './reference-amounts.js';
import { recipeTextRoutes } from './recipe-text.js';

export async function apiRoutes(app: FastifyInstance, deps: RouteDeps & { hidden: boolean }): Promise<void> {
  if (deps.hidden) {
    app.addHook('onRoute', (route) => {
      route.schema = { ...(route.schema ?? {}), hide: true };
    });
  }
  await app.register(ingredientRoutes, deps);
  await app.register(recipeRoutes, deps);
  await app.register(recipeTextRoutes, deps);
  await app.register(recipeIngredientRoutes, deps);
  await app.register(ingredientSearchRoutes, deps);
  await app.register(ingredientCostRoutes, deps);
  await app.register(labelRoutes, deps);
  await app.register(frontOfPackRoutes, deps);
  await app.register(cloneAndSwapRoutes, deps);
  await app.register(spreadsheetRoutes, deps);
  await app.register(revisionRoutes, deps);
  await app.register(auditRoutes, deps);
  await app.register(labelApprovalRoutes, deps);
  await app.register(referenceAmountRoutes);
}
