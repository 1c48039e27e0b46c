// Studio labels: every market's label of a recipe side by side, its files (the same bytes as GET
// /v1/recipes/{id}/label.svg|png|pdf), its front-of-pack drawing, approving one (as POST
// /v1/recipes/{id}/label_approvals does) and the approvals with their frozen files.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../../errors.js';
import { approvalFile, approvalSymbolFile, approveLabel } from '../../../services/approvals/index.js';
import { canonicalJson, recipeSymbol, sha256Hex, type LabelFileFormat } from '../../../services/labels/index.js';
import {
  approvalSummary,
  studioApproval,
  studioLabels,
  studioMarket,
  studioMarketLabel,
  type FrontOfPackKind,
  type MarketLabel,
} from '../../../services/studio/index.js';
import { describeChanges } from '../../../web/studio/changes.js';
import { labelDiffView } from '../../../web/studio/label-diff.js';
import { sendFile, withLabelComplete } from '../../file-reply.js';
import { labelDrawers } from '../../label-drawing.js';
import { formText } from '../web-session.js';
import { callerOf, idOf, pageNumber, queryText, sendPage, sessionOf, type StudioDeps } from './context.js';

const APPROVALS_PER_PAGE = 20;
const NOTE_MAX = 2000;

const FRONT_OF_PACK_TITLES: Record<FrontOfPackKind, string> = {
  high_in: 'Front-of-package “High in” symbol (FDR B.01.350)',
  traffic_light: 'UK front-of-pack traffic-light panel',
  octagons: 'Warning octagons (NOM-051)',
};

const fileUrls = (base: string) => ({ svg: `${base}.svg`, png: `${base}.png`, pdf: `${base}.pdf` });

/**
 * An SVG as an image URL inside the page: the page shows the very drawings its warnings describe, in
 * one answer (no second evaluation of the recipe per image). Only what a URL or the attribute cannot
 * hold is escaped; the fonts inside stay base64 as they are.
 */
const svgDataUrl = (svg: Buffer) => `data:image/svg+xml;charset=utf-8,${svg.toString('utf8').replace(/[%#<>"\n\r]/g, encodeURIComponent)}`;

function marketView(recipeId: number, m: MarketLabel, errors: string[]) {
  const blocking = new Set([...m.blockers.incomplete, ...(m.blockers.never?.warnings ?? [])]);
  return {
    key: m.market.key,
    name: m.market.name,
    language: m.label.language,
    format: m.label.format,
    complete: m.label.complete,
    image: svgDataUrl(m.svg),
    files: fileUrls(`/studio/recipes/${recipeId}/labels/${m.market.key}`),
    warnings: m.label.warnings.map((w) => ({ message: w.message, accepted: w.accepted, blocking: blocking.has(w) })),
    cannotApprove: m.blockers.never?.message ?? null,
    incomplete: m.blockers.incomplete.map((w) => w.message),
    frontOfPack: m.frontOfPack && {
      drawn: m.frontOfPack.svg !== null,
      note: m.frontOfPack.note,
      image: m.frontOfPack.svg && svgDataUrl(m.frontOfPack.svg),
      title: FRONT_OF_PACK_TITLES[m.frontOfPack.kind],
      files: fileUrls(`/studio/recipes/${recipeId}/front-of-pack/${m.market.key}`),
    },
    approval: m.approval,
    errors,
  };
}

/** The labels page; `failed` re-shows it with why an approval was refused, on that market's card (422). */
async function showLabels(
  request: FastifyRequest,
  reply: FastifyReply,
  studio: StudioDeps,
  id: number,
  failed?: { market: string; errors: string[] },
) {
  const page = pageNumber(queryText(request.query, 'approvals_page'));
  const view = await studioLabels(
    studio.ctx,
    callerOf(request),
    id,
    { offset: (page - 1) * APPROVALS_PER_PAGE, limit: APPROVALS_PER_PAGE },
    studio.files,
  );
  const approved = queryText(request.query, 'approved');
  const notice = /^\d{1,10}$/.test(approved)
    ? `Approved: approval ${approved}. Its data and its SVG, PNG and PDF are frozen; download them from the list below.`
    : null;
  return sendPage(
    request,
    reply,
    'labels',
    {
      title: `Labels: ${view.recipe.name}`,
      tab: 'labels',
      recipe: view.recipe,
      notice,
      markets: view.markets.map((m) => marketView(id, m, failed?.market === m.market.key ? failed.errors : [])),
      approvals: view.approvals.items,
      approvalsTotal: view.approvals.total,
      approvalsPage: page,
      approvalsPages: Math.max(1, Math.ceil(view.approvals.total / APPROVALS_PER_PAGE)),
    },
    failed ? 422 : 200,
  );
}

/** "en-US.pdf" -> the market and the format; anything else is not found. */
function marketFile(raw: string): { market: string; format: LabelFileFormat } {
  const match = /^([a-z]{2}-[A-Z]{2})\.(svg|png|pdf)$/.exec(raw);
  if (!match?.[1] || !studioMarket(match[1])) throw notFound('label');
  return { market: match[1], format: match[2] as LabelFileFormat };
}

const APPROVAL_FILES = /^(label|front-of-pack)\.(svg|png|pdf)$/;

export function labelRoutes(app: FastifyInstance, studio: StudioDeps): void {
  const hidden = { schema: { hide: true } };
  // Files carry no page policy: an SVG shown by an <img> draws its own embedded fonts.
  const file = { schema: { hide: true }, helmet: false as const };

  app.get('/recipes/:id/labels', hidden, async (request, reply) =>
    showLabels(request, reply, studio, idOf((request.params as { id: string }).id, 'recipe')),
  );

  app.get('/recipes/:id/labels/:file', file, async (request, reply) => {
    const params = request.params as { id: string; file: string };
    const id = idOf(params.id, 'recipe');
    const { market, format } = marketFile(params.file);
    const { name, label, sha256 } = await studioMarketLabel(studio.ctx, callerOf(request), id, market);
    const { draw } = labelDrawers(studio, sessionOf(request).account);
    const bytes = await studio.files.getOrDraw(`label:${sha256}:${format}`, () => draw(label, format));
    withLabelComplete(reply, label.complete);
    return sendFile(reply, format, bytes, `${name} ${market}`);
  });

  app.get('/recipes/:id/front-of-pack/:file', file, async (request, reply) => {
    const params = request.params as { id: string; file: string };
    const id = idOf(params.id, 'recipe');
    const { market, format } = marketFile(params.file);
    const language = studioMarket(market)?.frontOfPack?.language;
    if (!language) throw notFound('front-of-pack drawing');
    const symbol = await recipeSymbol(studio.ctx, callerOf(request), id, { language });
    const { drawSymbol } = labelDrawers(studio, sessionOf(request).account);
    const key = `symbol:${sha256Hex(canonicalJson(symbol.drawing))}:${format}`;
    const bytes = await studio.files.getOrDraw(key, () => drawSymbol(symbol.drawing, format));
    withLabelComplete(reply, symbol.complete);
    return sendFile(reply, format, bytes, `${symbol.name} ${market}`, 'front-of-pack');
  });

  app.post('/recipes/:id/approvals', hidden, async (request, reply) => {
    const id = idOf((request.params as { id: string }).id, 'recipe');
    const market = studioMarket(formText(request, 'market'));
    if (!market) throw notFound('label');
    const note = formText(request, 'note').trim();
    // As the API's body schema bounds it (docs/api.md#label-approvals).
    if (note.length > NOTE_MAX) {
      return showLabels(request, reply, studio, id, { market: market.key, errors: [`The note must be at most ${NOTE_MAX} characters.`] });
    }
    const { draw, drawSymbol } = labelDrawers(studio, sessionOf(request).account);
    let approvalId: number;
    try {
      const input = {
        ...market.query,
        note: note === '' ? null : note,
        accept_incomplete: formText(request, 'accept_incomplete') === 'true',
      };
      approvalId = (await approveLabel(studio.ctx, callerOf(request), id, input, draw, drawSymbol)).id;
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 422) throw error;
      const details = Object.values(error.errors ?? {}).flat();
      return showLabels(request, reply, studio, id, { market: market.key, errors: [error.message, ...details] });
    }
    return reply.code(303).header('Location', `/studio/recipes/${id}/labels?approved=${approvalId}#market-${market.key}`).send();
  });

  app.get('/approvals/:id', hidden, async (request, reply) => {
    const id = idOf((request.params as { id: string }).id, 'label approval');
    const view = await studioApproval(studio.ctx, callerOf(request), id);
    const rootId = view.approval.recipe_id;
    return sendPage(request, reply, 'approval', {
      title: `Approval ${id}`,
      approval: view.approval,
      recipeName: view.recipeName,
      frozenSymbol: approvalSummary(view.approval).frozen_symbol,
      diff: view.diff && {
        changed: view.diff.changed,
        ...labelDiffView(
          view.diff.rows.map((r) => ({ key: r.key, from: r.approved, to: r.current })),
          view.diff.statements,
          'approved',
          'current',
        ),
      },
      causes: (view.diff?.causes ?? []).map((c) => ({ ...c, lines: describeChanges(c.changes, view.names, rootId) })),
    });
  });

  app.get('/approvals/:id/:file', file, async (request, reply) => {
    const params = request.params as { id: string; file: string };
    const id = idOf(params.id, 'label approval');
    const match = APPROVAL_FILES.exec(params.file);
    if (!match) throw notFound('file');
    const format = match[2] as LabelFileFormat;
    const what = match[1] === 'label' ? 'label' : 'front-of-pack';
    const found =
      what === 'label'
        ? await approvalFile(studio.ctx, callerOf(request), id, format)
        : await approvalSymbolFile(studio.ctx, callerOf(request), id, format);
    withLabelComplete(reply, found.complete);
    return sendFile(reply, format, found.bytes, found.name, what);
  });
}
