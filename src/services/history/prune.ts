// Retention (docs/api.md §9; README "Configuration": RECIPAL_HISTORY_RETENTION_DAYS): operators prune
// old revisions and audit events. Approvals are never pruned: they are the record of what was printed.
import { pruneAuditEvents, pruneRevisions } from '../../db/repositories/history.js';
import { isoSeconds } from '../../lib/time.js';
import type { ServiceContext } from '../context.js';

export interface PruneResult {
  revisions: number;
  audit_events: number;
}

/** Deletes history before `before` (ISO); each recipe keeps its newest revision before it. */
export async function pruneHistory(ctx: ServiceContext, before: string): Promise<PruneResult> {
  return ctx.database.db.transaction().execute(async (tx) => ({
    revisions: await pruneRevisions(tx, before),
    audit_events: await pruneAuditEvents(tx, before),
  }));
}

/** The cut-off a retention of `days` gives now; null keeps everything (the default). */
export function retentionCutoff(ctx: ServiceContext, days: number | null): string | null {
  if (days === null) return null;
  return isoSeconds(new Date(ctx.clock.now().getTime() - days * 86_400_000));
}
