import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.js';
import { notNull, real, withId } from './helpers.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('recipes'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('name_fr', 'text')
    .addColumn('search_name', 'text', notNull)
    .addColumn('sku', 'text')
    .addColumn('preparation', 'text')
    .addColumn('subrecipe_name', 'text')
    .addColumn('package_yield_quantity', real(dialect))
    .addColumn('package_yield_unit', 'text', (c) => c.notNull().defaultTo('grams'))
    .addColumn('servings', real(dialect), (c) => c.notNull().defaultTo(1))
    .addColumn('packages', real(dialect), (c) => c.notNull().defaultTo(1))
    .addColumn('suggested_serving', 'text')
    .addColumn('visual_unit_of_measure', 'text')
    .addColumn('prepared_serving_note', 'text')
    .addColumn('ingredient_list', 'text')
    .addColumn('ingredient_list_fr', 'text')
    .addColumn('labor_cost', real(dialect))
    .addColumn('overhead_cost', real(dialect))
    .addColumn('packaging_cost', real(dialect))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('allergens', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('label_settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('embed_token', 'text', (c) => c.notNull().unique())
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  // Lists are per account, sorted by one of three fields with id as the tie-breaker (docs/api.md#lists).
  for (const field of ['updated_at', 'created_at', 'search_name']) {
    await db.schema.createIndex(`recipes_account_${field}`).on('recipes').columns(['account_id', 'archived', field, 'id']).execute();
  }

  await withId(db.schema.createTable('recipe_ingredients'), dialect)
    .addColumn('recipe_id', 'integer', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
    // No cascade: an ingredient in use cannot be deleted (docs/api.md#ingredients, 409 naming the recipes).
    .addColumn('ingredient_id', 'integer', (c) => c.notNull().references('ingredients.id'))
    .addColumn('unit', 'text', notNull)
    .addColumn('quantity', real(dialect), notNull)
    .addColumn('waste', real(dialect), (c) => c.notNull().defaultTo(0))
    .addColumn('total_grams', real(dialect), notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('recipe_ingredients_recipe').on('recipe_ingredients').columns(['recipe_id', 'id']).execute();
  await db.schema.createIndex('recipe_ingredients_ingredient').on('recipe_ingredients').column('ingredient_id').execute();
}
