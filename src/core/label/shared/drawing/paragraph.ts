// Small print wrapped to a frame: footnotes, statements, linear declarations.
import type { LabelCanvas, Run } from './canvas.js';
import { CAP, DESC } from './metrics.js';

export interface Frame {
  /** Left and right edges of the content area. */
  left: number;
  right: number;
}

/** Wrapped small print (footnote, statements) from y; returns the y under the last line. */
export function drawParagraph(canvas: LabelCanvas, text: string, frame: Frame, top: number, size: number, boldLead = false): number {
  let runs: Run[] = [{ text, face: 'regular' }];
  if (boldLead) {
    // "Ingredients:" / "Contains:" lead-ins read better bold; the words are the user's own.
    const m = /^([^:\n]{1,40}:)(\s[\s\S]*)$/.exec(text);
    if (m) {
      const [, lead = '', rest = ''] = m;
      runs = [
        { text: lead, face: 'bold' },
        { text: rest, face: 'regular' },
      ];
    }
  }
  return drawRunsParagraph(canvas, runs, frame, top, size);
}

/** Wraps mixed-face runs to the frame's width from y; returns the y under the last line. */
export function drawRunsParagraph(canvas: LabelCanvas, runs: Run[], frame: Frame, top: number, size: number): number {
  const lines = canvas.wrapRuns(runs, size, frame.right - frame.left);
  let y = top;
  for (const line of lines) {
    y += CAP * size;
    canvas.line(
      y,
      line.map((r) => ({ ...r, x: r.x + frame.left })),
      size,
    );
    y += DESC * size + 1.2;
  }
  return y;
}
