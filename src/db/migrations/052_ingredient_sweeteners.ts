// docs/api.md#ingredients "Polyols and sweeteners": whether an ingredient's polyols are its own rather than added
// (Regulation (EU) 1169/2011 Annex III counts added polyols), 0/1, false by default; and the intense
// sweeteners it is or contains, a JSON array of keys (src/core/sweeteners.ts), none by default. The polyols'
// amounts are nutrients (per 100 g, in the nutrients JSON), so they need no column.
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // One statement per column: SQLite's ALTER TABLE adds one column at a time.
  await db.schema
    .alterTable('ingredients')
    .addColumn('polyols_intrinsic', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('ingredients')
    .addColumn('intense_sweeteners', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
