// A nutrient row of the labels that print their figures in columns (EU/UK per 100 g and per portion,
// Australia-New Zealand per serving and per 100 g, Mexico per 100 g and per portion): no %DV column
// (a percentage there belongs to its column), and the row's headline amount is one column's.
import type { LabelNutrientRow } from './model.js';

export function columnTableRow(
  row: Pick<LabelNutrientRow, 'key' | 'name' | 'unit' | 'indent'>,
  headline: { amount: number | null; display: string },
  columns: Pick<LabelNutrientRow, 'line' | 'per_100' | 'per_portion' | 'per_serving'>,
): LabelNutrientRow {
  return {
    key: row.key,
    name: row.name,
    amount: headline.amount,
    unit: row.unit,
    display: headline.display,
    percent_dv: null,
    percent_dv_display: null,
    indent: row.indent,
    bold: false,
    // The columns in the caller's order: the label's JSON (and an approval's canonical text) keeps it.
    ...columns,
  };
}
