// FDA linear ("string") display (21 CFR 101.9(j)(13)(ii)(A)(2); docs/labeling.md#us-formats): the whole
// label as one run of text, "% DV" in parentheses, abbreviated names allowed ((j)(13)(ii)(B)).

import type { LabelCanvas, Run } from '../shared/drawing/canvas.js';
import { CAP, DESC, MARGIN, PAD } from '../shared/drawing/metrics.js';
import type { LabelModel, LabelNutrientRow } from '../shared/model.js';
import { addedSugarsText, bodyRows, caloriesRow, FDA, nameRuns } from './draw-common.js';

const CONTENT_WIDTH = 360;

function percent(row: LabelNutrientRow): string {
  return row.percent_dv_display ? ` (${row.percent_dv_display} DV)` : '';
}

function rowRuns(row: LabelNutrientRow, next: LabelNutrientRow | undefined): Run[] {
  const name = row.short_name ?? row.name;
  const runs = nameRuns(row, name).map((r) => ({ ...r, key: row.key }));
  // "Total Sugars 12g (Incl. 10g Added Sugars, 20% DV)": added sugars go inside the sugars item.
  if (row.key === 'sugar' && next?.key === 'added_sugar') {
    runs.push({ text: ` ${row.display}`, face: 'regular', key: row.key });
    return runs;
  }
  runs.push({ text: ` ${row.display}${percent(row)}`, face: 'regular', key: row.key });
  return runs;
}

export function linearRuns(model: LabelModel): Run[] {
  const runs: Run[] = [
    { text: `${model.title || 'Nutrition Facts'} `, face: 'black' },
    { text: `${model.servings_per_container.display}, `, face: 'regular' },
    { text: 'Serv. size: ', face: 'bold' },
    { text: `${model.serving_size.display}, `, face: 'regular' },
  ];
  const calories = caloriesRow(model);
  if (calories) {
    runs.push({ text: 'Amount per serving: ', face: 'bold', key: 'calories' });
    runs.push({ text: `${calories.name} `, face: 'bold', key: 'calories' });
    runs.push({ text: `${calories.display}, `, face: 'regular', key: 'calories' });
  }
  const rows = bodyRows(model);
  rows.forEach((row, i) => {
    const last = i === rows.length - 1;
    if (row.key === 'added_sugar') {
      const pct = row.percent_dv_display ? `, ${row.percent_dv_display} DV` : '';
      const opened = rows[i - 1]?.key === 'sugar';
      runs.push({ text: `${opened ? ' ' : ''}(${addedSugarsText(row, true)}${pct})${last ? '.' : ', '}`, face: 'regular', key: row.key });
      return;
    }
    const pieces = rowRuns(row, rows[i + 1]);
    const tail = pieces.at(-1); // rowRuns always ends with the amount
    if (tail && !(row.key === 'sugar' && rows[i + 1]?.key === 'added_sugar')) tail.text += last ? '.' : ', ';
    runs.push(...pieces);
  });
  if (model.not_significant_statement) runs.push({ text: ` ${model.not_significant_statement}`, face: 'regular' });
  if (model.footnote) runs.push({ text: ` ${model.footnote}`, face: 'regular' });
  return runs;
}

export function layoutFdaLinear(canvas: LabelCanvas, model: LabelModel): { width: number; height: number } {
  const left = MARGIN + PAD;
  const size = FDA.row;
  const lines = canvas.wrapRuns(linearRuns(model), size, CONTENT_WIDTH);
  let y = MARGIN + PAD - 1;
  for (const line of lines) {
    y += CAP * size + 1;
    canvas.line(
      y,
      line.map((r) => ({ ...r, x: r.x + left })),
      size,
    );
    y += DESC * size + 1;
  }
  y += PAD - 1;
  canvas.box(MARGIN, MARGIN, CONTENT_WIDTH + 2 * PAD, y - MARGIN, FDA.box);
  return { width: CONTENT_WIDTH + 2 * PAD + 2 * MARGIN, height: y + MARGIN };
}
