// Canadian Nutrition Facts table, 2016 standard format (Health Canada Directory of NFt Formats,
// Fig. 1.1(E) / 2.1(F), bilingual Fig. 3.1(B); FDR B.01.450; docs/labeling.md#canada-layout).

import { isUpperBlock } from '../fda/draw-common.js';
import type { LabelCanvas, Run } from '../shared/drawing/canvas.js';
import { CAP, DESC, MARGIN, PAD } from '../shared/drawing/metrics.js';
import { drawParagraph, type Frame } from '../shared/drawing/paragraph.js';
import type { LabelModel, LabelNutrientRow } from '../shared/model.js';

// Health Canada Directory of NFt formats (docs/labeling.md#canada-layout): one sans-serif font, black on white,
// thin rules between rows, thick rules under the Calories line and before the minerals block.
const CA = {
  title: 13,
  serving: 8,
  calories: 11,
  row: 8,
  footnote: 7,
  thickBar: 2.5,
  hairline: 0.5,
  box: 0.75,
  indent: 8,
  rowHeight: 11,
} as const;

const CONTENT_WIDTH = { standard: 170, bilingual: 210 } as const;

function french(model: LabelModel): boolean {
  return model.language === 'fr-CA';
}

function dvHeaders(model: LabelModel): string[] {
  const en = '% Daily Value*';
  const fr = '% valeur quotidienne*';
  if (model.format === 'ca_bilingual') return [model.percent_dv_header ?? en, model.bilingual?.percent_dv_header_fr ?? fr];
  return [model.percent_dv_header ?? (french(model) ? fr : en)];
}

/** "Per 1 cup (250 mL)": the engine says "Per"; a bare measure gets it added. */
function servingText(display: string, fr: boolean): string {
  return /^(per|pour)\b/i.test(display) ? display : `${fr ? 'pour' : 'Per'} ${display}`;
}

/** Row name; bilingual tables print "Fat / Lipides", "+ Trans / trans" (Directory Fig. 3.1(B)). */
function rowName(row: LabelNutrientRow, bilingual: boolean): string {
  if (!bilingual || !row.name_fr || row.name_fr === row.name) return row.name;
  return `${row.name} / ${row.name_fr.replace(/^\+\s*/, '')}`;
}

function drawRow(canvas: LabelCanvas, row: LabelNutrientRow, frame: Frame, top: number, bilingual: boolean, rule: boolean): number {
  canvas.open(row.key);
  if (rule) canvas.rule(frame.left, frame.right, top, CA.hairline);
  const baseline = top + CA.hairline + 1.75 + CAP * CA.row;
  const x = frame.left + CA.indent * row.indent;
  const runs: Run[] = [{ text: rowName(row, bilingual), face: row.bold ? 'bold' : 'regular' }];
  const placed = canvas.placeRuns(runs, CA.row, x);
  canvas.line(baseline, placed.runs, CA.row);
  if (row.display !== '') canvas.text(placed.end + canvas.textWidth(' ', 'regular', CA.row), baseline, row.display, { size: CA.row });
  if (row.percent_dv_display) canvas.text(frame.right, baseline, row.percent_dv_display, { size: CA.row, anchor: 'end' });
  canvas.close();
  return top + CA.rowHeight;
}

export function layoutCanadian(canvas: LabelCanvas, model: LabelModel): { width: number; height: number } {
  const bilingual = model.format === 'ca_bilingual';
  const left = MARGIN + PAD;
  const frame: Frame = { left, right: left + (bilingual ? CONTENT_WIDTH.bilingual : CONTENT_WIDTH.standard) };
  let y = MARGIN + PAD - 1;

  // Title(s), bold; the bilingual table stacks "Nutrition Facts" over "Valeur nutritive".
  const titles = bilingual ? [model.title, model.bilingual?.title_fr ?? 'Valeur nutritive'] : [model.title];
  for (const title of titles) {
    y += CAP * CA.title + 1;
    canvas.text(frame.left, y, title, { size: CA.title, face: 'bold' });
    y += DESC * CA.title;
  }

  // Serving statement, household measure first ("Per 1 cup (250 mL)"), then the French twin.
  const servings = [servingText(model.serving_size.display, french(model))];
  if (bilingual) servings.push(servingText(model.bilingual?.serving_display_fr ?? '', true));
  y += 1;
  for (const text of servings.filter((s) => s.trim() !== '')) y = drawParagraph(canvas, text, frame, y + 0.5, CA.serving);
  canvas.rule(frame.left, frame.right, y, CA.hairline);
  y += CA.hairline;

  // Calories line, bold and larger, with the %DV heading at its right (2016 format: no "Amount" heading).
  const headers = dvHeaders(model);
  const calories = model.nutrients.find((r) => r.key === 'calories');
  const headerBlock = headers.length * (CA.row + 1);
  const lineHeight = Math.max(CAP * CA.calories, headerBlock - 1) + 2;
  const baseline = y + 1.5 + lineHeight;
  canvas.open('calories');
  const caloriesLabel = calories?.name ?? 'Calories';
  canvas.text(frame.left, baseline, caloriesLabel, { size: CA.calories, face: 'bold' });
  if (calories) {
    canvas.text(frame.left + canvas.textWidth(`${caloriesLabel} `, 'bold', CA.calories), baseline, calories.display, {
      size: CA.calories,
      face: 'bold',
    });
  }
  canvas.close();
  headers.forEach((h, i) => {
    const at = baseline - (headers.length - 1 - i) * (CA.row + 1);
    canvas.text(frame.right, at, h, { size: CA.row - 1, face: 'bold', anchor: 'end' });
  });
  y = baseline + DESC * CA.calories + 1;
  canvas.rule(frame.left, frame.right, y, CA.thickBar);
  y += CA.thickBar;

  const rows = model.nutrients.filter((r) => r.key !== 'calories');
  const combined = rows.find((r) => r.key === 'fat_saturated_trans');
  let inUpper = true;
  let first = true;
  let saturatedTop: number | null = null;
  for (const row of rows) {
    if (row.key === 'fat_saturated_trans') {
      // B.01.401 item 6: one %DV for saturated + trans, set against both lines.
      if (saturatedTop !== null && row.percent_dv_display) {
        canvas.open(row.key);
        const middle = saturatedTop + CA.rowHeight + CA.hairline / 2;
        canvas.text(frame.right, middle + (CAP * CA.row) / 2, row.percent_dv_display, { size: CA.row, anchor: 'end' });
        canvas.close();
      } else if (row.percent_dv_display) {
        y = drawRow(canvas, row, frame, y, bilingual, !first);
      }
      continue;
    }
    if (inUpper && !isUpperBlock(row.key)) {
      canvas.rule(frame.left, frame.right, y, CA.thickBar);
      y += CA.thickBar;
      inUpper = false;
      first = true;
    }
    // No rule between "Saturated" and "+ Trans": they share the combined %DV.
    const joined = row.key === 'fat_trans' && combined !== undefined && saturatedTop !== null;
    if (row.key === 'fat_saturated') saturatedTop = y;
    y = drawRow(canvas, row, frame, y, bilingual, !first && !joined);
    first = false;
  }

  canvas.rule(frame.left, frame.right, y, CA.thickBar);
  y += CA.thickBar + 1;
  const footnotes = [model.footnote];
  if (bilingual && model.bilingual?.footnote_fr) footnotes.push(model.bilingual.footnote_fr);
  for (const note of footnotes.filter((n) => n)) y = drawParagraph(canvas, note, frame, y, CA.footnote);
  y += PAD - 1;
  canvas.box(MARGIN, MARGIN, frame.right + PAD - MARGIN, y - MARGIN, CA.box);
  return { width: frame.right + PAD + MARGIN, height: y + MARGIN };
}
