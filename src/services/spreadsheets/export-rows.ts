// The rows of an export (docs/api.md#bulk-work): everything the account owns, in the columns an import reads,
// read from the database a page at a time in id order so that a large account never sits in memory.
import { INGREDIENT_FLAGS, type Ingredient } from '../../core/ingredient.js';
import { NUTRIENTS } from '../../core/nutrients.js';
import { MAX_UNIT_SLOTS } from '../../core/units.js';
import { findReadableIngredients, tagsFor } from '../../db/repositories/ingredients.js';
import { linesOfRecipes } from '../../db/repositories/recipes-lines.js';
import { ownCostPage, ownIngredientPage, ownRecipePage } from '../../db/repositories/spreadsheets.js';
import type { Executor } from '../../db/schema.js';
import { writeCell } from './cells.js';
import { COLUMNS, RECIPE_FIELD_COLUMNS, type ImportKind } from './kinds.js';
import { languageColumnValues } from './language-columns.js';
import { EXPORT_PAGE_ROWS } from './limits.js';

export type CellValue = string | number | boolean | null;

type Values = Record<string, unknown>;

function ingredientValues(i: Ingredient, tags: readonly string[]): Values {
  const values: Values = {
    id: i.id,
    name: i.name,
    name_fr: i.name_fr,
    brand: i.brand,
    source: i.source,
    ingredient_list: i.ingredient_list,
    ingredient_list_fr: i.ingredient_list_fr,
    ...languageColumnValues(i),
    food: i.food,
    non_food: i.non_food,
    safety_amount: i.safety_amount,
    archived: i.archived,
    // As stored: blank leaves it to the name rule on import, as it was.
    sugars_based: i.sugars_based,
    ...Object.fromEntries(INGREDIENT_FLAGS.map((flag) => [flag, i[flag] === true])),
    intense_sweeteners: (i.intense_sweeteners ?? []).length > 0 ? (i.intense_sweeteners ?? []).join(', ') : null,
    allergens: i.allergens,
    tag_list: tags.length > 0 ? tags.join(', ') : null,
  };
  for (let slot = 0; slot < MAX_UNIT_SLOTS; slot++) {
    values[`description${slot + 1}`] = i.portions[slot]?.description ?? null;
    values[`weight${slot + 1}`] = i.portions[slot]?.weight ?? null;
  }
  values.nutrient_basis = 'per_100g';
  for (const def of NUTRIENTS) values[def.key] = i.nutrients[def.key] ?? null;
  return values;
}

/** Pages of rows, each row's values by column name. */
async function* valuePages(db: Executor, accountId: number, kind: ImportKind): AsyncGenerator<Values[]> {
  let after = 0;
  for (;;) {
    if (kind === 'ingredients') {
      const page = await ownIngredientPage(db, accountId, after, EXPORT_PAGE_ROWS);
      const last = page.at(-1);
      if (last === undefined) return;
      const tags = await tagsFor(
        db,
        accountId,
        page.map((i) => i.id),
      );
      yield page.map((i) => ingredientValues(i, tags.get(i.id) ?? []));
      after = last.id;
    } else if (kind === 'ingredient_costs') {
      const page = await ownCostPage(db, accountId, after, EXPORT_PAGE_ROWS);
      const last = page.at(-1);
      if (last === undefined) return;
      const ingredients = await findReadableIngredients(
        db,
        page.map((c) => c.ingredient_id),
        accountId,
      );
      yield page.map((c) => ({
        id: c.id,
        ingredient_id: c.ingredient_id,
        ingredient_name: ingredients.get(c.ingredient_id)?.name ?? null,
        supplier: c.supplier,
        effective_at: c.effective_at,
        quantity: c.quantity,
        unit: c.unit,
        price: c.price,
        shipping: c.shipping,
      }));
      after = last.id;
    } else {
      // Recipes: a page of recipes at a time (each with all its lines: at most a few hundred).
      const page = await ownRecipePage(db, accountId, after, Math.ceil(EXPORT_PAGE_ROWS / 10));
      const last = page.at(-1);
      if (last === undefined) return;
      const lines = await linesOfRecipes(
        db,
        page.map((r) => r.id),
      );
      const ingredients = await findReadableIngredients(
        db,
        [...lines.values()].flat().map((l) => l.ingredient_id),
        accountId,
      );
      const rows: Values[] = [];
      for (const recipe of page) {
        const fields: Values = {
          ...recipe,
          ...languageColumnValues(recipe),
          recipe_name: recipe.name,
          tags: recipe.tags.length > 0 ? recipe.tags.join(', ') : null,
        };
        const recipeLines = lines.get(recipe.id) ?? [];
        // The recipe's fields on its first row; id and recipe_name on every row, so each row says whose line it is.
        const head = Object.fromEntries(RECIPE_FIELD_COLUMNS.map((c) => [c.name, fields[c.name]]));
        const tail = { id: recipe.id, recipe_name: recipe.name };
        if (recipeLines.length === 0) rows.push(head);
        recipeLines.forEach((line, n) => {
          rows.push({
            ...(n === 0 ? head : tail),
            ingredient_id: line.ingredient_id,
            ingredient_name: ingredients.get(line.ingredient_id)?.name ?? null,
            unit: line.unit,
            quantity: line.quantity,
            waste: line.waste,
          });
        });
      }
      yield rows;
      after = last.id;
    }
  }
}

/** The header row, then every row as cells in column order. */
export async function* exportRows(db: Executor, accountId: number, kind: ImportKind): AsyncGenerator<CellValue[]> {
  const columns = COLUMNS[kind];
  yield columns.map((c) => c.name);
  for await (const page of valuePages(db, accountId, kind)) {
    for (const values of page) yield columns.map((c) => writeCell(values[c.name], c.type));
  }
}
