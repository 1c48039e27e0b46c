// docs/api.md#spreadsheet-imports: the report of every spreadsheet import (dry runs, applied and failed imports),
// kept so that `GET /v1/imports/{id}` answers it later. The report is stored whole as the API answered
// it (JSON); the columns beside it are what lookups and pruning need. Pruned with the account's history
// (`recipal history prune`, docs/api.md#retention) by created_at.
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.js';
import { notNull } from './helpers.js';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('import_reports')
    // The report's id: a random UUID, so one account cannot guess another's.
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('report', 'text', notNull)
    .execute();
  await db.schema.createIndex('import_reports_created').on('import_reports').column('created_at').execute();
}
