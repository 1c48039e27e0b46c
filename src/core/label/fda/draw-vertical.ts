// FDA standard vertical display (21 CFR 101.9(d), sample label (d)(12); docs/labeling.md#us-label-content) and the
// simplified format (101.9(f)), which is the same display with fewer rows and the "Not a
// significant source of ..." statement.

import type { LabelCanvas } from '../shared/drawing/canvas.js';
import { CAP, DESC, MARGIN, PAD } from '../shared/drawing/metrics.js';
import { drawParagraph, drawRunsParagraph, type Frame } from '../shared/drawing/paragraph.js';
import type { LabelModel, LabelNutrientRow } from '../shared/model.js';
import { addedSugarsText, bodyRows, caloriesRow, FDA, isAddedSugarsLine, isDrvPercentBold, isUpperBlock, nameRuns } from './draw-common.js';

export const FDA_VERTICAL_CONTENT_WIDTH = 184;

/** Title, servings line, serving size; returns the y under them. */
export function drawFdaHeader(canvas: LabelCanvas, model: LabelModel, frame: Frame, top: number): number {
  const width = frame.right - frame.left;
  // The heading fills the width, as on the sample label (101.9(d)(2): "Nutrition Facts" in a type
  // size larger than all other print in the label).
  const title = model.title || 'Nutrition Facts';
  const titleSize = Math.min(FDA.titleMax, width / canvas.textWidth(title, 'black', 1));
  let y = top + CAP * titleSize;
  canvas.text(frame.left, y, title, { size: titleSize, face: 'black' });
  y += DESC * titleSize + 1.5;
  canvas.rule(frame.left, frame.right, y, FDA.hairline);
  y += FDA.hairline + 2;

  // 101.9(d)(3): servings per container, then the bold "Serving size" line (both >= 10 pt).
  y += CAP * FDA.servings;
  canvas.text(frame.left, y, model.servings_per_container.display, { size: FDA.servings });
  y += DESC * FDA.servings + 2;
  y += CAP * FDA.servings + 0.5;
  const size = FDA.servings + 1;
  canvas.text(frame.left, y, 'Serving size', { size, face: 'bold' });
  const serving = model.serving_size.display;
  const room = width - canvas.textWidth('Serving size ', 'bold', size);
  if (canvas.textWidth(serving, 'bold', size) > room) {
    // A long household measure goes under the words, wrapped, instead of running into them.
    y = drawRunsParagraph(canvas, [{ text: serving, face: 'bold' }], frame, y + DESC * size + 1, size) - DESC * size - 1.2;
  } else {
    canvas.text(frame.right, y, serving, { size, face: 'bold', anchor: 'end' });
  }
  y += DESC * FDA.servings + 2.5;
  return y;
}

/** "Amount per serving" and the large Calories line, under a thick bar; returns the y under the 3 pt bar. */
function drawCalories(canvas: LabelCanvas, model: LabelModel, frame: Frame, top: number): number {
  let y = top;
  canvas.rule(frame.left, frame.right, y, FDA.thickBar);
  y += FDA.thickBar + 1.5;
  const calories = caloriesRow(model);
  canvas.open('calories');
  y += CAP * FDA.row;
  canvas.text(frame.left, y, 'Amount per serving', { size: FDA.row, face: 'bold' });
  y += 1 + CAP * FDA.caloriesNumeral;
  canvas.text(frame.left, y, calories?.name ?? 'Calories', { size: FDA.calories + 2, face: 'bold' });
  canvas.text(frame.right, y, calories?.display ?? '', { size: FDA.caloriesNumeral + 4, face: 'bold', anchor: 'end' });
  canvas.close();
  y += 2.5;
  canvas.rule(frame.left, frame.right, y, FDA.mediumBar);
  y += FDA.mediumBar;
  return y;
}

/** One nutrient row; `rule` draws the hairline above it (not after a bar). Returns the y under it. */
export function drawFdaRow(canvas: LabelCanvas, row: LabelNutrientRow, frame: Frame, top: number, rule: boolean): number {
  const x = frame.left + FDA.indent * row.indent;
  canvas.open(row.key);
  if (rule) canvas.rule(x, frame.right, top, FDA.hairline);
  const baseline = top + FDA.hairline + 1.75 + CAP * FDA.row;
  const runs = isAddedSugarsLine(row) ? [{ text: addedSugarsText(row), face: 'regular' as const }] : nameRuns(row);
  const placed = canvas.placeRuns(runs, FDA.row, x);
  canvas.line(baseline, placed.runs, FDA.row);
  if (!isAddedSugarsLine(row) && row.display !== '') {
    canvas.text(placed.end + canvas.textWidth(' ', 'regular', FDA.row), baseline, row.display, { size: FDA.row });
  }
  if (row.percent_dv_display) {
    const face = isDrvPercentBold(row.key) ? 'bold' : 'regular';
    canvas.text(frame.right, baseline, row.percent_dv_display, { size: FDA.row, face, anchor: 'end' });
  }
  canvas.close();
  return top + FDA.rowHeight;
}

export function layoutFdaVertical(canvas: LabelCanvas, model: LabelModel): { width: number; height: number } {
  const left = MARGIN + PAD;
  const frame: Frame = { left, right: left + FDA_VERTICAL_CONTENT_WIDTH };
  let y = drawFdaHeader(canvas, model, frame, MARGIN + PAD - 1);
  y = drawCalories(canvas, model, frame, y);

  // 101.9(d)(6): "% Daily Value*" heading, bold, at the right.
  y += 1.5 + CAP * FDA.row;
  canvas.text(frame.right, y, '% Daily Value*', { size: FDA.row, face: 'bold', anchor: 'end' });
  y += DESC * FDA.row + 1;

  const rows = bodyRows(model);
  let inUpper = true;
  let first = true;
  for (const row of rows) {
    if (inUpper && !isUpperBlock(row.key)) {
      // 101.9(d)(8): a heavy bar separates the vitamins and minerals from the upper block.
      canvas.rule(frame.left, frame.right, y, FDA.thickBar);
      y += FDA.thickBar;
      inUpper = false;
      first = true;
    }
    y = drawFdaRow(canvas, row, frame, y, !first || inUpper);
    first = false;
  }

  // 101.9(d)(9): the footnote sits under a bar at the foot of the table.
  canvas.rule(frame.left, frame.right, y, inUpper ? FDA.thickBar : FDA.mediumBar + 1);
  y += (inUpper ? FDA.thickBar : FDA.mediumBar + 1) + 1;
  if (model.not_significant_statement) {
    y = drawParagraph(canvas, model.not_significant_statement, frame, y, FDA.row);
    if (model.footnote) {
      canvas.rule(frame.left, frame.right, y, FDA.hairline);
      y += FDA.hairline + 1;
    }
  }
  if (model.footnote) y = drawParagraph(canvas, model.footnote, frame, y, FDA.footnote);
  y += PAD - 1;
  canvas.box(MARGIN, MARGIN, frame.right + PAD - MARGIN, y - MARGIN, FDA.box);
  return { width: frame.right + PAD + MARGIN, height: y + MARGIN };
}
