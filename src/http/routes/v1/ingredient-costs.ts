// /v1/ingredient_costs and /v1/ingredients/{id}/ingredient_costs (docs/api.md#costs).
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  createIngredientCost,
  deleteIngredientCost,
  getIngredientCost,
  listActiveIngredientCosts,
  listIngredientCostHistory,
  updateIngredientCost,
} from '../../../services/costs/index.js';
import { ListQuery, pageOf, sendPage } from '../../pagination.js';
import { Deleted, errorResponses, IdParams } from '../../resources/shared/common.js';
import {
  CostDateQuery,
  IngredientCostCreateBody,
  IngredientCostEnvelope,
  IngredientCostList,
  IngredientCostUpdateBody,
} from '../../resources/ingredient-costs/schemas.js';
import { ingredientCostJson } from '../../resources/ingredient-costs/fields.js';
import { callerOf, costDateOf } from '../../request-context.js';
import type { RouteDeps } from '../deps.js';

const tags = ['ingredient costs'];

export async function ingredientCostRoutes(plain: FastifyInstance, { ctx }: RouteDeps): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/ingredient_costs',
    {
      schema: {
        tags,
        summary: "The active cost of each of the account's costed ingredients today (or on cost_date), by ingredient id",
        description:
          'For each ingredient you have priced, the entry in force today (UTC) or on `cost_date`: the latest `effective_at` not after it. 20 a page (Link and X-Total-Count headers). A `cost_date` that is not a YYYY-MM-DD date, or a page that is not a number, is 400 naming it.',
        querystring: Type.Object({ ...ListQuery, ...CostDateQuery }),
        response: { 200: IngredientCostList, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const page = pageOf(query);
      const { items, total } = await listActiveIngredientCosts(
        ctx,
        callerOf(request),
        { offset: page.offset, limit: page.perPage },
        costDateOf(query),
      );
      return sendPage(
        request,
        reply,
        page,
        total,
        items.map((v) => ({ ingredient_cost: ingredientCostJson(v) })),
      );
    },
  );

  app.post(
    '/ingredient_costs',
    {
      config: { envelope: 'ingredient_cost' },
      schema: {
        tags,
        summary: 'Add a cost entry for an ingredient',
        description:
          'What `quantity` of `unit` of an ingredient (yours or public) costs from `effective_at` on: `price` plus `shipping`; `cost_per_gram` is computed. One entry per ingredient and date: a second one is 422 naming effective_at. JSON (wrapped as {"ingredient_cost": {...}} or not) or ingredient_cost[field] form fields. 422 lists every broken rule; nothing is written.',
        body: IngredientCostCreateBody,
        response: { 201: IngredientCostEnvelope, ...errorResponses(400, 422) },
      },
    },
    async (request, reply) => {
      const created = await createIngredientCost(ctx, callerOf(request), request.body.value, request.body.errors ?? undefined);
      return reply.code(201).send({ ingredient_cost: ingredientCostJson(created) });
    },
  );

  app.get(
    '/ingredient_costs/:id',
    {
      schema: {
        tags,
        summary: "Retrieve one of the account's cost entries by its id",
        description:
          "One cost entry (by the entry's id, not the ingredient's), with `cost_per_gram` (or `cost_per_hour` for hourly items). 404 when the id names no entry of yours.",
        params: IdParams,
        response: { 200: IngredientCostEnvelope, ...errorResponses(404) },
      },
    },
    async (request) => ({ ingredient_cost: ingredientCostJson(await getIngredientCost(ctx, callerOf(request), request.params.id)) }),
  );

  app.put(
    '/ingredient_costs/:id',
    {
      config: { envelope: 'ingredient_cost' },
      schema: {
        tags,
        summary: 'Update a cost entry',
        description:
          'Changes the members sent (`ingredient_id` cannot change: it is ignored and named in X-Ignored-Fields); the recipes using the ingredient are priced anew. 404 when the id names no entry of yours; 422 lists every broken rule and nothing is written.',
        params: IdParams,
        body: IngredientCostUpdateBody,
        response: { 200: IngredientCostEnvelope, ...errorResponses(400, 404, 422) },
      },
    },
    async (request) => {
      const id = request.params.id;
      const updated = await updateIngredientCost(ctx, callerOf(request), id, request.body.value, request.body.errors ?? undefined);
      return { ingredient_cost: ingredientCostJson(updated) };
    },
  );

  app.delete(
    '/ingredient_costs/:id',
    {
      schema: {
        tags,
        summary: 'Delete a cost entry permanently',
        description:
          'Deletes the entry for good and answers {"ingredient_cost": {"id": N, "deleted": true}}; the entry before it (if any) is in force again. 404 when the id names no entry of yours.',
        params: IdParams,
        response: { 200: Deleted('ingredient_cost'), ...errorResponses(404) },
      },
    },
    async (request) => {
      const id = request.params.id;
      await deleteIngredientCost(ctx, callerOf(request), id);
      return { ingredient_cost: { id, deleted: true as const } };
    },
  );

  app.get(
    '/ingredients/:id/ingredient_costs',
    {
      schema: {
        tags,
        summary: "An ingredient's cost history for this account, newest first",
        description:
          'Every cost entry you have for the ingredient (yours or public), newest `effective_at` first, 20 a page (Link and X-Total-Count headers). 404 for an ingredient you cannot read.',
        params: IdParams,
        querystring: Type.Object(ListQuery),
        response: { 200: IngredientCostList, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const page = pageOf(request.query);
      const { items, total } = await listIngredientCostHistory(ctx, callerOf(request), id, { offset: page.offset, limit: page.perPage });
      return sendPage(
        request,
        reply,
        page,
        total,
        items.map((v) => ({ ingredient_cost: ingredientCostJson(v) })),
      );
    },
  );
}
