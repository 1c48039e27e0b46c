// POST /v1/recipes/{id}/clone_and_swap (docs/api.md#clone-and-swap).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { validationFailed, type FieldErrors } from '../../../errors.js';
import { cloneAndSwap, type CloneAndSwapOutcome, type SwapEntry as ServiceEntry } from '../../../services/clone-and-swap/index.js';
import { schemaErrorsOf } from '../../plugins/schema-validation.js';
import { CloneAndSwapBody, CloneAndSwapEnvelope, SwapEntry } from '../../resources/clone-and-swap/schemas.js';
import { errorResponses, IdParams } from '../../resources/shared/common.js';
import { recipeJson } from '../../resources/recipes/fields.js';
import { checkObject } from '../../validation.js';
import type { RouteDeps } from '../deps.js';
import { callerOf } from '../../request-context.js';
import { pushAll } from '../../../lib/push-all.js';

const tags = ['recipes'];

/** Each entry coerced (form strings) and checked against SwapEntry; errors keyed `entries[i].field`. */
function checkedEntries(raw: unknown[], errors: FieldErrors, ignored: string[]): ServiceEntry[] {
  return raw.map((item, i) => {
    // Not an object: the body check has named it already (`entries[i]`).
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item as ServiceEntry;
    const checked = checkObject(SwapEntry as unknown as Record<string, unknown>, item, `entries[${i}].`);
    Object.assign(errors, checked.errors);
    pushAll(ignored, checked.ignored);
    return checked.value as ServiceEntry;
  });
}

/** The recipe serializer is shared and untyped (Record<string, unknown>); its shape is RecipeJson's. */
type Envelope = Static<typeof CloneAndSwapEnvelope>;

function outcomeJson(outcome: CloneAndSwapOutcome): Envelope {
  return {
    clone_and_swap: {
      dry_run: outcome.dry_run,
      template_id: outcome.template_id,
      swap_recipe_ingredient_id: outcome.swap_recipe_ingredient_id,
      recipes: outcome.recipes.map(({ recipe, label }) => {
        const json = recipeJson(recipe);
        // A dry run's recipes were rolled back: their ids and tokens name nothing.
        const shown = outcome.dry_run ? { ...json, id: null, embed_token: null, primary_label: null } : json;
        return { recipe: shown as Envelope['clone_and_swap']['recipes'][number]['recipe'], label };
      }),
    },
  };
}

export async function cloneAndSwapRoutes(app: FastifyInstance, { ctx }: RouteDeps): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/recipes/:id/clone_and_swap',
    {
      config: { envelope: 'clone_and_swap' },
      schema: {
        tags,
        summary: 'Copy a recipe once per entry with one line swapped for another ingredient; all or nothing, dry run by default',
        description:
          "One new recipe per entry: a copy of this one with the line `swap_recipe_ingredient_id` using the entry's ingredient instead (same grams unless quantity/unit are sent), each with its label summary. `dry_run` (default true) answers 200 with what would be made and writes nothing; false writes them all (201) or none: any bad entry is 422 naming its field. 404 for a recipe you cannot read.",
        params: IdParams,
        body: CloneAndSwapBody,
        response: { 200: CloneAndSwapEnvelope, 201: CloneAndSwapEnvelope, ...errorResponses(400, 404, 409, 415, 422) },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const body = request.body;
      const errors: FieldErrors = { ...schemaErrorsOf(body) };
      const entries =
        Array.isArray(body.entries) && !Object.keys(errors).some((f) => f === 'entries')
          ? checkedEntries(body.entries, errors, request.ignoredFields)
          : [];
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const outcome = await cloneAndSwap(ctx, callerOf(request), id, {
        swap_recipe_ingredient_id: body.swap_recipe_ingredient_id,
        entries,
        dry_run: body.dry_run !== false,
      });
      return reply.code(outcome.dry_run ? 200 : 201).send(outcomeJson(outcome));
    },
  );
}
