// Which ingredient a recipe line or cost row names: `ingredient_id` (one the account may read: its own
// or a public one; another account's is unknown, docs/api.md#errors), else `ingredient_name`: the
// account's own of exactly that name, else the public library's; when neither has it exactly, the
// account's own of that name in another case ("butter" for "Butter") when that is unique, else the
// public library's likewise (names.ts).
import type { Ingredient } from '../../core/ingredient.js';
import { findReadableIngredients } from '../../db/repositories/ingredients.js';
import { allOwnIngredients, publicIngredientsNamed, publicIngredientsNamedInAnyCase } from '../../db/repositories/spreadsheets.js';
import type { Executor } from '../../db/schema.js';
import { ambiguousName, foldName, NameIndex } from './names.js';
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
  const own = new NameIndex(await allOwnIngredients(tx, accountId), (i) => i.name);
  const publicNamed = await publicIngredientsNamed(
    tx,
    names.filter((n) => !own.match(n).exact),
  );
  // The library's names in another case, for the names found exactly nowhere and in no case among the account's own.
  const publicFolded = new NameIndex(
    await publicIngredientsNamedInAnyCase(
      tx,
      names.filter((n) => !publicNamed.has(n) && own.match(n).found.length === 0),
    ),
    (i) => i.name,
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
        if (name && foldName(name) !== foldName(ingredient.name)) {
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
      const named = own.match(name);
      const library = publicNamed.get(name);
      // An exact name first, the account's own before the library's; then another case, own first.
      const match = named.exact || !library ? named : { found: [library], exact: true };
      const found = match.found.length > 0 ? match : publicFolded.match(name);
      if (found.found.length > 1) {
        const whose = found === match ? "this account's ingredients" : "the public library's ingredients";
        report.error(
          row,
          'ingredient_name',
          ambiguousName(name, found, whose, (i) => i.name, 'give ingredient_id instead'),
        );
        return undefined;
      }
      const ingredient = found.found[0];
      if (!ingredient) report.error(row, 'ingredient_name', `no ingredient named "${name}" is readable by this account`);
      return ingredient;
    },
  };
}
