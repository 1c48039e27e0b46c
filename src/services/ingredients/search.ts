// GET /v1/ingredients/search: the public library and the caller's own ingredients, ranked by name.
import { tagsFor } from '../../db/repositories/ingredients.js';
import { searchIngredients, type IngredientSearchOptions } from '../../db/repositories/ingredient-search/index.js';
import type { Caller, ServiceContext } from '../context.js';
import type { IngredientWithTags } from './ingredients.js';

export async function searchIngredientLibrary(
  ctx: ServiceContext,
  caller: Caller,
  options: Omit<IngredientSearchOptions, 'accountId'>,
): Promise<{ items: IngredientWithTags[]; total: number }> {
  const { db, dialect } = ctx.database;
  const { items, total } = await searchIngredients(db, dialect, { ...options, accountId: caller.accountId });
  const tags = await tagsFor(
    db,
    caller.accountId,
    items.map((i) => i.id),
  );
  return { items: items.map((ingredient) => ({ ingredient, tags: tags.get(ingredient.id) ?? [] })), total };
}
