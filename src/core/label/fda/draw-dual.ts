// FDA dual-column display, per serving and per container (21 CFR 101.9(b)(12)(i), (e);
// docs/labeling.md#us-formats): the vertical display with two columns of amount and %DV under the titles.

import type { LabelCanvas } from '../shared/drawing/canvas.js';
import { CAP, DESC, MARGIN, PAD } from '../shared/drawing/metrics.js';
import { drawParagraph, type Frame } from '../shared/drawing/paragraph.js';
import type { LabelModel, LabelNutrientRow } from '../shared/model.js';
import { bodyRows, caloriesRow, FDA, isAddedSugarsLine, isDrvPercentBold, isUpperBlock, nameRuns } from './draw-common.js';
import { drawFdaHeader } from './draw-vertical.js';

const NAME_WIDTH = 112;
const COLUMN_WIDTH = 72;

interface Column {
  left: number;
  right: number;
}

type Cell = { display: string; percent_dv_display: string | null };

type Pair<T> = [T, T];

/** Each of the two columns with its own item of a pair (per serving, per container). */
function byColumn<T>(columns: Pair<Column>, items: Pair<T>): Array<[Column, T]> {
  return [
    [columns[0], items[0]],
    [columns[1], items[1]],
  ];
}

function cells(row: LabelNutrientRow): Pair<Cell> {
  const container = row.container ?? { display: '', percent_dv_display: null };
  return [row, container];
}

function drawCell(canvas: LabelCanvas, row: LabelNutrientRow, cell: Cell, column: Column, baseline: number): void {
  // The added-sugars line names its amount in the left column ("Includes 10g Added Sugars");
  // the columns still carry each amount, because the per-container amount differs.
  if (cell.display !== '') canvas.text(column.left + 3, baseline, cell.display, { size: FDA.row });
  if (cell.percent_dv_display) {
    const face = isDrvPercentBold(row.key) ? 'bold' : 'regular';
    canvas.text(column.right - 2, baseline, cell.percent_dv_display, { size: FDA.row, face, anchor: 'end' });
  }
}

function drawRow(canvas: LabelCanvas, row: LabelNutrientRow, frame: Frame, columns: Pair<Column>, top: number, rule: boolean): number {
  const x = frame.left + FDA.indent * row.indent;
  canvas.open(row.key);
  if (rule) canvas.rule(x, frame.right, top, FDA.hairline);
  const baseline = top + FDA.hairline + 1.75 + CAP * FDA.row;
  // Each column prints its own added-sugars amount, so the name reads "Incl. Added Sugars".
  const name = isAddedSugarsLine(row)
    ? [{ text: `Incl. ${row.name.replace(/^incl(udes|\.)\s*/i, '')}`, face: 'regular' as const }]
    : nameRuns(row);
  canvas.line(baseline, canvas.placeRuns(name, FDA.row, x).runs, FDA.row);
  for (const [column, cell] of byColumn(columns, cells(row))) drawCell(canvas, row, cell, column, baseline);
  canvas.close();
  return top + FDA.rowHeight;
}

export function layoutFdaDual(canvas: LabelCanvas, model: LabelModel): { width: number; height: number } {
  const left = MARGIN + PAD;
  const frame: Frame = { left, right: left + NAME_WIDTH + 2 * COLUMN_WIDTH };
  const columns: Pair<Column> = [
    { left: left + NAME_WIDTH, right: left + NAME_WIDTH + COLUMN_WIDTH },
    { left: left + NAME_WIDTH + COLUMN_WIDTH, right: frame.right },
  ];
  let y = drawFdaHeader(canvas, model, frame, MARGIN + PAD - 1);
  canvas.rule(frame.left, frame.right, y, FDA.thickBar);
  y += FDA.thickBar;
  const columnsTop = y;

  // Column titles ("Per serving" / "Per container"), bold and centred over their columns.
  const titles = model.dual_column_titles ?? ['Per serving', 'Per container'];
  y += 1.5 + CAP * 9;
  byColumn(columns, titles).forEach(([c, t]) => {
    const size = Math.min(9, (COLUMN_WIDTH - 4) / canvas.textWidth(t, 'bold', 1));
    canvas.text((c.left + c.right) / 2, y, t, { size, face: 'bold', anchor: 'middle' });
  });
  y += DESC * 9 + 1;
  canvas.rule(columns[0].left, frame.right, y, FDA.hairline);

  // Calories: the word at the left, one numeral per column (the column titles say "per serving").
  const calories = caloriesRow(model);
  canvas.open('calories');
  y += 2.5 + CAP * FDA.caloriesNumeral;
  canvas.text(frame.left, y, calories?.name ?? 'Calories', { size: FDA.calories, face: 'bold' });
  if (calories) {
    byColumn(columns, cells(calories)).forEach(([c, cell]) => {
      canvas.text(c.right - 3, y, cell.display, { size: FDA.caloriesNumeral, face: 'bold', anchor: 'end' });
    });
  }
  canvas.close();
  y += DESC * FDA.caloriesNumeral;
  canvas.rule(frame.left, frame.right, y, FDA.mediumBar);
  y += FDA.mediumBar;
  y += 1.5 + CAP * (FDA.row - 1);
  for (const c of columns) canvas.text(c.right - 2, y, '% DV*', { size: FDA.row - 1, face: 'bold', anchor: 'end' });
  y += DESC * FDA.row + 1;

  let inUpper = true;
  let first = true;
  for (const row of bodyRows(model)) {
    if (inUpper && !isUpperBlock(row.key)) {
      canvas.rule(frame.left, frame.right, y, FDA.thickBar);
      y += FDA.thickBar;
      inUpper = false;
      first = true;
    }
    y = drawRow(canvas, row, frame, columns, y, !first || inUpper);
    first = false;
  }
  // Column separators from the titles down to the foot bar.
  for (const c of columns) canvas.rect(c.left - 0.25, columnsTop, 0.5, y - columnsTop);
  canvas.rule(frame.left, frame.right, y, FDA.mediumBar + 1);
  y += FDA.mediumBar + 2;
  if (model.footnote) y = drawParagraph(canvas, model.footnote, frame, y, FDA.footnote);
  y += PAD - 1;
  canvas.box(MARGIN, MARGIN, frame.right + PAD - MARGIN, y - MARGIN, FDA.box);
  return { width: frame.right + PAD + MARGIN, height: y + MARGIN };
}
