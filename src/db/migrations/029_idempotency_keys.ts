// Idempotency-Key on every POST (docs/api.md#idempotency-key). Kept in the database, not in memory, so a
// retry is answered alike by any instance and after a restart. One row per account and key: the
// fingerprint of the first request (method, path, query, body), and once it has answered, the
// response to replay. A row whose status is null is a request still in flight.
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.js';
import { notNull } from './helpers.js';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('key', 'varchar(255)', notNull)
    .addColumn('fingerprint', 'text', notNull)
    .addColumn('status', 'integer')
    .addColumn('headers', 'text')
    .addColumn('body', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
    .execute();
  // Expired keys are pruned by expiry time.
  await db.schema.createIndex('idempotency_keys_expires').on('idempotency_keys').column('expires_at').execute();
}
