// docs/api.md#library-fields: a public ingredient's allergens may come from the USDA importer's inference rules
// (src/core/usda/allergen-inference.ts) rather than from a person. The flag lets labels say so; a
// write of `allergens` through the API clears it. Booleans are 0/1 integers in both databases.
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('ingredients')
    .addColumn('allergens_inferred', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
