// /v1/recipes: docs/api.md#recipes (list, create, retrieve, update, delete, shortcut, scale, create_subrecipe).
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { createRecipe, deleteRecipe, getRecipe, listRecipes, updateRecipe } from '../../../services/recipes/index.js';
import { createShortcutRecipe, createSubrecipe, scaleRecipe } from '../../../services/recipes/index.js';
import { archivedOf, ListQuery, pageOf, sendPage, sortOf, SortQuery } from '../../pagination.js';
import { Deleted, errorResponses, IdParams } from '../../resources/shared/common.js';
import { IngredientEnvelope } from '../../resources/ingredients/schemas.js';
import {
  RecipeCreateBody,
  RecipeEnvelope,
  RecipeList,
  RecipeUpdateBody,
  ScaleBody,
  ShortcutBody,
  SubrecipeBody,
} from '../../resources/recipes/schemas.js';
import { CostDateQuery } from '../../resources/ingredient-costs/schemas.js';
import { AsOfQuery } from '../../resources/revisions/schemas.js';
import { ingredientJson } from '../../resources/ingredients/serializer.js';
import { recipeJson } from '../../resources/recipes/fields.js';
import { callerOf, costDateOf } from '../../request-context.js';
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
        description:
          'Your recipes with their computed nutrition and costs, 20 a page (Link and X-Total-Count headers). `sort_field`/`sort_direction`, `archived` (active by default, archived, or all) and `q` (name) as for ingredients; `cost_date` prices them as of a day. A page, sort or flag outside the documented values is 400.',
        querystring: Type.Object({
          ...ListQuery,
          ...SortQuery,
          ...CostDateQuery,
          q: Type.Optional(Type.String({ maxLength: 200, description: 'name filter', examples: ['cookies'] })),
        }),
        response: { 200: RecipeList, ...errorResponses(400) },
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
      schema: {
        tags,
        summary: 'Create a recipe',
        description:
          'An empty recipe; add its lines with POST /v1/recipes/{id}/recipe_ingredients (or create it with its lines at once: POST /v1/recipes/shortcut). `name` is required; `servings` (per package, from 1) and `packages` (per batch) set the yield; `label_settings` chooses the label (docs/api.md#labels). JSON (wrapped as {"recipe": {...}} or not) or recipe[field] form fields. 422 lists every broken rule; nothing is written.',
        body: RecipeCreateBody,
        response: { 201: RecipeEnvelope, ...errorResponses(400, 422) },
      },
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
        description:
          "The recipe fields of POST /v1/recipes plus its lines: `recipe_ingredients` objects ({ingredient_id, unit, quantity, waste, total_grams}), or ReciPal's parallel comma strings `ingredient_ids` and `ingredient_weights` (grams). Any bad line is 422 naming it, and nothing is created.",
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
        description:
          'The recipe with `nutrition` per serving (unrounded) and per 100 g, `missing_nutrients` (the lines whose ingredient has no value for a nutrient: unknown is never zero), allergens, statements and `costs`. `cost_date` prices it as of a day; `as_of` answers as the recipe stood at that moment (docs/api.md#history). 404 for an id you cannot read; a `cost_date` that is not a date or an `as_of` that is not a moment is 400 naming the parameter.',
        params: IdParams,
        querystring: Type.Object({ ...CostDateQuery, ...AsOfQuery }),
        response: { 200: RecipeEnvelope, ...errorResponses(404) },
      },
    },
    async (request) => ({
      recipe: recipeJson(await getRecipe(ctx, callerOf(request), request.params.id, costDateOf(request.query), request.query.as_of)),
    }),
  );

  app.put(
    '/recipes/:id',
    {
      config: { envelope: 'recipe' },
      schema: {
        tags,
        summary: 'Update a recipe (embed_token=rotate makes a new token)',
        description:
          'Changes the members sent; `label_settings` members are merged into the saved ones (null removes one). `embed_token: "rotate"` makes a new embed token (old embeds stop working). Every change makes a new revision (GET /v1/recipes/{id}/revisions). 404 for an id you cannot read; 422 lists every broken rule and nothing is written.',
        params: IdParams,
        body: RecipeUpdateBody,
        response: { 200: RecipeEnvelope, ...errorResponses(400, 404, 422) },
      },
    },
    async (request) => {
      const updated = await updateRecipe(ctx, callerOf(request), request.params.id, request.body);
      return { recipe: recipeJson(updated) };
    },
  );

  app.delete(
    '/recipes/:id',
    {
      schema: {
        tags,
        summary: 'Delete a recipe permanently',
        description:
          'Deletes the recipe and its lines for good and answers {"recipe": {"id": N, "deleted": true}}. A recipe used as a subrecipe by another recipe is 409 naming them (archive it instead); an id you cannot read is 404.',
        params: IdParams,
        response: { 200: Deleted('recipe'), ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const id = request.params.id;
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
      description:
        'A new recipe: every line times `scale_amount` (alias `scale_factor`, default 1), or sized to one target: `target_servings`, `target_packages` or `target_grams` (docs/api.md#scale-to-a-target). Its name defaults to "<name> x2" (or "<name> (48 servings)" for a target); its SKU is null unless sent. Two amounts or targets at once, or an amount out of range, is 422 naming each; 404 for a recipe you cannot read.',
      params: IdParams,
      body: ScaleBody,
      response: { 201: RecipeEnvelope, ...errorResponses(400, 404, 422) },
    },
    handler: async (request, reply) => {
      const scaled = await scaleRecipe(ctx, callerOf(request), request.params.id, request.body ?? {});
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
        description:
          'The recipe as an ingredient (`subrecipe: true`) whose nutrition, allergens, statement and cost follow the recipe live, for use as a line of other recipes. The first call creates it (201); later calls return the same ingredient (200). A recipe without lines, or one that would contain itself, is 422; 404 for a recipe you cannot read.',
        params: IdParams,
        body: SubrecipeBody,
        response: { 200: IngredientEnvelope, 201: IngredientEnvelope, ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const made = await createSubrecipe(ctx, callerOf(request), request.params.id, request.body ?? {});
      return reply.code(made.created ? 201 : 200).send({ ingredient: ingredientJson(made.ingredient, []) });
    },
  );
}
