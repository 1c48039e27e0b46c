// /v1/ingredients: docs/api.md#ingredients.
import { type Static, Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validationFailed } from '../../../errors.js';
import { copyIngredient } from '../../../services/ingredients/index.js';
import { printedNumbers } from '../../../lib/printed-number.js';
import { replaceIngredient } from '../../../services/recipes/index.js';
import { ReplaceIngredientBody, ReplaceIngredientEnvelope } from '../../resources/ingredients/replace.js';
import {
  createIngredient,
  deleteIngredient,
  getIngredient,
  listIngredients,
  updateIngredient,
} from '../../../services/ingredients/index.js';
import { archivedOf, ListQuery, pageOf, setPageHeaders, sortOf, SortQuery } from '../../pagination.js';
import { Deleted, errorResponses, IdParams } from '../../resources/shared/common.js';
import {
  IngredientCopyBody,
  IngredientCreateExample,
  IngredientEnvelope,
  IngredientEnvelopeExample,
  IngredientList,
  IngredientUpdateExample,
} from '../../resources/ingredients/schemas.js';
import { ingredientEnvelope, ingredientJson, ingredientListText } from '../../resources/ingredients/serializer.js';
import { callerOf } from '../../request-context.js';
import type { RouteDeps } from '../deps.js';

/** Unit slots stop at 15: a 16th is a rule broken, not an unknown field to ignore. */
function rejectExtraSlots(request: FastifyRequest): void {
  const extra = request.ignoredFields.filter((f) => /^(description|weight)\d+$/.test(f));
  if (extra.length > 0) throw validationFailed(Object.fromEntries(extra.map((f) => [f, ['only unit slots 1 to 15 exist']])));
}

const tags = ['ingredients'];

export async function ingredientRoutes(plain: FastifyInstance, { ctx }: RouteDeps): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/ingredients',
    {
      schema: {
        tags,
        summary: "List the account's own ingredients",
        description:
          'Your own ingredients (public library foods are found with GET /v1/ingredients/search), 20 a page: `page` and `per_page`; the Link and X-Total-Count headers carry the paging. `sort_field`/`sort_direction` order them, `archived` chooses active (default), archived or all, `q` filters by name. A page, sort or flag that is not one of the documented values is 400.',
        querystring: Type.Object({
          ...ListQuery,
          ...SortQuery,
          q: Type.Optional(Type.String({ maxLength: 200, description: 'name filter', examples: ['flour'] })),
        }),
        response: { 200: IngredientList, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const page = pageOf(query);
      const sort = sortOf(query);
      const { items, total } = await listIngredients(ctx, callerOf(request), {
        archived: archivedOf(query),
        sortField: sort.field,
        direction: sort.direction,
        offset: page.offset,
        limit: page.perPage,
        q: query.q,
      });
      setPageHeaders(request, reply, page, total);
      // Written as text, as the single read is (below): the objects and JSON.stringify took ~14% of
      // the page's CPU. Text is no array for the type provider to check; the tests check the schema.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(ingredientListText(items));
    },
  );

  app.post(
    '/ingredients',
    {
      config: { envelope: 'ingredient' },
      schema: {
        tags,
        summary: 'Create an ingredient',
        description:
          'A private ingredient. Nutrients are the amounts in `weight1` grams of `description1` (e.g. "1 cup" = 125 g; ReciPal\'s wire format), stored per 100 g; with `nutrient_basis: "per_100g"` they are per 100 g, as responses return them. A food needs `name`, `description1`, `weight1` and the fifteen label nutrients ReciPal requires (docs/api.md#ingredients); a non-food item (`food: false`, `non_food`) carries none. The body may be JSON, wrapped as {"ingredient": {...}} or not, or ingredient[field] form fields. 422 lists every broken rule by field; nothing is written.',
        body: IngredientCreateExample,
        response: { 201: IngredientEnvelopeExample, ...errorResponses(400, 422) },
      },
    },
    async (request, reply) => {
      rejectExtraSlots(request);
      const created = await createIngredient(ctx, callerOf(request), request.body.value, request.body.errors ?? undefined);
      return reply.code(201).send({ ingredient: ingredientJson(created.ingredient, created.tags) });
    },
  );

  // The most frequent call of the API writes its JSON text straight from the field table (the same
  // bytes as the object form, without the object), so it is registered on the untyped instance: the
  // text is no envelope object for the type provider to check. The tests check it against the schema.
  // Its params are still the schema's (checked and converted centrally), typed from it here.
  plain.get<{ Params: Static<typeof IdParams> }>(
    '/ingredients/:id',
    {
      schema: {
        tags,
        summary: 'Retrieve a public or own ingredient',
        description:
          "One ingredient: yours, or one of the public library. Nutrients are per 100 g; `units_and_grams` gives the grams of each unit key a recipe line may use. 404 when the id names nothing you can read (another account's private ingredients are never revealed).",
        params: IdParams,
        response: { 200: IngredientEnvelope, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const found = await getIngredient(ctx, callerOf(request), request.params.id);
      return reply.type('application/json; charset=utf-8').send(ingredientEnvelope(found.ingredient, found.tags));
    },
  );

  app.put(
    '/ingredients/:id',
    {
      config: { envelope: 'ingredient' },
      schema: {
        tags,
        summary: 'Update an own ingredient (tags only on public ones)',
        description:
          'Any subset of the create fields. Nutrients are relative to `weight1` (the one sent, else the stored one) unless `nutrient_basis` is `"per_100g"`: then they are per 100 g, as GET returns them, so a body read and written back changes nothing (docs/api.md#round-trips). A number equal to the stored one at 10 significant digits keeps the stored value. On a public library ingredient only tags may be set (403 otherwise); another account\'s private ingredient is 404.',
        params: IdParams,
        body: IngredientUpdateExample,
        response: { 200: IngredientEnvelopeExample, ...errorResponses(400, 403, 404, 422) },
      },
    },
    async (request) => {
      const id = request.params.id;
      rejectExtraSlots(request);
      const updated = await updateIngredient(ctx, callerOf(request), id, request.body.value, request.body.errors ?? undefined);
      return { ingredient: ingredientJson(updated.ingredient, updated.tags) };
    },
  );

  // docs/api.md#copy: a private, editable copy of any readable ingredient (public or own).
  app.post(
    '/ingredients/:id/copy',
    {
      config: { envelope: 'ingredient' },
      schema: {
        tags,
        summary: 'Copy a public or own ingredient into a private, editable one',
        description:
          'A private copy, with allergens, units and nutrients carried over and `source` = "ingredient:<id>": the way to correct a public food for your recipes. The body is optional; `name` defaults to "<name> (copy)". 404 for an id you cannot read; 422 for a bad name.',
        params: IdParams,
        body: IngredientCopyBody,
        response: { 201: IngredientEnvelope, ...errorResponses(400, 404, 422) },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const copied = await copyIngredient(ctx, callerOf(request), id, request.body ?? {});
      return reply.code(201).send({ ingredient: ingredientJson(copied.ingredient, copied.tags) });
    },
  );

  // docs/api.md#replacing-an-ingredient: every line of the account's recipes on it.
  app.post(
    '/ingredients/:id/replace',
    {
      config: { envelope: 'ingredient_replacement' },
      schema: {
        tags,
        summary: 'Replace the ingredient in every recipe of the account that uses it; all or nothing, dry run by default',
        description:
          "Every line of the account's recipes on this ingredient moves to `replacement_id`, keeping its line id, unit and quantity (the grams are the replacement's). All or nothing: a line whose unit the replacement lacks (the error names the units it has), a replacement that would make a recipe contain itself, or an unreadable replacement is a 422 and nothing changes. `dry_run` (default true) lists the recipes and lines it would change and writes nothing. Each line changed is an audit event; each recipe gets a revision. Another account's private ingredient: 404.",
        params: IdParams,
        body: ReplaceIngredientBody,
        response: { 200: ReplaceIngredientEnvelope, ...errorResponses(400, 404, 422) },
      },
    },
    async (request) => {
      const id = request.params.id;
      const outcome = await replaceIngredient(ctx, callerOf(request), id, {
        replacement_id: request.body.replacement_id,
        dry_run: request.body.dry_run !== false,
      });
      // Grams as responses print numbers (docs/api.md#responses): this answer is no field table's.
      return { ingredient_replacement: printedNumbers(outcome) };
    },
  );

  app.delete(
    '/ingredients/:id',
    {
      schema: {
        tags,
        summary: 'Delete an own ingredient permanently',
        description:
          'Deletes one of your ingredients for good and answers {"ingredient": {"id": N, "deleted": true}}. An ingredient a recipe uses is 409 naming the recipes (archive it instead with PUT archived=true); a public one is 403; an id you cannot read is 404.',
        params: IdParams,
        response: { 200: Deleted('ingredient'), ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => {
      const id = request.params.id;
      await deleteIngredient(ctx, callerOf(request), id);
      return { ingredient: { id, deleted: true as const } };
    },
  );
}
