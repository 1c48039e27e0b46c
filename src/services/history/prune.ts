// Retention (docs/api.md#history; README "Configuration": RECIPAL_HISTORY_RETENTION_DAYS): operators prune
// old revisions, audit events and import reports (docs/api.md#spreadsheet-imports). Approvals are never pruned: they
// are the record of what was printed.
import type { Executor } from '../../db/schema.js';
import {
  deleteHistoryParts,
  historyPartUse,
  pruneAuditEvents,
  pruneRevisions,
  recipesWithRevisionsBefore,
} from '../../db/repositories/history/index.js';
import { pruneImportReports } from '../../db/repositories/spreadsheets.js';
import type { Manifest } from './parts.js';
import { isoSeconds } from '../../lib/time.js';
import type { ServiceContext } from '../context.js';

export interface PruneResult {
  revisions: number;
  /** Stored parts of recipe trees that no remaining revision names any more. */
  parts: number;
  audit_events: number;
  /** Reports of spreadsheet imports (GET /v1/imports/{id}) made before the date. */
  import_reports: number;
}

/** Deletes history before `before` (ISO); each recipe keeps its newest revision before it. */
export async function pruneHistory(ctx: ServiceContext, before: string): Promise<PruneResult> {
  return ctx.database.db.transaction().execute(async (tx) => {
    const recipes = await recipesWithRevisionsBefore(tx, before);
    const revisions = await pruneRevisions(tx, before);
    let parts = 0;
    for (const recipeId of recipes) parts += await pruneUnusedParts(tx, recipeId);
    return { revisions, parts, audit_events: await pruneAuditEvents(tx, before), import_reports: await pruneImportReports(tx, before) };
  });
}

/** Deletes the recipe's stored parts that none of its remaining revisions names. */
async function pruneUnusedParts(tx: Executor, recipeId: number): Promise<number> {
  const use = await historyPartUse(tx, recipeId);
  const named = new Set(use.manifests.flatMap((manifest) => Object.values(JSON.parse(manifest) as Manifest)));
  return deleteHistoryParts(
    tx,
    recipeId,
    use.hashes.filter((hash) => !named.has(hash)),
  );
}

/** The cut-off a retention of `days` gives now; null keeps everything (the default). */
export function retentionCutoff(ctx: ServiceContext, days: number | null): string | null {
  if (days === null) return null;
  return isoSeconds(new Date(ctx.clock.now().getTime() - days * 86_400_000));
}
