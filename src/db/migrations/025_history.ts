// Recipe revisions, approved labels and the audit trail (docs/api.md#history). History is written
// in the same transaction as the change it records, and only ever read by the history routes: the
// present tables stay as they were, so reads of the present never touch these.
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.js';
import { notNull, withId } from './helpers.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';

  // One row per state of a recipe: what changed since the previous one, and a manifest naming each
  // part of the tree as it then stood (the recipe, its lines, the ingredients and subrecipe recipes at
  // any depth, the account's cost entries for them) by the hash of its JSON. The parts themselves are
  // stored once per recipe in recipe_history_parts, so a write stores only the parts it changed, and
  // an as_of read is two indexed lookups and an evaluation, never a replay.
  // No foreign key to recipes: its check would take a share lock on the recipe row while the history
  // lock is held, and a line write holding that row while waiting for the history lock would deadlock
  // with it (PostgreSQL). Deleting a recipe deletes its revisions and parts itself.
  await withId(db.schema.createTable('recipe_revisions'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('recipe_id', 'integer', notNull)
    .addColumn('number', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('changed_by', 'text')
    .addColumn('request_id', 'text')
    .addColumn('changes', 'text', notNull)
    .addColumn('manifest', 'text', notNull)
    .execute();
  await db.schema.createIndex('recipe_revisions_number').unique().on('recipe_revisions').columns(['recipe_id', 'number']).execute();
  // as_of: the newest revision at or before a time is the first entry of this index, read backwards.
  await db.schema.createIndex('recipe_revisions_created').on('recipe_revisions').columns(['recipe_id', 'created_at', 'number']).execute();

  // Content-addressed parts of a recipe's revisions: (recipe, sha256 of the JSON) -> the JSON.
  await db.schema
    .createTable('recipe_history_parts')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('recipe_id', 'integer', notNull)
    .addColumn('hash', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .addPrimaryKeyConstraint('recipe_history_parts_pk', ['recipe_id', 'hash'])
    .execute();

  // Approvals are permanent: no foreign key to the recipe (deleting it leaves what was approved), the
  // label model and the rendered bytes kept as they were (the same bytes forever, whatever code runs later).
  await withId(db.schema.createTable('label_approvals'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('recipe_id', 'integer', notNull)
    .addColumn('revision', 'integer', notNull)
    .addColumn('language', 'text', notNull)
    .addColumn('format', 'text', notNull)
    .addColumn('approved_at', 'text', notNull)
    .addColumn('approved_by', 'text')
    .addColumn('note', 'text')
    .addColumn('sha256', 'text', notNull)
    .addColumn('label', 'text', notNull)
    .addColumn('rules_version', 'text', notNull)
    .addColumn('svg', bytes, notNull)
    .addColumn('png', bytes, notNull)
    .addColumn('pdf', bytes, notNull)
    .execute();
  await db.schema.createIndex('label_approvals_recipe').on('label_approvals').columns(['account_id', 'recipe_id']).execute();

  await withId(db.schema.createTable('audit_events'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('key_prefix', 'text')
    .addColumn('request_id', 'text')
    .addColumn('action', 'text', notNull)
    .addColumn('resource', 'text', notNull)
    .addColumn('resource_id', 'integer')
    .addColumn('fields', 'text', notNull)
    .execute();
  await db.schema.createIndex('audit_events_account').on('audit_events').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('audit_events_created').on('audit_events').column('created_at').execute();
}
