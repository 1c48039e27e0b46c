// One subrecipe ingredient per recipe, enforced by the database (docs/api.md#recipes:
// create_subrecipe is idempotent). Concurrent calls used to make several on PostgreSQL; a database
// that holds such duplicates is repaired first: the oldest ingredient (the one create_subrecipe has
// always answered with) is kept, lines on the others move to it, and the others are deleted (their
// tags and search entries go with them; subrecipes take no cost entries).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../schema.js';

const KEPT = sql.raw(`(SELECT min(k.id) FROM ingredients k WHERE k.subrecipe = 1 AND k.recipe_id = d.recipe_id)`);

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await sql`
    UPDATE recipe_ingredients SET ingredient_id = (
      SELECT ${KEPT} FROM ingredients d WHERE d.id = recipe_ingredients.ingredient_id
    )
    WHERE ingredient_id IN (
      SELECT d.id FROM ingredients d WHERE d.subrecipe = 1 AND d.recipe_id IS NOT NULL AND d.id > ${KEPT}
    )`.execute(db);
  await sql`
    DELETE FROM ingredients WHERE id IN (
      SELECT d.id FROM ingredients d WHERE d.subrecipe = 1 AND d.recipe_id IS NOT NULL AND d.id > ${KEPT}
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX ingredients_one_subrecipe ON ingredients (recipe_id) WHERE subrecipe = 1 AND recipe_id IS NOT NULL`.execute(
    db,
  );
}
