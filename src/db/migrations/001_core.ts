import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../schema.js';
import { notNull, real, withId } from './helpers.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('accounts'), dialect)
    .addColumn('name', 'text', notNull)
    .addColumn('email', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('weekly_limit', 'integer')
    .addColumn('per_minute_limit', 'integer')
    .addColumn('render_limit', 'integer')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(db.schema.createTable('api_keys'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('prefix', 'text', notNull)
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', notNull)
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_account').on('api_keys').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('api_keys_prefix').on('api_keys').column('prefix').execute();

  await withId(db.schema.createTable('ingredients'), dialect)
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('name_fr', 'text')
    .addColumn('search_name', 'text', notNull)
    .addColumn('recipe_id', 'integer')
    .addColumn('brand', 'text')
    .addColumn('source', 'text')
    .addColumn('ingredient_list', 'text')
    .addColumn('ingredient_list_fr', 'text')
    .addColumn('allergens', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('usda_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('food', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('non_food', 'text')
    .addColumn('safety_amount', real(dialect))
    .addColumn('subrecipe', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('portions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('nutrients', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('category', 'text')
    .addColumn('fdc_id', 'integer')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  // Lists are per account, sorted by one of three fields with id as the tie-breaker (docs/api.md#lists).
  for (const field of ['updated_at', 'created_at', 'search_name']) {
    await db.schema
      .createIndex(`ingredients_account_${field}`)
      .on('ingredients')
      .columns(['account_id', 'archived', field, 'id'])
      .execute();
  }
  // Public names are unique; private names need not be (docs/api.md#ingredients).
  await sql`CREATE UNIQUE INDEX ingredients_public_name ON ingredients (name) WHERE account_id IS NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX ingredients_fdc_id ON ingredients (fdc_id) WHERE fdc_id IS NOT NULL`.execute(db);
  await db.schema.createIndex('ingredients_recipe').on('ingredients').column('recipe_id').execute();

  await db.schema
    .createTable('ingredient_tags')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('ingredient_id', 'integer', (c) => c.notNull().references('ingredients.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    .addPrimaryKeyConstraint('ingredient_tags_pk', ['account_id', 'ingredient_id', 'name'])
    .execute();
  await db.schema.createIndex('ingredient_tags_ingredient').on('ingredient_tags').column('ingredient_id').execute();
}
