// EU/UK nutrition declaration (Regulation (EU) 1169/2011 Art. 34): a table with the numbers aligned in
// columns (heading row in bold: "Nutrition declaration", "Per 100 g", "Per portion (30 g)", "%RI*";
// "of which" rows indented), or, where space is short, the linear form (Art. 34(2)). Black on white,
// one sans-serif font, x-height above the Art. 13(2) minimum (1.2 mm; 8 pt Arimo is about 1.5 mm).
import { must } from '../../../lib/must.js';
import type { LabelCanvas, Run } from '../shared/drawing/canvas.js';
import { CAP, DESC, MARGIN, PAD } from '../shared/drawing/metrics.js';
import { drawParagraph, drawRunsParagraph, type Frame } from '../shared/drawing/paragraph.js';
import type { LabelModel, LabelNutrientRow } from '../shared/model.js';

const EU = { title: 10, row: 8, footnote: 7, indent: 8, rowHeight: 12, hairline: 0.5, box: 0.75, gap: 10 } as const;

type Cell = { text: string; bold: boolean };

function rowCells(row: LabelNutrientRow, withPortion: boolean, withRi: boolean): Cell[] {
  const cells: Cell[] = [{ text: row.per_100?.display ?? row.display, bold: false }];
  if (withPortion) cells.push({ text: row.per_portion?.display ?? '', bold: false });
  if (withRi)
    cells.push({ text: (withPortion ? row.per_portion?.percent_ri_display : row.per_100?.percent_ri_display) ?? '', bold: false });
  return cells;
}

export function layoutEuTable(canvas: LabelCanvas, model: LabelModel): { width: number; height: number } {
  const headers = model.column_headers;
  const perPortionHead = model.nutrients.some((r) => r.per_portion) ? headers?.per_portion : null;
  const withPortion = Boolean(perPortionHead);
  const withRi = model.nutrients.some((r) => (withPortion ? r.per_portion : r.per_100)?.percent_ri_display);
  const heading: Cell[] = [{ text: headers?.per_100 ?? '', bold: true }];
  if (perPortionHead) heading.push({ text: perPortionHead, bold: true });
  if (withRi) heading.push({ text: headers?.percent_ri ?? '%RI*', bold: true });
  const body = model.nutrients.map((row) => ({ row, cells: rowCells(row, withPortion, withRi) }));

  // Column widths from the widest cell of each column.
  const nameWidth = Math.max(
    canvas.textWidth(model.title, 'bold', EU.row),
    ...model.nutrients.map((r) => canvas.textWidth(r.name, 'regular', EU.row) + EU.indent * r.indent),
  );
  const columns = heading.map((h, i) =>
    Math.max(
      canvas.textWidth(h.text, 'bold', EU.row),
      ...body.map(({ cells }) => canvas.textWidth(cells[i]?.text ?? '', 'regular', EU.row)),
    ),
  );
  const left = MARGIN + PAD;
  const width = nameWidth + columns.reduce((a, c) => a + c + EU.gap, 0) + 2 * PAD;
  const rights: number[] = [];
  let x = left + nameWidth;
  for (const c of columns) rights.push((x += EU.gap + c));
  const rightOf = (i: number): number => must(rights[i], 'the right edge of a number column');

  let y = MARGIN;
  const top = y;
  const drawLine = (name: string, indent: number, cells: Cell[], bold: boolean, key: string | null) => {
    if (key === null) canvas.openClass('heading');
    else canvas.open(key);
    const baseline = y + 2 + CAP * EU.row;
    canvas.text(left + EU.indent * indent, baseline, name, { size: EU.row, face: bold ? 'bold' : 'regular' });
    // Numbers right-aligned in their column (Art. 34(2): "with numbers aligned").
    cells.forEach((cell, i) =>
      canvas.text(rightOf(i), baseline, cell.text, { size: EU.row, face: cell.bold ? 'bold' : 'regular', anchor: 'end' }),
    );
    canvas.close();
    y += EU.rowHeight;
    canvas.rule(MARGIN, MARGIN + width, y, EU.hairline);
  };
  // Bold heading row: the title over the name column, the column headings over the numbers.
  drawLine(model.title, 0, heading, true, null);
  for (const { row, cells } of body) drawLine(row.name, row.indent, cells, false, row.key);
  canvas.box(MARGIN, top, width, y - top, EU.box);
  return footer(canvas, model, { left: MARGIN, right: MARGIN + width }, y, width + 2 * MARGIN);
}

export function layoutEuLinear(canvas: LabelCanvas, model: LabelModel): { width: number; height: number } {
  const width = 300;
  const frame: Frame = { left: MARGIN + PAD, right: MARGIN + width - PAD };
  // "Nutrition declaration per 100 g: Energy 1794 kJ / 428 kcal, Fat 20 g, of which saturates 12 g, ..."
  const paragraph = (heading: string, value: (row: LabelNutrientRow) => string): Run[] => {
    const runs: Run[] = [{ text: `${heading}: `, face: 'bold' }];
    model.nutrients.forEach((row, i) => {
      const last = i === model.nutrients.length - 1;
      runs.push({ text: `${row.name} ${value(row)}${last ? '.' : ', '}`, face: 'regular', key: row.key });
    });
    return runs;
  };
  const headers = model.column_headers;
  let y = drawRunsParagraph(
    canvas,
    paragraph(`${model.title} (${headers?.per_100 ?? ''})`, (r) => r.per_100?.display ?? r.display),
    frame,
    MARGIN + 1,
    EU.row,
  );
  if (headers?.per_portion && model.nutrients.some((r) => r.per_portion)) {
    const withRi = (r: LabelNutrientRow) =>
      `${r.per_portion?.display ?? ''}${r.per_portion?.percent_ri_display ? ` (${r.per_portion.percent_ri_display}*)` : ''}`;
    y = drawRunsParagraph(canvas, paragraph(headers.per_portion, withRi), frame, y + 2, EU.row);
  }
  return footer(canvas, model, { left: MARGIN, right: MARGIN + width }, y, width + 2 * MARGIN);
}

/** The portions in the pack and the reference-intake statement, under the declaration. */
function footer(canvas: LabelCanvas, model: LabelModel, frame: Frame, top: number, width: number): { width: number; height: number } {
  let y = top + 1;
  canvas.openClass('footnote');
  for (const text of [model.servings_per_container.display, model.footnote]) {
    if (text && text.trim() !== '') y = drawParagraph(canvas, text, frame, y + 1, EU.footnote);
  }
  canvas.close();
  return { width, height: y + DESC * EU.footnote + MARGIN };
}
