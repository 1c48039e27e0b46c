// What prints differently on two labels (docs/api.md#history): an approval's diff compares the approved label
// with the one the recipe gives now, a revision diff the labels two revisions give.
import type { LabelModel } from '../../core/label/shared/model.js';
import { canonicalJson } from './canonical.js';

/** A row as it prints (its text and %DV text), or null where the label has no such row. */
export type PrintedRow = { display: string; percent_dv_display: string | null } | null;

const printed = (row: LabelModel['nutrients'][number] | undefined) =>
  row ? { display: row.display, percent_dv_display: row.percent_dv_display } : null;

/** What prints differently on two labels: the serving rows and nutrient rows, and the statements and claims. */
export function labelChanges(before: LabelModel, after: LabelModel) {
  const rows: Array<{ key: string; before: PrintedRow; after: PrintedRow }> = [];
  const serving = (l: LabelModel) => ({ display: l.serving_size.display, percent_dv_display: null });
  const servings = (l: LabelModel) => ({ display: l.servings_per_container.display, percent_dv_display: null });
  for (const [key, of] of [
    ['serving_size', serving],
    ['servings_per_container', servings],
  ] as const) {
    if (canonicalJson(of(before)) !== canonicalJson(of(after))) rows.push({ key, before: of(before), after: of(after) });
  }
  const keys = [...new Set([...before.nutrients.map((r) => r.key), ...after.nutrients.map((r) => r.key)])];
  for (const key of keys) {
    const was = printed(before.nutrients.find((r) => r.key === key));
    const is = printed(after.nutrients.find((r) => r.key === key));
    if (canonicalJson(was) !== canonicalJson(is)) rows.push({ key, before: was, after: is });
  }
  const statements: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of ['ingredient_statement', 'allergen_statement', 'claims'] as const) {
    if (canonicalJson(before[key]) !== canonicalJson(after[key])) statements[key] = { before: before[key], after: after[key] };
  }
  return { rows, statements };
}
