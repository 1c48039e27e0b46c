// The EU/UK list of ingredients with the Annex II allergens emphasised inside it (Regulation (EU)
// 1169/2011 Art. 21(1)(b)): no separate "Contains" line (Art. 21(1), last subparagraph, for foods with a
// list). Data: `ingredient_statement_runs`; the renders draw emphasised runs in bold. docs/labeling.md#eu-uk.
import {
  type AnnexIiGap,
  type AnnexName,
  annexIiEntries,
  annexIiName,
  annexIiResolver,
  EU_SPELLING,
  type EuBase,
} from '../../allergens/annex-ii.js';
import { emphasisedRuns, runsText, type StatementItem, type TextRun } from '../../allergens/emphasis.js';
import type { LabelInput } from '../shared/label-input.js';
import { labelStatementItems } from '../shared/statement-items.js';
import type { LabelWarning } from '../shared/model.js';
import type { EuLanguage } from './wording.js';

export interface EuStatement {
  /** Heading and list as printed ("Zutaten: Weizenmehl, ..."), or null when there is none. */
  text: string | null;
  /** The list after its heading as runs, allergens emphasised; joined, `text` less the heading. */
  runs: TextRun[] | null;
  warnings: LabelWarning[];
}

function collect(items: readonly StatementItem[], entries: Set<AnnexName>, gaps: Map<AnnexIiGap['key'], string[]>): void {
  for (const item of items) {
    const found = annexIiEntries(item.allergens);
    for (const entry of found.entries) entries.add(entry);
    for (const gap of found.gaps) {
      const names = gaps.get(gap.key) ?? [];
      if (!names.includes(item.text)) names.push(item.text);
      gaps.set(gap.key, names);
    }
    if (item.parts) collect(item.parts, entries, gaps);
  }
}

const GAP_MESSAGE: Readonly<Record<AnnexIiGap['key'], string>> = {
  gluten:
    'declares gluten without the cereal; Regulation (EU) 1169/2011 Annex II point 1 names the cereal (wheat, rye, barley, oats, spelt, khorasan) in the list of ingredients: give the cereal (e.g. {"gluten": "barley"}).',
  tree_nut:
    'declares tree nuts without the nut; Regulation (EU) 1169/2011 Annex II point 8 names the nut (almonds, hazelnuts, walnuts, cashews, pecans, Brazil nuts, pistachios, macadamia) in the list of ingredients: give the nut (e.g. {"tree_nut": "almond"}).',
};

export function euIngredientStatement(input: LabelInput, language: EuLanguage, heading: string): EuStatement {
  const items = labelStatementItems(input, language, heading);
  if (items === null) return { text: null, runs: null, warnings: [] };

  const base = language.slice(0, 2) as EuBase;
  const runs = emphasisedRuns(items, annexIiResolver(base), EU_SPELLING[base]);
  const warnings: LabelWarning[] = [];
  const entries = new Set<AnnexName>();
  const gaps = new Map<AnnexIiGap['key'], string[]>();
  collect(items, entries, gaps);
  for (const [key, texts] of gaps) {
    warnings.push({
      code: 'format_not_allowed',
      message: `${texts.map((t) => `"${t}"`).join(', ')} ${GAP_MESSAGE[key]}`,
      accepted: false,
    });
  }
  // Allergens set on the recipe itself that no ingredient carries have no place in the list to be emphasised.
  const uncovered = annexIiEntries(input.allergens ?? {}).entries.filter((entry) => !entries.has(entry));
  if (uncovered.length > 0) {
    warnings.push({
      code: 'format_not_allowed',
      message: `The recipe declares ${uncovered.map((e) => annexIiName('en', e)).join(', ')} but none of its ingredients does: Regulation (EU) 1169/2011 Art. 21(1)(b) emphasises an allergen at the ingredient it comes from, so set it on that ingredient.`,
      accepted: false,
    });
  }
  return { text: heading + runsText(runs), runs, warnings };
}
