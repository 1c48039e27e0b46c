// /v1/recipes: docs/api.md §3 (list, create, retrieve, update, delete, shortcut, scale, create_subrecipe).
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { createRecipe, deleteRecipe, getRecipe, listRecipes, updateRecipe } from '../../../services/recipes/index.js';
import { createShortcutRecipe, createSubrecipe, scaleRecipe } from '../../../services/recipes/index.js';
import { archivedOf, ListQuery, pageOf, sendPage, sortOf, SortQuery } from '../../pagination.js';
import { Deleted, errorResponses, IdParams } from '../../schemas/common.js';
import { IngredientEnvelope } from '../../schemas/ingredient.js';
import { RecipeCreateBody, RecipeEnvelope, RecipeUpdateBody, ScaleBody, ShortcutBody, SubrecipeBody } from '../../schemas/recipe.js';
import { CostDateQuery } from '../../schemas/ingredient-cost.js';
import { AsOfQuery } from '../../schemas/history.js';
import { ingredientJson } from '../../serializers/ingredient.js';
import { recipeJson } from '../../serializers/recipe.js';
import { callerOf, recipeIdOf, costDateOf } from '../../request-context.js';
import type { RouteDeps } from '../deps.js';

const tags = ['recipes'];

export async function recipeRoutes(plain: FastifyInstance, { ctx }: RouteDeps): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/recipes',
    {
      schema: {
        tags,
        summary: "List the account's recipes",
        querystring: Type.Object({
          ...ListQuery,
          ...SortQuery,
          ...CostDateQuery,
          q: Type.Optional(Type.String({ maxLength: 200, description: 'name filter' })),
        }),
        response: { 200: Type.Array(RecipeEnvelope), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const page = pageOf(query);
      const sort = sortOf(query);
      const { items, total } = await listRecipes(
        ctx,
        callerOf(request),
        {
          archived: archivedOf(query),
          sortField: sort.field,
          direction: sort.direction,
          offset: page.offset,
          limit: page.perPage,
          q: query.q,
        },
        costDateOf(query),
      );
      return sendPage(
        request,
        reply,
        page,
        total,
        items.map((r) => ({ recipe: recipeJson(r) })),
      );
    },
  );

  app.post(
    '/recipes',
    {
      config: { envelope: 'recipe' },
      schema: { tags, summary: 'Create a recipe', body: RecipeCreateBody, response: { 201: RecipeEnvelope, ...errorResponses(400, 422) } },
    },
    async (request, reply) => {
      const created = await createRecipe(ctx, callerOf(request), request.body);
      return reply.code(201).send({ recipe: recipeJson(created) });
    },
  );

  app.post(
    '/recipes/shortcut',
    {
      config: { envelope: 'recipe' },
      schema: {
        tags,
        summary: 'Create a recipe and its 1 to 100 lines in one atomic call',
        body: ShortcutBody,
        response: { 201: RecipeEnvelope, ...errorResponses(400, 422) },
      },
    },
    async (request, reply) => {
      const created = await createShortcutRecipe(ctx, callerOf(request), request.body);
      return reply.code(201).send({ recipe: recipeJson(created) });
    },
  );

  app.get(
    '/recipes/:id',
    {
      schema: {
        tags,
        summary: 'Retrieve a recipe with its computed nutrition and costs',
        params: IdParams,
        querystring: Type.Object({ ...CostDateQuery, ...AsOfQuery }),
        response: { 200: RecipeEnvelope, ...errorResponses(400, 404, 422) },
      },
    },
    async (request) => ({
      recipe: recipeJson(await getRecipe(ctx, callerOf(request), recipeIdOf(request), costDateOf(request.query), request.query.as_of)),
    }),
  );

  app.put(
    '/recipes/:id',
    {
      config: { envelope: 'recipe' },
      schema: {
        tags,
        summary: 'Update a recipe (embed_token=rotate makes a new token)',
        params: IdParams,
        body: RecipeUpdateBody,
        response: { 200: RecipeEnvelope, ...errorResponses(400, 404, 422) },
      },
    },
    async (request) => {
      const updated = await updateRecipe(ctx, callerOf(request), recipeIdOf(request), request.body);
      return { recipe: recipeJson(updated) };
    },
  );

  app.delete(
    '/recipes/:id',
    {
      schema: {
        tags,
        summary: 'Delete a recipe permanently',
        params: IdParams,
        response: { 200: Deleted('recipe'), ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const id = recipeIdOf(request);
      await deleteRecipe(ctx, callerOf(request), id);
      return { recipe: { id, deleted: true as const } };
    },
  );

  app.route({
    method: ['POST', 'PUT'],
    url: '/recipes/:id/scale',
    config: { envelope: 'recipe' },
    schema: {
      tags,
      summary: 'Scale a recipe into a new one (the original is unchanged)',
      params: IdParams,
      body: ScaleBody,
      response: { 201: RecipeEnvelope, ...errorResponses(400, 404, 422) },
    },
    handler: async (request, reply) => {
      const scaled = await scaleRecipe(ctx, callerOf(request), recipeIdOf(request), request.body ?? {});
      return reply.code(201).send({ recipe: recipeJson(scaled) });
    },
  });

  app.post(
    '/recipes/:id/create_subrecipe',
    {
      config: { envelope: 'recipe' },
      schema: {
        tags,
        summary: 'Make the recipe an ingredient that follows it live (idempotent)',
        params: IdParams,
        body: SubrecipeBody,
        response: { 200: IngredientEnvelope, 201: IngredientEnvelope, ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const made = await createSubrecipe(ctx, callerOf(request), recipeIdOf(request), request.body ?? {});
      return reply.code(made.created ? 201 : 200).send({ ingredient: ingredientJson(made.ingredient, []) });
    },
  );
}
