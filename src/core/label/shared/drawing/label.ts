// One label drawn whole: its format's layout, the statements under it, and the band across an
// incomplete label (docs/api.md#incomplete-band: an incomplete label is never a printable file; PNG, PDF and embeds
// are drawn from the same drawing). Every market's labels go through here.
import type { LabelLayout } from '../../market.js';
import type { LabelModel, StatementRun } from '../model.js';
import type { LabelCanvas, Run, Size } from './canvas.js';
import { drawIncompleteBand } from './incomplete-band.js';
import { MARGIN, STATEMENT_SIZE } from './metrics.js';
import { drawParagraph, drawRunsParagraph } from './paragraph.js';

/** A statement paragraph: plain text (its "Ingredients:" lead-in drawn bold), or runs with their own faces. */
type Statement = string | Run[];

const boldWhereEmphasised = (runs: readonly StatementRun[]): Run[] =>
  runs.map((r) => ({ text: r.text, face: r.emphasis ? 'bold' : 'regular' }));

/**
 * The ingredient statement with its emphasised allergens in bold (Regulation (EU) 1169/2011 Art. 21(1)(b);
 * FSANZ Standard 1.2.3—4): the heading ("Zutaten:") bold too, the list from `ingredient_statement_runs`.
 */
function emphasisedStatement(model: LabelModel): Run[] | null {
  const runs = model.ingredient_statement_runs;
  const text = model.ingredient_statement;
  if (!runs || runs.length === 0 || !text) return null;
  const list = runs.map((r) => r.text).join('');
  const heading = text.endsWith(list) ? text.slice(0, text.length - list.length) : '';
  const out: Run[] = heading.trim() === '' ? [] : [{ text: heading, face: 'bold' }];
  return [...out, ...boldWhereEmphasised(runs)];
}

/** Ingredient and allergen statements (and the second language's, on bilingual tables) under the table. */
function statements(model: LabelModel): Statement[] {
  const out: Statement[] = [];
  const add = (s: string | null | undefined): void => {
    if (s && s.trim() !== '') out.push(s.trim());
  };
  const emphasised = emphasisedStatement(model);
  if (emphasised) out.push(emphasised);
  else add(model.ingredient_statement);
  // The PEAL "Contains" summary (FSANZ Standard 1.2.3—4): the required names in bold, distinct from its other words.
  const summary = model.allergen_statement_runs;
  if (summary && summary.length > 0 && model.allergen_statement) out.push(boldWhereEmphasised(summary));
  else add(model.allergen_statement);
  if (model.bilingual) {
    add(model.bilingual.ingredient_statement_fr);
    add(model.bilingual.allergen_statement_fr);
  }
  // The statements the sweeteners and polyols require (docs/labeling.md#sweetener-statements).
  const mandatory = (model.mandatory_statements ?? []).map((m) => m.text);
  if (mandatory.length > 0)
    out.push([
      {
        text: mandatory.map((t) => `${t.charAt(0).toLocaleUpperCase()}${t.slice(1)}${/[.!]$/.test(t) ? '' : '.'}`).join(' '),
        face: 'bold',
      },
    ]);
  return out;
}

/** The drawing's title and accessible name. */
export function labelTitle(model: LabelModel): string {
  return model.title || 'Nutrition Facts';
}

/**
 * Draws the label with its format's layout; `band` is the incomplete band's lines (the market's words,
 * markets.ts incompleteBandLines), drawn only when the label is not complete.
 */
export function drawLabel(canvas: LabelCanvas, model: LabelModel, layout: LabelLayout, band: readonly string[]): Size {
  const size = layout(canvas, model);
  let height = size.height;
  const paragraphs = statements(model);
  if (paragraphs.length > 0) {
    const frame = { left: MARGIN, right: size.width - MARGIN };
    let y = height + 3;
    canvas.openClass('statements');
    for (const paragraph of paragraphs) {
      y =
        typeof paragraph === 'string'
          ? drawParagraph(canvas, paragraph, frame, y + 2, STATEMENT_SIZE, true)
          : drawRunsParagraph(canvas, paragraph, frame, y + 2, STATEMENT_SIZE);
    }
    canvas.close();
    height = y + 2;
  }
  if (model.complete === false) drawIncompleteBand(canvas, { width: size.width, height }, band);
  return { width: size.width, height };
}
