// Issue 5: a counter per account, bumped in the same transaction as every write to its ingredient costs.
// Readers compare it with the version their cached active prices were read at (src/services/price-cache.ts),
// so a cache on any instance is checked against the database on every read instead of trusted for a while.
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('cost_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
