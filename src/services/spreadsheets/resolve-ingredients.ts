// Which ingredient a recipe line or cost row names: `ingredient_id` (one the account may read: its own
// or a public one; another account's is unknown, docs/api.md §1.5), else `ingredient_name` (the
// account's own of that exact name, else the public library's).
import type { Ingredient } from '../../core/ingredient.js';
import { findReadableIngredients } from '../../db/repositories/ingredients.js';
import { allOwnIngredients, publicIngredientsNamed } from '../../db/repositories/spreadsheets.js';
import type { Executor } from '../../db/schema.js';
import type { ReportBuilder } from './report.js';
import type { ImportRow } from './rows.js';

export interface IngredientResolver {
  /** The row's ingredient; undefined (with an error reported) when it names none; null when it names nothing at all. */
  resolve(row: ImportRow): Ingredient | undefined | null;
  /** A readable ingredient by id (an existing cost's, when the row does not name it). */
  byId(id: number): Promise<Ingredient | undefined>;
  /** The ingredient re-read under a shared lock until commit (undefined: deleted meanwhile). */
  locked(id: number): Promise<Ingredient | undefined>;
}

export async function ingredientResolver(
  tx: Executor,
  accountId: number,
  rows: readonly ImportRow[],
  report: ReportBuilder,
): Promise<IngredientResolver> {
  const ids = rows.map((r) => r.values.ingredient_id).filter((v): v is number => typeof v === 'number');
  const names = rows
    .map((r) => r.values.ingredient_name)
    .filter((v): v is string => typeof v === 'string')
    .map((n) => n.trim());
  const byId = new Map<number, Ingredient>();
  for (let i = 0; i < ids.length; i += 500)
    for (const [id, ingredient] of await findReadableIngredients(tx, ids.slice(i, i + 500), accountId)) byId.set(id, ingredient);
  const own = new Map<string, Ingredient[]>();
  for (const ingredient of await allOwnIngredients(tx, accountId))
    (own.get(ingredient.name) ?? own.set(ingredient.name, []).get(ingredient.name)!).push(ingredient);
  const publicNamed = await publicIngredientsNamed(
    tx,
    names.filter((n) => !own.has(n)),
  );

  return {
    locked: async (id) => (await findReadableIngredients(tx, [id], accountId, 'share')).get(id),
    byId: async (id) => byId.get(id) ?? (await findReadableIngredients(tx, [id], accountId)).get(id),
    resolve({ row, values }) {
      const id = values.ingredient_id;
      const name = typeof values.ingredient_name === 'string' ? values.ingredient_name.trim() : undefined;
      if (typeof id === 'number') {
        const ingredient = byId.get(id);
        if (!ingredient) {
          report.error(row, 'ingredient_id', `ingredient ${id} does not exist or is not readable by this account`);
          return undefined;
        }
        if (name && name !== ingredient.name) {
          report.error(
            row,
            'ingredient_name',
            `"${name}" is not the name of ingredient ${id} ("${ingredient.name}"); clear one of the two`,
          );
          return undefined;
        }
        return ingredient;
      }
      if (!name) return null;
      const named = own.get(name) ?? [];
      if (named.length > 1) {
        report.error(
          row,
          'ingredient_name',
          `${named.length} of this account's ingredients are named "${name}" (ids ${named.map((i) => i.id).join(', ')}); give ingredient_id instead`,
        );
        return undefined;
      }
      const ingredient = named[0] ?? publicNamed.get(name);
      if (!ingredient) report.error(row, 'ingredient_name', `no ingredient named "${name}" is readable by this account`);
      return ingredient;
    },
  };
}
