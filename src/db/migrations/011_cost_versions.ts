// What lets every instance cache an account's active prices and never serve a changed one
// (src/services/costs/price-cache.ts). Every write to an account's ingredient costs, in its transaction,
// bumps accounts.cost_version and records which ingredient it changed under the new version in
// cost_changes. A reader compares the version with the one its cache was read at, and re-reads only
// the ingredients changed in between (the whole cache when the log no longer reaches back that far).
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('cost_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('cost_changes')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('ingredient_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('cost_changes_pk', ['account_id', 'version'])
    .execute();
}
