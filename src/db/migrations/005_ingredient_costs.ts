// Ingredient costs per account (docs/api.md#costs).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../schema.js';
import { notNull, real, withId } from './helpers.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('ingredient_costs'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // A deleted ingredient takes its price history with it (only unused ingredients can be deleted).
    .addColumn('ingredient_id', 'integer', (c) => c.notNull().references('ingredients.id').onDelete('cascade'))
    .addColumn('effective_at', 'text', notNull)
    .addColumn('quantity', real(dialect), notNull)
    .addColumn('unit', 'text', notNull)
    .addColumn('price', real(dialect), notNull)
    .addColumn('shipping', real(dialect), notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  // One entry per ingredient per date per account (docs/api.md#costs); also the index behind "latest
  // effective_at not after the date" for one ingredient or a whole recipe tree.
  await sql`CREATE UNIQUE INDEX ingredient_costs_entry ON ingredient_costs (account_id, ingredient_id, effective_at)`.execute(db);
  await db.schema.createIndex('ingredient_costs_ingredient').on('ingredient_costs').column('ingredient_id').execute();
}
