// Testland's panel: the title, the serving, and one line per row (name at the left, amount at the
// right) in a box. Drawn on the canvas every market draws on; the statements and the incomplete band are
// drawn around it by the shared label drawing.
import type { LabelCanvas, Size } from '../../../src/core/label/shared/drawing/canvas.js';
import { CAP, DESC, MARGIN, PAD } from '../../../src/core/label/shared/drawing/metrics.js';
import type { LabelModel } from '../../../src/core/label/shared/model.js';

const WIDTH = 160;
const TITLE = 12;
const ROW = 8;

export function layoutTestlandPanel(canvas: LabelCanvas, model: LabelModel): Size {
  const left = MARGIN + PAD;
  const right = MARGIN + WIDTH - PAD;
  let y = MARGIN + PAD + CAP * TITLE;
  canvas.openClass('heading');
  canvas.text(left, y, model.title, { size: TITLE, face: 'bold' });
  canvas.close();
  y += DESC * TITLE + 2 + CAP * ROW;
  canvas.text(left, y, model.serving_size.display, { size: ROW });
  y += DESC * ROW + 2;
  for (const row of model.nutrients) {
    canvas.rule(left, right, y, 0.5);
    y += 0.5 + 2 + CAP * ROW;
    canvas.open(row.key);
    canvas.text(left, y, row.name, { size: ROW });
    canvas.text(right, y, row.display, { size: ROW, anchor: 'end' });
    canvas.close();
    y += DESC * ROW + 2;
  }
  y += PAD / 2;
  canvas.box(MARGIN, MARGIN, WIDTH, y - MARGIN, 0.75);
  return { width: WIDTH + 2 * MARGIN, height: y + MARGIN };
}
