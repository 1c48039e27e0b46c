// FDR B.01.008.3: a Canadian list of ingredients groups the sugars-based ones after "Sugars". An
// ingredient may say whether it is one (1 or 0); null, the default for every existing row, leaves it
// to the name rule of src/core/label/canada/sugars-based.ts. Booleans are 0/1 integers in both databases.
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('ingredients').addColumn('sugars_based', 'integer').execute();
}
