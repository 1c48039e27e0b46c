// FDA tabular display (21 CFR 101.9(d)(11)(iii), (j)(13)(ii)(A)(1); docs/labeling.md#us-formats): the
// heading, serving information and Calories in a block at the left, the nutrients in two columns
// at the right, the vitamins and minerals in one line beneath them, then the footnote.

import type { LabelCanvas, Run } from '../shared/drawing/canvas.js';
import { CAP, DESC, MARGIN, PAD } from '../shared/drawing/metrics.js';
import { drawParagraph, drawRunsParagraph, type Frame } from '../shared/drawing/paragraph.js';
import type { LabelModel, LabelNutrientRow } from '../shared/model.js';
import { bodyRows, caloriesRow, FDA, isUpperBlock } from './draw-common.js';
import { drawFdaRow } from './draw-vertical.js';

const BLOCK_WIDTH = 96;
const COLUMN_WIDTH = 150;
const GUTTER = 8;

/** The left block: "Nutrition / Facts", servings, serving size, Calories. Returns its bottom. */
function drawServingBlock(canvas: LabelCanvas, model: LabelModel, frame: Frame, top: number): number {
  const width = frame.right - frame.left;
  const words = (model.title || 'Nutrition Facts').split(' ');
  const titleSize = Math.min(22, ...words.map((w) => width / canvas.textWidth(w, 'black', 1)));
  let y = top;
  for (const word of words) {
    y += CAP * titleSize + 1;
    canvas.text(frame.left, y, word, { size: titleSize, face: 'black' });
  }
  y += DESC * titleSize + 1;
  canvas.rule(frame.left, frame.right, y, FDA.hairline);
  y += 1.5;
  // (d)(11)(iii) lets the tabular servings lines drop to 8 pt; the Serving size words stay bold.
  y = drawParagraph(canvas, model.servings_per_container.display, frame, y, 9);
  const serving: Run[] = [
    { text: 'Serving size ', face: 'bold' },
    { text: model.serving_size.display, face: 'bold' },
  ];
  y = drawRunsParagraph(canvas, serving, frame, y + 0.5, 9);
  y += 1;
  canvas.rule(frame.left, frame.right, y, FDA.mediumBar);
  y += FDA.mediumBar + 1;
  const calories = caloriesRow(model);
  canvas.open('calories');
  y += CAP * 8;
  canvas.text(frame.left, y, 'Amount per serving', { size: 7, face: 'bold' });
  y += 2 + CAP * 20;
  // (d)(11)(iii): the "Calories" word may be 10 pt on tabular displays; the numeral stays large.
  canvas.text(frame.left, y - 2, calories?.name ?? 'Calories', { size: 12, face: 'bold' });
  canvas.text(frame.right, y, calories?.display ?? '', { size: 20, face: 'bold', anchor: 'end' });
  canvas.close();
  return y + DESC * 20;
}

function columnHeader(canvas: LabelCanvas, frame: Frame, top: number): number {
  const y = top + CAP * FDA.row;
  canvas.text(frame.left, y, 'Amount/serving', { size: FDA.row - 1, face: 'bold' });
  canvas.text(frame.right, y, '% Daily Value*', { size: FDA.row - 1, face: 'bold', anchor: 'end' });
  return y + DESC * FDA.row + 1;
}

/** Splits the upper block before Total Carbohydrate (the sample's two columns), else in half. */
function splitColumns(rows: LabelNutrientRow[]): [LabelNutrientRow[], LabelNutrientRow[]] {
  let at = rows.findIndex((r) => r.key === 'carbohydrate');
  if (at <= 0) at = Math.ceil(rows.length / 2);
  return [rows.slice(0, at), rows.slice(at)];
}

/** Vitamins and minerals as one line: "Vitamin D 2mcg 10% • Calcium 260mg 20% • ..." (101.9(d)(11)(iii)). */
function vitaminRuns(rows: LabelNutrientRow[]): Run[] {
  const runs: Run[] = [];
  rows.forEach((row, i) => {
    const pct = row.percent_dv_display ? ` ${row.percent_dv_display}` : '';
    runs.push({ text: `${i > 0 ? ' • ' : ''}${row.name} ${row.display}${pct}`, face: 'regular', key: row.key });
  });
  return runs;
}

export function layoutFdaTabular(canvas: LabelCanvas, model: LabelModel): { width: number; height: number } {
  const left = MARGIN + PAD;
  const block: Frame = { left, right: left + BLOCK_WIDTH };
  const top = MARGIN + PAD - 1;
  const blockBottom = drawServingBlock(canvas, model, block, top);

  const rows = bodyRows(model);
  const upper = rows.filter((r) => isUpperBlock(r.key));
  const lower = rows.filter((r) => !isUpperBlock(r.key));
  const [colA, colB] = splitColumns(upper);
  const areaLeft = block.right + GUTTER;
  const columns: [Frame, Frame] = [
    { left: areaLeft, right: areaLeft + COLUMN_WIDTH },
    { left: areaLeft + COLUMN_WIDTH + GUTTER, right: areaLeft + 2 * COLUMN_WIDTH + GUTTER },
  ];
  const area: Frame = { left: areaLeft, right: columns[1].right };
  let y = top + 1;
  let bottom = y;
  const headerBottom = Math.max(columnHeader(canvas, columns[0], y), columnHeader(canvas, columns[1], y));
  const filled: Array<[LabelNutrientRow[], Frame]> = [
    [colA, columns[0]],
    [colB, columns[1]],
  ];
  for (const [col, frame] of filled) {
    let cy = headerBottom;
    canvas.rule(frame.left, frame.right, cy, FDA.mediumBar);
    cy += FDA.mediumBar;
    col.forEach((row, i) => {
      cy = drawFdaRow(canvas, row, frame, cy, i > 0);
    });
    bottom = Math.max(bottom, cy);
  }
  y = bottom;
  if (lower.length > 0) {
    canvas.rule(area.left, area.right, y, FDA.mediumBar);
    y += FDA.mediumBar + 1;
    const lines = canvas.wrapRuns(vitaminRuns(lower), FDA.row, area.right - area.left);
    for (const line of lines) {
      y += CAP * FDA.row;
      canvas.line(
        y,
        line.map((r) => ({ ...r, x: r.x + area.left })),
        FDA.row,
      );
      y += DESC * FDA.row + 1.5;
    }
  }
  if (model.not_significant_statement) {
    canvas.rule(area.left, area.right, y, FDA.hairline);
    y = drawParagraph(canvas, model.not_significant_statement, area, y + 1, FDA.footnote);
  }
  if (model.footnote) {
    canvas.rule(area.left, area.right, y, FDA.hairline);
    y = drawParagraph(canvas, model.footnote, area, y + 1, FDA.footnote - 0.5);
  }
  const height = Math.max(y, blockBottom) + PAD - 1;
  // A rule between the serving block and the nutrient columns.
  canvas.rect(block.right + GUTTER / 2 - 0.25, top, 0.5, height - top - PAD + 1);
  canvas.box(MARGIN, MARGIN, area.right + PAD - MARGIN, height - MARGIN, FDA.box);
  return { width: area.right + PAD + MARGIN, height: height + MARGIN };
}
