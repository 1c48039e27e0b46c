// /v1/recipes/{id}/recipe_ingredients: docs/api.md#recipe-lines.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { addLine, deleteLine, getLine, listLines, updateLine } from '../../../services/recipes/index.js';
import { Deleted, errorResponses, PathId } from '../../resources/shared/common.js';
import { AsOfQuery } from '../../resources/revisions/schemas.js';
import {
  RecipeIngredientCreateBody,
  RecipeIngredientEnvelope,
  RecipeIngredientEnvelopeExample,
  RecipeIngredientList,
  RecipeIngredientUpdateExample,
} from '../../resources/recipe-ingredients/schemas.js';
import { recipeIngredientJson } from '../../resources/recipe-ingredients/fields.js';
import { callerOf } from '../../request-context.js';
import type { RouteDeps } from '../deps.js';

const tags = ['recipe ingredients'];
const RecipeId = PathId('recipe id');
const RecipeParams = Type.Object({ id: RecipeId });
const LineParams = Type.Object({ id: RecipeId, line_id: PathId('recipe ingredient id') });

export async function recipeIngredientRoutes(plain: FastifyInstance, { ctx }: RouteDeps): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/recipes/:id/recipe_ingredients',
    {
      schema: {
        tags,
        summary: "List a recipe's ingredients",
        description:
          "The recipe's lines in order, each with its ingredient's name, the label name per language (`display_text`), `total_grams` (gross, for costing) and `net_grams` (after waste, for nutrition). `as_of` answers as the recipe stood at that moment. 404 for a recipe you cannot read; a bad `as_of` is 400.",
        params: RecipeParams,
        querystring: Type.Object(AsOfQuery),
        response: { 200: RecipeIngredientList, ...errorResponses(404) },
      },
    },
    async (request) => {
      const result = await listLines(ctx, callerOf(request), request.params.id, request.query.as_of);
      return {
        recipe: {
          id: result.recipe.id,
          name: result.recipe.name,
          recipe_ingredients: result.lines.map((l) => ({ recipe_ingredient: recipeIngredientJson(l, { withUnits: false }) })),
        },
      };
    },
  );

  app.post(
    '/recipes/:id/recipe_ingredients',
    {
      config: { envelope: 'recipe_ingredient' },
      schema: {
        tags,
        summary: 'Add an ingredient to a recipe',
        description:
          'A line: `ingredient_id` (yours or public) in `quantity` of `unit` (a key of the ingredient\'s units_and_grams, such as "1 cup", or a bare unit name, "cup"), or `total_grams` directly; `waste` in percent. An unknown unit is 422 listing the valid ones; an ingredient you cannot read is 422 naming ingredient_id, and a subrecipe that would contain itself is 422; 404 for a recipe you cannot read.',
        params: RecipeParams,
        body: RecipeIngredientCreateBody,
        response: { 201: RecipeIngredientEnvelope, ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const line = await addLine(ctx, callerOf(request), request.params.id, request.body);
      return reply.code(201).send({ recipe_ingredient: recipeIngredientJson(line, { withUnits: true }) });
    },
  );

  app.get(
    '/recipes/:id/recipe_ingredients/:line_id',
    {
      schema: {
        tags,
        summary: 'Retrieve a recipe ingredient',
        description:
          "One line of the recipe, with the grams its amount comes to and the ingredient's units_and_grams. 404 when the recipe or the line is not yours (or the line belongs to another recipe).",
        params: LineParams,
        response: { 200: RecipeIngredientEnvelope, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { id: recipeId, line_id: lineId } = request.params;
      return { recipe_ingredient: recipeIngredientJson(await getLine(ctx, callerOf(request), recipeId, lineId), { withUnits: true }) };
    },
  );

  app.put(
    '/recipes/:id/recipe_ingredients/:line_id',
    {
      config: { envelope: 'recipe_ingredient' },
      schema: {
        tags,
        summary: "Change a recipe ingredient's amount, or swap its ingredient",
        description:
          "Members not sent are unchanged. Another `ingredient_id` (yours or the public library's) swaps the line's ingredient: the same line id, its unit, quantity and waste kept when the new ingredient has the unit (the grams are the new ingredient's), else 422 on `unit` naming the units it has, unless `unit` or `total_grams` is sent too. An unknown or unreadable ingredient is 422 on `ingredient_id`; one that would make the recipe contain itself is 422. Recorded in the recipe's revisions (`ingredient_id` old and new) and the audit trail (docs/api.md#recipe-lines).",
        params: LineParams,
        body: RecipeIngredientUpdateExample,
        response: {
          200: RecipeIngredientEnvelopeExample,
          ...errorResponses(400, 404, 422),
        },
      },
    },
    async (request) => {
      const { id: recipeId, line_id: lineId } = request.params;
      const line = await updateLine(ctx, callerOf(request), recipeId, lineId, request.body);
      return { recipe_ingredient: recipeIngredientJson(line, { withUnits: true }) };
    },
  );

  app.delete(
    '/recipes/:id/recipe_ingredients/:line_id',
    {
      schema: {
        tags,
        summary: 'Remove a recipe ingredient',
        description:
          'Removes the line from its recipe for good (the ingredient itself stays) and answers {"recipe_ingredient": {"id": N, "deleted": true}}; the recipe gets a new revision. 404 when the recipe or line is not yours.',
        params: LineParams,
        response: { 200: Deleted('recipe_ingredient'), ...errorResponses(404) },
      },
    },
    async (request) => {
      const { id: recipeId, line_id: lineId } = request.params;
      await deleteLine(ctx, callerOf(request), recipeId, lineId);
      return { recipe_ingredient: { id: lineId, deleted: true as const } };
    },
  );
}
