// The public library as a baker needs it (docs/api.md#public-library):
// - ndb_no: USDA Standard Reference's food number (SR28 NDB_No), the key a re-import of SR28 updates
//   its foods by (as fdc_id is for FoodData Central); unique where set.
// - statement_name: the food's common name for ingredient statements (21 CFR 101.4(a)(1)); and
//   statement_name_generated, 1 while it is the importer's generated name, not a person's.
// - nutrients_inferred: JSON object, nutrient key -> why the importer set it to zero by nature
//   (docs/labeling.md "Zero by nature"); '{}' when none.
// - common_head, common_score: the food's head noun and how far it is from the plain common form
//   (src/core/usda/common-form.ts), for search's common-food class; null for private ingredients.
//   The index reads the library's foods of a head noun in score order.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('ingredients').addColumn('ndb_no', 'integer').execute();
  await db.schema.alterTable('ingredients').addColumn('statement_name', 'text').execute();
  await db.schema
    .alterTable('ingredients')
    .addColumn('statement_name_generated', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('ingredients')
    .addColumn('nutrients_inferred', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.alterTable('ingredients').addColumn('common_head', 'text').execute();
  await db.schema.alterTable('ingredients').addColumn('common_score', 'integer').execute();
  await sql`CREATE UNIQUE INDEX ingredients_ndb_no ON ingredients (ndb_no) WHERE ndb_no IS NOT NULL`.execute(db);
  await sql`CREATE INDEX ingredients_public_common_head ON ingredients (account_id, common_head, common_score, search_name)`.execute(db);
}
