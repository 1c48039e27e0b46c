// The Mexican nutrition declaration (NOM-051-SCFI/SSA1-2010 4.5.2, as modified in 2020): the title in
// the head row, the per 100 g (100 mL) and per portion columns, the portion and the portions in the
// pack under the table. The warning octagons are drawn apart (draw-warnings.ts): they go on the front.
import type { LabelCanvas } from '../shared/drawing/canvas.js';
import { layoutColumnTable, splitHead } from '../shared/drawing/column-table.js';
import type { LabelModel } from '../shared/model.js';

export function layoutMxTable(canvas: LabelCanvas, model: LabelModel): { width: number; height: number } {
  const [per100, perPortion] = model.column_titles ?? ['Por 100 g', 'Por porción'];
  return layoutColumnTable(canvas, {
    title: null,
    lines: [],
    nameHead: model.title,
    heads: [[per100], splitHead(perPortion)],
    rows: model.nutrients.map((row) => ({
      key: row.key,
      name: row.name,
      indent: row.indent,
      cells: [row.per_100?.display ?? row.display, row.per_portion?.display ?? ''],
    })),
    footnotes: [model.serving_size.display, model.servings_per_container.display].filter((t) => t.trim() !== ''),
  });
}
