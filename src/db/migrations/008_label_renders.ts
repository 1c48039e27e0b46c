// Asynchronous label renders, shared by every instance (status polls and signed downloads).
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.js';
import { notNull } from './helpers.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('label_renders')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('recipe_id', 'integer', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
    .addColumn('status', 'text', notNull)
    .addColumn('format', 'text', notNull)
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  // Lazy expiry deletes by age.
  await db.schema.createIndex('label_renders_created').on('label_renders').column('created_at').execute();
}
