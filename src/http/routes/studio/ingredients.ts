// Studio ingredients: an ingredient's values per 100 g and per unit with where each came from (GET
// /v1/ingredients/{id}), copying a library food to correct it (POST /v1/ingredients/{id}/copy), and
// editing the copy's values (PUT /v1/ingredients/{id}).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors.js';
import { copyForEditing, editIngredientValues, studioIngredient } from '../../../services/studio/index.js';
import { printedNumber, printedNumberText } from '../../../lib/printed-number.js';
import { formField, formText } from '../web-session.js';
import { callerOf, idOf, queryText, sendPage, type StudioDeps } from './context.js';

const NOTICES: Record<string, string> = {
  copied:
    'This is your copy. Fill in what is unknown and correct what is wrong, then save; it is used by your recipes only once you put it on their lines.',
  saved: 'Saved. Every recipe using this ingredient has a new revision; approved labels keep their files.',
  unchanged: 'Nothing had changed: nothing was saved.',
};

interface EditRetry {
  errors: string[];
  fieldErrors: Record<string, string[]>;
  form: { name: string; values: Record<string, string> };
}

async function showIngredient(request: FastifyRequest, reply: FastifyReply, studio: StudioDeps, id: number, retry?: EditRetry) {
  const view = await studioIngredient(studio.ctx, callerOf(request), id);
  const units = Object.entries(view.units).map(([key, grams]) => ({ key, grams }));
  const wanted = queryText(request.query, 'unit');
  const first = view.ingredient.portions.find((p) => p !== null);
  const unit = units.find((u) => u.key === wanted) ??
    units.find((u) => first && u.key === first.description.trim()) ??
    units[0] ?? { key: '100 g', grams: 100 };
  const printed = Object.fromEntries(
    view.values.map((v) => [v.key, v.per_100g === null ? '' : printedNumberText(printedNumber(v.per_100g))]),
  );
  return sendPage(
    request,
    reply,
    'ingredient',
    {
      title: view.ingredient.name,
      ...view,
      library: view.ingredient.account_id === null,
      sourceText: view.ingredient.source?.split('; ')[0] ?? '',
      allergens: Object.entries(view.ingredient.allergens).map(([name, species]) =>
        (species === true ? name : `${name} (${species})`).replace(/_/g, ' '),
      ),
      units,
      unit,
      notice: NOTICES[queryText(request.query, 'done')] ?? null,
      errors: retry?.errors ?? [],
      fieldErrors: retry?.fieldErrors ?? {},
      form: retry?.form ?? { name: view.ingredient.name, values: printed },
    },
    retry ? 422 : 200,
  );
}

/** The edit form's values[<key>] members, as typed. */
function postedValues(request: FastifyRequest): Record<string, string> {
  const values = formField(request, 'values');
  if (values === null || typeof values !== 'object') return {};
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export function ingredientRoutes(app: FastifyInstance, studio: StudioDeps): void {
  const hidden = { schema: { hide: true } };

  app.get('/ingredients/:id', hidden, async (request, reply) =>
    showIngredient(request, reply, studio, idOf((request.params as { id: string }).id, 'ingredient')),
  );

  app.post('/ingredients/:id/copy', hidden, async (request, reply) => {
    const id = idOf((request.params as { id: string }).id, 'ingredient');
    const copy = await copyForEditing(studio.ctx, callerOf(request), id, formText(request, 'name').slice(0, 255));
    return reply.code(303).header('Location', `/studio/ingredients/${copy}?done=copied`).send();
  });

  app.post('/ingredients/:id', hidden, async (request, reply) => {
    const id = idOf((request.params as { id: string }).id, 'ingredient');
    const form = { name: formText(request, 'name'), values: postedValues(request) };
    let changed: string[];
    try {
      ({ changed } = await editIngredientValues(studio.ctx, callerOf(request), id, form));
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 422) throw error;
      const fieldErrors = error.errors ?? {};
      const errors = Object.entries(fieldErrors).flatMap(([field, messages]) => messages.map((m) => `${field}: ${m}`));
      return showIngredient(request, reply, studio, id, { errors: errors.length > 0 ? errors : [error.message], fieldErrors, form });
    }
    return reply
      .code(303)
      .header('Location', `/studio/ingredients/${id}?done=${changed.length > 0 ? 'saved' : 'unchanged'}`)
      .send();
  });
}
