// Weekly request counts per account. Written in batches by the in-process limiter (never per request).
import type { Executor } from '../schema.js';

export interface UsageDelta {
  account_id: number;
  week_start: string;
  delta: number;
}

export async function readWeeklyUsage(db: Executor, accountId: number, weekStart: string): Promise<number> {
  const row = await db.selectFrom('weekly_usage').select('count')
    .where('account_id', '=', accountId).where('week_start', '=', weekStart).executeTakeFirst();
  return row ? Number(row.count) : 0;
}

/** Adds each delta to its (account, week) row in one statement; rows must be distinct by key. */
export async function addWeeklyUsage(db: Executor, deltas: UsageDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await db.insertInto('weekly_usage')
    .values(deltas.map((d) => ({ account_id: d.account_id, week_start: d.week_start, count: d.delta })))
    .onConflict((oc) => oc.columns(['account_id', 'week_start']).doUpdateSet((eb) => ({
      count: eb('weekly_usage.count', '+', eb.ref('excluded.count')),
    })))
    .execute();
}
