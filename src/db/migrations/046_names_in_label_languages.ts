// docs/api.md#label-languages: an ingredient's or recipe's names and ingredient lists
// in the label languages other than English and French (de, es, it, nl), each a JSON object keyed by
// language. French keeps its own columns (name_fr, ingredient_list_fr), which the API shows as names.fr
// and ingredient_lists.fr. Existing rows have none ('{}').
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  for (const table of ['ingredients', 'recipes']) {
    await db.schema
      .alterTable(table)
      .addColumn('names', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('ingredient_lists', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  }
}
