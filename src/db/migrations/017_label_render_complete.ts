// A signed download of an asynchronous render says whether the label was complete
// (X-Label-Complete, docs/api.md#incomplete-band), so the render row records it. 1 = complete, 0 = not; null for
// renders made before this migration (the header is then left out).
import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('label_renders').addColumn('complete', 'integer').execute();
}
