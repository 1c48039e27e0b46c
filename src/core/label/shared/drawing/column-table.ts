// A nutrition table of named rows and right-aligned number columns, boxed: what the Australian / New
// Zealand panel (Schedule 12) and the Mexican declaration (NOM-051 4.5.2) share. Lines above the head
// (title, servings), a bold column head of one or more lines, rows (sub-rows indented), a rule under
// the head and the box around all; footnotes under the box.
import { must } from '../../../../lib/must.js';
import type { LabelCanvas } from './canvas.js';
import { CAP, DESC, MARGIN, PAD } from './metrics.js';
import { drawParagraph, type Frame } from './paragraph.js';

export const TABLE = {
  title: 11,
  line: 8,
  row: 8,
  footnote: 7,
  indent: 8,
  rowHeight: 11.5,
  hairline: 0.5,
  rule: 1,
  box: 0.75,
  gap: 12,
} as const;

export interface TableRow {
  key: string;
  name: string;
  indent: number;
  cells: string[];
}

export interface ColumnTable {
  /** Centred, bold, over the whole table ("NUTRITION INFORMATION"); null for none. */
  title: string | null;
  /** Lines under the title, left-aligned ("Servings per package: 8"). */
  lines: string[];
  /** The head of the name column (bold; "" for none). */
  nameHead: string;
  /** Each number column's head, line by line (bold). */
  heads: string[][];
  rows: TableRow[];
  footnotes: string[];
}

export function layoutColumnTable(canvas: LabelCanvas, table: ColumnTable): { width: number; height: number } {
  const headLines = Math.max(1, ...table.heads.map((h) => h.length));
  const nameWidth = Math.max(
    canvas.textWidth(table.nameHead, 'bold', TABLE.row),
    ...table.rows.map((r) => canvas.textWidth(r.name, 'regular', TABLE.row) + TABLE.indent * r.indent),
  );
  const columns = table.heads.map((head, i) =>
    Math.max(
      ...head.map((line) => canvas.textWidth(line, 'bold', TABLE.row)),
      ...table.rows.map((r) => canvas.textWidth(r.cells[i] ?? '', 'regular', TABLE.row)),
    ),
  );
  const inner = Math.max(
    nameWidth + columns.reduce((a, c) => a + c + TABLE.gap, 0),
    table.title === null ? 0 : canvas.textWidth(table.title, 'bold', TABLE.title),
    ...table.lines.map((line) => canvas.textWidth(line, 'regular', TABLE.line)),
  );
  const width = inner + 2 * PAD;
  const left = MARGIN + PAD;
  const right = MARGIN + width - PAD;
  // Columns packed to the right edge, numbers right-aligned in them.
  let x = right;
  const rights = [...columns]
    .reverse()
    .map((column) => {
      const at = x;
      x -= column + TABLE.gap;
      return at;
    })
    .reverse();
  const rightOf = (i: number): number => must(rights[i], 'the right edge of a number column');

  const top = MARGIN;
  let y = top + PAD / 2;
  if (table.title !== null) {
    canvas.openClass('heading');
    y += CAP * TABLE.title + 2;
    canvas.text(MARGIN + width / 2, y, table.title, { size: TABLE.title, face: 'bold', anchor: 'middle' });
    y += DESC * TABLE.title + 2;
    canvas.close();
  }
  if (table.lines.length > 0) {
    canvas.openClass('servings');
    for (const line of table.lines) {
      y += CAP * TABLE.line + 2;
      canvas.text(left, y, line, { size: TABLE.line });
      y += DESC * TABLE.line + 1;
    }
    canvas.close();
    y += 2;
  }
  canvas.rule(MARGIN, MARGIN + width, y, TABLE.hairline);
  canvas.openClass('column-heads');
  const headTop = y;
  for (let line = 0; line < headLines; line++) {
    const baseline = headTop + 2 + CAP * TABLE.row + line * TABLE.row * 1.15;
    if (line === 0) canvas.text(left, baseline, table.nameHead, { size: TABLE.row, face: 'bold' });
    // Multi-line heads are bottom-aligned so the last lines share a baseline.
    table.heads.forEach((head, i) => {
      const index = line - (headLines - head.length);
      const text = head[index]; // none (a negative index) above a shorter head's first line
      if (text !== undefined) canvas.text(rightOf(i), baseline, text, { size: TABLE.row, face: 'bold', anchor: 'end' });
    });
  }
  canvas.close();
  y = headTop + 4 + CAP * TABLE.row + (headLines - 1) * TABLE.row * 1.15 + DESC * TABLE.row;
  canvas.rule(MARGIN, MARGIN + width, y, TABLE.rule);
  y += TABLE.rule;
  for (const row of table.rows) {
    canvas.open(row.key);
    const baseline = y + 2 + CAP * TABLE.row;
    canvas.text(left + TABLE.indent * row.indent, baseline, row.name, { size: TABLE.row });
    row.cells.forEach((cell, i) => canvas.text(rightOf(i), baseline, cell, { size: TABLE.row, anchor: 'end' }));
    canvas.close();
    y += TABLE.rowHeight;
  }
  y += PAD / 2;
  canvas.box(MARGIN, top, width, y - top, TABLE.box);

  const frame: Frame = { left: MARGIN, right: MARGIN + width };
  if (table.footnotes.length > 0) {
    canvas.openClass('footnote');
    for (const text of table.footnotes) y = drawParagraph(canvas, text, frame, y + 2, TABLE.footnote);
    canvas.close();
  }
  return { width: width + 2 * MARGIN, height: y + (table.footnotes.length > 0 ? DESC * TABLE.footnote : 0) + MARGIN };
}

/** "Avg. Quantity per Serving" -> ["Avg. Quantity", "per Serving"]: long heads on two lines, split before "per". */
export function splitHead(text: string): string[] {
  const at = text.search(/\s\(?(per|Por|por)\s/);
  return at > 0 ? [text.slice(0, at), text.slice(at + 1)] : [text];
}
