// Request-limit counts that survive a restart and a kill -9 without Redis, and hold across
// several processes on one database (docs/scaling.md "Limits without Redis"). A process reserves a
// block of request numbers in the database before it hands them out; `count` is every number
// reserved so far in the window (spent, or held unspent by a live process, or lost with a crashed
// one), and `last_grant` is the size of the block the last reservation took, which the reserving
// statement returns with the new count so the process knows which numbers are its own.
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.js';
import { notNull } from './helpers.js';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('weekly_usage')
    .addColumn('last_grant', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // One row per account, reused minute after minute (a reservation in a later minute starts it
  // again), so the table never grows with time.
  await db.schema
    .createTable('minute_usage')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('minute', 'integer', notNull)
    .addColumn('count', 'integer', notNull)
    .addColumn('last_grant', 'integer', notNull)
    .execute();
}
