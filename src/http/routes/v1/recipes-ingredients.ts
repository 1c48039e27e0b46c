// /v1/recipes/{id}/recipe_ingredients: SEED.md "Recipe ingredients" and API.md §4.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { notFound } from '../../../errors.js';
import { addLine, deleteLine, getLine, listLines, updateLine } from '../../../services/recipes-lines.js';
import { pathId } from '../../pagination.js';
import { Deleted, errorResponses } from '../../schemas/common.js';
import {
  RecipeIngredientCreateBody, RecipeIngredientEnvelope, RecipeIngredientList, RecipeIngredientUpdateBody,
} from '../../schemas/recipe.js';
import { recipeIngredientJson } from '../../serializers/recipe-ingredient.js';
import type { RouteDeps } from '../deps.js';
import { callerOf } from './ingredients.js';

const tags = ['recipe ingredients'];
const RecipeParams = Type.Object({ id: Type.String({ description: 'recipe id' }) });
const LineParams = Type.Object({ id: Type.String({ description: 'recipe id' }), line_id: Type.String({ description: 'recipe ingredient id' }) });

function idsOf(request: FastifyRequest): { recipeId: number; lineId: number } {
  const params = request.params as { id: string; line_id?: string };
  const recipeId = pathId(params.id);
  if (recipeId === null) throw notFound('recipe');
  const lineId = params.line_id === undefined ? 0 : pathId(params.line_id);
  if (lineId === null) throw notFound('recipe ingredient');
  return { recipeId, lineId };
}

export async function recipeIngredientRoutes(app: FastifyInstance, { ctx }: RouteDeps): Promise<void> {
  app.get('/recipes/:id/recipe_ingredients', {
    schema: { tags, summary: "List a recipe's ingredients", params: RecipeParams, response: { 200: RecipeIngredientList, ...errorResponses(404) } },
  }, async (request) => {
    const result = await listLines(ctx, callerOf(request), idsOf(request).recipeId);
    return {
      recipe: {
        id: result.recipe.id,
        name: result.recipe.name,
        recipe_ingredients: result.lines.map((l) => ({ recipe_ingredient: recipeIngredientJson(l, { withUnits: false }) })),
      },
    };
  });

  app.post('/recipes/:id/recipe_ingredients', {
    config: { envelope: 'recipe_ingredient' },
    schema: {
      tags, summary: 'Add an ingredient to a recipe', params: RecipeParams, body: RecipeIngredientCreateBody,
      response: { 201: RecipeIngredientEnvelope, ...errorResponses(400, 404, 415, 422) },
    },
  }, async (request, reply) => {
    const line = await addLine(ctx, callerOf(request), idsOf(request).recipeId, request.body as Record<string, unknown>);
    return reply.code(201).send({ recipe_ingredient: recipeIngredientJson(line, { withUnits: true }) });
  });

  app.get('/recipes/:id/recipe_ingredients/:line_id', {
    schema: { tags, summary: 'Retrieve a recipe ingredient', params: LineParams, response: { 200: RecipeIngredientEnvelope, ...errorResponses(404) } },
  }, async (request) => {
    const { recipeId, lineId } = idsOf(request);
    return { recipe_ingredient: recipeIngredientJson(await getLine(ctx, callerOf(request), recipeId, lineId), { withUnits: true }) };
  });

  app.put('/recipes/:id/recipe_ingredients/:line_id', {
    config: { envelope: 'recipe_ingredient' },
    schema: {
      tags, summary: "Change a recipe ingredient's amount", params: LineParams, body: RecipeIngredientUpdateBody,
      response: { 200: RecipeIngredientEnvelope, ...errorResponses(400, 404, 415, 422) },
    },
  }, async (request) => {
    const { recipeId, lineId } = idsOf(request);
    const line = await updateLine(ctx, callerOf(request), recipeId, lineId, request.body as Record<string, unknown>);
    return { recipe_ingredient: recipeIngredientJson(line, { withUnits: true }) };
  });

  app.delete('/recipes/:id/recipe_ingredients/:line_id', {
    schema: { tags, summary: 'Remove a recipe ingredient', params: LineParams, response: { 200: Deleted('recipe_ingredient'), ...errorResponses(404) } },
  }, async (request) => {
    const { recipeId, lineId } = idsOf(request);
    await deleteLine(ctx, callerOf(request), recipeId, lineId);
    return { recipe_ingredient: { id: lineId, deleted: true } };
  });
}
