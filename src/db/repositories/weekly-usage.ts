// Weekly request counts per account, as reserved by the default limit store (limit-reservations.ts).
import type { Executor } from '../schema.js';

export async function readWeeklyUsage(db: Executor, accountId: number, weekStart: string): Promise<number> {
  const row = await db
    .selectFrom('weekly_usage')
    .select('count')
    .where('account_id', '=', accountId)
    .where('week_start', '=', weekStart)
    .executeTakeFirst();
  return row ? Number(row.count) : 0;
}
