// renderLabelSvg: the label model drawn as a standalone SVG, one layout per format.

import type { LabelModel, StatementRun } from '../../core/label/shared/model.js';
import { layoutAnzNip } from './anz.js';
import { type Run, SvgCanvas, type TextMode } from './canvas.js';
import { layoutCanadian } from './canada.js';
import { layoutEuLinear, layoutEuTable } from './eu.js';
import { layoutFdaDual } from './fda-dual.js';
import { layoutFdaLinear } from './fda-linear.js';
import { layoutFdaTabular } from './fda-tabular.js';
import { drawParagraph, drawRunsParagraph, layoutFdaVertical } from './fda-vertical.js';
import { MARGIN, STATEMENT_SIZE } from './metrics.js';
import { layoutMxTable } from './mexico.js';
import { drawIncompleteBand, incompleteBandLines } from './incomplete-band.js';

export interface SvgOptions {
  /**
   * Embed the Arimo faces as @font-face data URLs so browsers draw the label in its own font.
   * Default true (the public .svg); the PNG and PDF renderers pass false (they load the files).
   */
  embedFont?: boolean;
  /** 'outlines' draws text as glyph outlines (the PNG renderer's input); default 'text'. */
  textMode?: TextMode;
}

type Layout = (canvas: SvgCanvas, model: LabelModel) => { width: number; height: number };

const LAYOUTS: Record<LabelModel['format'], Layout> = {
  fda_vertical: layoutFdaVertical,
  fda_simplified: layoutFdaVertical,
  fda_tabular: layoutFdaTabular,
  fda_linear: layoutFdaLinear,
  fda_dual_container: layoutFdaDual,
  ca_standard: layoutCanadian,
  ca_bilingual: layoutCanadian,
  eu_table: layoutEuTable,
  eu_linear: layoutEuLinear,
  anz_nip: layoutAnzNip,
  mx_table: layoutMxTable,
};

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

/** Ingredient and allergen statements (and their French twins on bilingual tables) under the table. */
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
  if (model.format === 'ca_bilingual' && model.bilingual) {
    add(model.bilingual.ingredient_statement_fr);
    add(model.bilingual.allergen_statement_fr);
  }
  return out;
}

export function labelTitle(model: LabelModel): string {
  return model.title || 'Nutrition Facts';
}

export function renderLabelSvg(model: LabelModel, options: SvgOptions = {}): string {
  const canvas = new SvgCanvas();
  const layout = LAYOUTS[model.format] ?? layoutFdaVertical;
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
  // docs/api.md#trust-and-completeness: an incomplete label is never a printable file (PNG, PDF and embeds are drawn from this SVG).
  if (model.complete === false) drawIncompleteBand(canvas, { width: size.width, height }, incompleteBandLines(model));
  return canvas.toSvg(size.width, height, { title: labelTitle(model), embedFont: options.embedFont ?? true, textMode: options.textMode });
}
