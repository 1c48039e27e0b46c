// docs/api.md#bulk-work: a cost entry may name its supplier (spreadsheet imports carry a `supplier`
// column). Free text, nullable: entries written before it have none.
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('ingredient_costs').addColumn('supplier', 'text').execute();
}
