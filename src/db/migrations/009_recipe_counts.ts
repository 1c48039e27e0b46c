// Recipe counts per account and archived state, kept in step with the recipes table by the recipes
// repository: the exact X-Total-Count of a list (docs/api.md#lists) without counting 100,000 index entries.
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('recipe_counts')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('archived', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('recipe_counts_pk', ['account_id', 'archived'])
    .execute();
}
