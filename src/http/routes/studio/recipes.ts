// Studio recipes: the list (search, pages), one recipe (lines, grams, shares, yield, costs, what is
// unknown) and changing a line's amount from the page, through the services of GET /v1/recipes and
// PUT /v1/recipes/{id}/recipe_ingredients/{line_id}.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors.js';
import { listRecipes, updateLine } from '../../../services/recipes/index.js';
import { studioRecipe } from '../../../services/studio/index.js';
import { formText } from '../web-session.js';
import { callerOf, idOf, pageNumber, queryText, sendPage, type StudioDeps } from './context.js';

const PER_PAGE = 20;

/** Notices a redirect after a form post names by a code (never free text from the URL). */
const NOTICES: Record<string, string> = {
  line: 'Saved. The recipe has a new revision; its approved labels keep the files they were approved with.',
};

/** The line a failed save was about: its messages and what was typed, shown again. */
interface LineRetry {
  lineId: number;
  errors: string[];
  input: { quantity: string; unit: string };
}

async function showRecipe(request: FastifyRequest, reply: FastifyReply, studio: StudioDeps, id: number, retry?: LineRetry) {
  const view = await studioRecipe(studio.ctx, callerOf(request), id);
  const notice = NOTICES[queryText(request.query, 'saved')] ?? null;
  return sendPage(
    request,
    reply,
    'recipe',
    {
      title: view.recipe.name,
      tab: 'overview',
      ...view,
      notice,
      lineErrors: retry ? { [retry.lineId]: retry.errors } : {},
      lineInput: retry ? { [retry.lineId]: retry.input } : {},
    },
    retry ? 422 : 200,
  );
}

export function recipeRoutes(app: FastifyInstance, studio: StudioDeps): void {
  const hidden = { schema: { hide: true } };

  app.get('/recipes', hidden, async (request, reply) => {
    const q = queryText(request.query, 'q').trim().slice(0, 200);
    const page = pageNumber(queryText(request.query, 'page'));
    const { items, total } = await listRecipes(studio.ctx, callerOf(request), {
      archived: 'active',
      sortField: q ? 'name' : 'updated_at',
      direction: q ? 'asc' : 'desc',
      offset: (page - 1) * PER_PAGE,
      limit: PER_PAGE,
      q: q || undefined,
    });
    const pageHref = (n: number) => `/studio/recipes?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`;
    return sendPage(request, reply, 'recipes', {
      title: 'Recipes',
      q,
      total,
      page,
      pages: Math.max(1, Math.ceil(total / PER_PAGE)),
      pageHref,
      items: items.map((r) => ({
        id: r.recipe.id,
        name: r.recipe.name,
        archived: r.recipe.archived,
        servings: r.recipe.servings,
        packages: r.recipe.packages,
        net_grams: r.net_grams,
        serving_grams: r.serving_grams,
        cost_per_serving: r.costs.per_serving,
        currency: r.costs.currency,
        missingCosts: r.costs.missing_costs.length,
        updated_at: r.recipe.updated_at,
      })),
    });
  });

  app.get('/recipes/:id', hidden, async (request, reply) => {
    return showRecipe(request, reply, studio, idOf((request.params as { id: string }).id, 'recipe'));
  });

  app.post('/recipes/:id/lines/:lineId', hidden, async (request, reply) => {
    const params = request.params as { id: string; lineId: string };
    const id = idOf(params.id, 'recipe');
    const lineId = idOf(params.lineId, 'recipe ingredient');
    const input = { quantity: formText(request, 'quantity').trim(), unit: formText(request, 'unit') };
    try {
      await updateLine(studio.ctx, callerOf(request), id, lineId, {
        quantity: input.quantity === '' ? undefined : input.quantity.replace(',', '.'),
        unit: input.unit === '' ? undefined : input.unit,
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 422) throw error;
      const errors = Object.entries(error.errors ?? {}).flatMap(([field, messages]) => messages.map((m) => `${field}: ${m}`));
      return showRecipe(request, reply, studio, id, { lineId, errors: errors.length > 0 ? errors : [error.message], input });
    }
    return reply.code(303).header('Location', `/studio/recipes/${id}?saved=line#line-${lineId}`).send();
  });
}
