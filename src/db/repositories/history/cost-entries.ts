// Cost entries as history snapshots them (docs/api.md#history).
import type { Executor } from '../../schema.js';

/** The account's cost entries of `ingredientIds`, all dates: a snapshot answers any cost date later. */
export async function costEntriesOf(db: Executor, accountId: number, ingredientIds: readonly number[]) {
  if (ingredientIds.length === 0) return [];
  return db
    .selectFrom('ingredient_costs')
    .select(['id', 'ingredient_id', 'effective_at', 'quantity', 'unit', 'price', 'shipping'])
    .where('account_id', '=', accountId)
    .where('ingredient_id', 'in', [...ingredientIds])
    .orderBy('id')
    .execute();
}
