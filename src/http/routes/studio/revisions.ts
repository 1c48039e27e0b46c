// Studio revisions: a recipe's revisions in plain words (GET /v1/recipes/{id}/revisions), and any two
// compared (GET /v1/recipes/{id}/revisions/diff) with the labels of every market.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../errors.js';
import { studioRevisionDiff, studioRevisions } from '../../../services/studio/index.js';
import { describeChanges } from '../../../web/studio/changes.js';
import { labelDiffView } from '../../../web/studio/label-diff.js';
import { callerOf, idOf, pageNumber, queryText, sendMessage, sendPage, type StudioDeps } from './context.js';

const PER_PAGE = 20;

/** A revision number from the query: a positive integer, else a 422 page naming it. */
function revisionNumber(raw: string, field: 'from' | 'to'): number {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) {
    throw new AppError(422, 'ValidationFailed', `Choose two revisions to compare: "${field}" must be a revision number.`);
  }
  return Number(raw);
}

export function revisionRoutes(app: FastifyInstance, studio: StudioDeps): void {
  const hidden = { schema: { hide: true } };

  app.get('/recipes/:id/revisions', hidden, async (request, reply) => {
    const id = idOf((request.params as { id: string }).id, 'recipe');
    const page = pageNumber(queryText(request.query, 'page'));
    const view = await studioRevisions(studio.ctx, callerOf(request), id, { offset: (page - 1) * PER_PAGE, limit: PER_PAGE });
    const newest = view.items[0]?.number ?? 0;
    // Every revision can be compared with any other: the choices run from the newest down to 1.
    const numbers = Array.from({ length: Math.min(newest, 500) }, (_, i) => newest - i);
    return sendPage(request, reply, 'revisions', {
      title: `Revisions: ${view.recipe.name}`,
      tab: 'revisions',
      recipe: view.recipe,
      revisions: view.items.map((r) => ({ ...r, lines: describeChanges(r.changes, view.names, id) })),
      numbers,
      defaultFrom: Math.max(1, newest - 1),
      defaultTo: newest,
      page,
      pages: Math.max(1, Math.ceil(view.total / PER_PAGE)),
    });
  });

  app.get('/recipes/:id/revisions/diff', hidden, async (request, reply) => {
    const id = idOf((request.params as { id: string }).id, 'recipe');
    const from = revisionNumber(queryText(request.query, 'from'), 'from');
    const to = revisionNumber(queryText(request.query, 'to'), 'to');
    let view: Awaited<ReturnType<typeof studioRevisionDiff>>;
    try {
      view = await studioRevisionDiff(studio.ctx, callerOf(request), id, from, to);
    } catch (error) {
      // A number the recipe never had (or pruned): say which, and go back to the list.
      if (!(error instanceof AppError) || error.status !== 422) throw error;
      return sendMessage(request, reply, 422, 'No such revision', Object.values(error.errors ?? {}).flat()[0] ?? error.message, {
        back: `/studio/recipes/${id}/revisions`,
        backText: 'Back to the revisions',
      });
    }
    return sendPage(request, reply, 'diff', {
      title: `Revision ${from} to ${to}`,
      tab: 'revisions',
      recipe: view.recipe,
      from: view.from,
      to: view.to,
      lines: describeChanges(view.changes, view.names, id),
      labels: view.labels.map(({ market, label }) => ({
        key: market.key,
        name: market.name,
        language: label.language,
        format: label.format,
        changed: label.changed,
        ...labelDiffView(label.rows, label.statements, 'from', 'to'),
      })),
    });
  });
}
