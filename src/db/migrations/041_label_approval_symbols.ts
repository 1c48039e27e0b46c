// docs/api.md#history: approving a Canadian label also freezes its "High in" nutrition symbol (FDR
// B.01.350-B.01.352). One row per approval whose label needed a symbol, written in the approval's
// transaction: its files as drawn then, returned byte for byte forever. No row: the label needed none.
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.js';
import { notNull } from './helpers.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('label_approval_symbols')
    .addColumn('approval_id', 'integer', (c) => c.primaryKey().references('label_approvals.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('language', 'text', notNull)
    .addColumn('orientation', 'text', notNull)
    .addColumn('svg', bytes, notNull)
    .addColumn('png', bytes, notNull)
    .addColumn('pdf', bytes, notNull)
    .execute();
}
