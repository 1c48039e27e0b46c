// A recipe's lines as a spreadsheet gives them again, matched to the lines it has (docs/api.md#spreadsheet-imports): each
// row is the recipe's line of the same ingredient, in order (the first row of an ingredient its first line,
// and so on), so a re-import with one quantity changed updates that one line in place (same id, one change
// in the revision) instead of replacing every line. Rows of an ingredient the recipe does not have are
// added; lines no row matches are removed. Pure.
import type { RecipeLine } from '../../core/recipe/types.js';
import type { LineValues } from '../../db/repositories/recipes-lines.js';

export interface LineAmounts {
  unit: string;
  quantity: number;
  waste: number;
  total_grams: number;
}

export interface LinePlan {
  /** Lines whose row changes their unit, quantity, waste or grams: [the line, its new values]. */
  update: Array<[RecipeLine, LineValues]>;
  add: LineValues[];
  remove: RecipeLine[];
  /** Lines their row leaves as they are. */
  keep: RecipeLine[];
}

export const amountsOf = (l: LineAmounts): LineAmounts => ({
  unit: l.unit,
  quantity: l.quantity,
  waste: l.waste,
  total_grams: l.total_grams,
});

// What a row says of a line: its grams follow from the unit and quantity when the unit is the ingredient's,
// and are the row's own otherwise; both are compared as planLines made them.
const sameAmounts = (a: LineAmounts, b: LineAmounts) =>
  a.unit === b.unit && a.quantity === b.quantity && a.waste === b.waste && a.total_grams === b.total_grams;

export function matchLines(old: readonly RecipeLine[], planned: readonly LineValues[]): LinePlan {
  const free = new Map<number, RecipeLine[]>();
  for (const line of old) {
    const list = free.get(line.ingredient_id);
    if (list) list.push(line);
    else free.set(line.ingredient_id, [line]);
  }
  const plan: LinePlan = { update: [], add: [], remove: [], keep: [] };
  for (const values of planned) {
    const line = free.get(values.ingredient_id)?.shift();
    if (!line) plan.add.push(values);
    else if (sameAmounts(line, values)) plan.keep.push(line);
    else plan.update.push([line, values]);
  }
  for (const left of free.values()) plan.remove.push(...left);
  return plan;
}

export function linesChanged(plan: LinePlan): boolean {
  return plan.update.length > 0 || plan.add.length > 0 || plan.remove.length > 0;
}
