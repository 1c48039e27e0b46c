// docs/api.md#market-mexico: what an ingredient adds to a product, for the front-of-pack warnings of
// NOM-051-SCFI/SSA1-2010 (4.5.3: seals only for products with added fats or sodium; 7.1.3-7.1.4: the
// sweetener and caffeine legends). Four booleans, 0/1 integers in both databases, false by default.
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

const FLAGS = ['adds_fat', 'adds_sodium', 'non_caloric_sweetener', 'added_caffeine'] as const;

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // One statement per column: SQLite's ALTER TABLE adds one column at a time.
  for (const flag of FLAGS) {
    await db.schema
      .alterTable('ingredients')
      .addColumn(flag, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}
