// The Australian / New Zealand nutrition information panel as packs print it (FSANZ Standard 1.2.8,
// Schedule 12, S12—2): "NUTRITION INFORMATION", servings per package and serving size, then the
// per serving and per 100 g (100 mL) columns, and the %DI column with its footnote when chosen (S12—4).
import type { LabelCanvas } from '../shared/drawing/canvas.js';
import { layoutColumnTable, splitHead } from '../shared/drawing/column-table.js';
import type { LabelModel } from '../shared/model.js';

export function layoutAnzNip(canvas: LabelCanvas, model: LabelModel): { width: number; height: number } {
  const [perServing, per100] = model.column_titles ?? ['Avg. Quantity per Serving', 'Avg. Quantity per 100 g'];
  const diHeader = model.percent_di_header;
  const withDi = Boolean(diHeader);
  const heads = [splitHead(perServing), ...(diHeader ? [splitHead(diHeader)] : []), splitHead(per100)];
  return layoutColumnTable(canvas, {
    title: model.title,
    lines: [model.servings_per_container.display, model.serving_size.display],
    nameHead: '',
    heads,
    rows: model.nutrients.map((row) => ({
      key: row.key,
      name: row.name,
      indent: row.indent,
      cells: [
        row.per_serving?.display ?? row.display,
        ...(withDi ? [row.per_serving?.percent_di_display ?? ''] : []),
        row.per_100?.display ?? '',
      ],
    })),
    footnotes: model.footnote ? [model.footnote] : [],
  });
}
