// Australia and New Zealand: FSANZ Standard 1.2.8 (the nutrition information panel, Schedules 11-12) and
// Standard 1.2.3 (allergens, PEAL), English, one format (docs/labeling.md#anz). The panel itself is
// built by buildAnzNip; this module feeds it the recipe and dresses the result as the label data of
// docs/api.md#market-anz, with the statement of ingredients (allergens in bold) and the allergen summary.
import { runsText, type TextRun } from '../../allergens/emphasis.js';
import { pealIngredientRuns, pealNamesNotInList, pealSummary } from '../../allergens/peal.js';
import type { LabelMarket } from '../market.js';
import type { LabelInput } from '../shared/label-input.js';
import { ANZ_FORMATS, type LabelLanguage, type LabelModel, type LabelNutrientRow, type LabelWarning } from '../shared/model.js';
import { per100gOfLabel } from '../shared/per-hundred.js';
import { labelStatementItems } from '../shared/statement-items.js';
import { statementWarnings } from '../shared/warnings.js';
import { isMarketComplete } from '../shared/market-warnings.js';
import { buildAnzNip } from './build.js';
import type { AnzNip } from './model.js';
import { columnTableRow } from '../shared/column-row.js';

const INCOMPLETE_BAND = 'INCOMPLETE DATA - NOT FOR PRINT';
const STATEMENT_HEADING = 'Ingredients: ';

export const ANZ_MARKET: LabelMarket = {
  key: 'anz',
  law: 'FSANZ Standard 1.2.8',
  languages: ['en-AU', 'en-NZ'],
  formats: ANZ_FORMATS,
  defaultFormat: 'anz_nip',
  statementHeading: () => STATEMENT_HEADING,
  incompleteBand: () => [INCOMPLETE_BAND],
  build: (input, language) => buildAnzLabel(input, language),
};

/** What the label declares about allergens (FSANZ Standard 1.2.3—4, PEAL). */
interface AllergenDeclaration {
  /** Heading and list as printed ("Ingredients: flour (wheat), ..."), or null when there is none. */
  statement: string | null;
  /** The list after its heading, the required names in bold; joined, `statement` less the heading. */
  statementRuns: TextRun[] | null;
  summary: string | null;
  summaryRuns: TextRun[] | null;
  warnings: LabelWarning[];
}

const notAllowed = (message: string): LabelWarning => ({ code: 'format_not_allowed', message, accepted: false });

/**
 * PEAL, the one place the ANZ label declares allergens: the required names in bold inside the statement
 * of ingredients, at the ingredient each comes from ("flour (**wheat**)"), and the "Contains" summary
 * of the recipe's allergens. A name PEAL wants more precisely than we know it (a tree nut not named),
 * or one the recipe declares but none of its ingredients carries, keeps the label from print.
 */
function pealDeclaration(input: LabelInput, language: LabelLanguage): AllergenDeclaration {
  const recipeAllergens = input.allergens ?? {};
  const summary = pealSummary(recipeAllergens, { peal_summary_cereal_names: input.settings.peal_summary_cereal_names === true });
  const warnings = summary.problems.map((p) => notAllowed(p.message));
  const items = labelStatementItems(input, language, STATEMENT_HEADING);
  const runs = items === null ? null : pealIngredientRuns(items);
  const outside = items === null ? [] : pealNamesNotInList(recipeAllergens, items);
  if (outside.length > 0) {
    warnings.push(
      notAllowed(
        `The recipe declares ${outside.join(', ')} but none of its ingredients does: FSANZ Standard 1.2.3—4 names an allergen in bold at the ingredient it comes from, so set it on that ingredient.`,
      ),
    );
  }
  return {
    statement: runs === null ? null : STATEMENT_HEADING + runsText(runs),
    statementRuns: runs,
    summary: summary.text,
    summaryRuns: summary.runs.length > 0 ? summary.runs : null,
    warnings,
  };
}

function rowsOf(nip: AnzNip): LabelNutrientRow[] {
  // The per serving column is the row's headline amount (as on every other label).
  return nip.rows.map((row) => columnTableRow(row, row.per_serving, { per_serving: row.per_serving, per_100: row.per_100 }));
}

export function buildAnzLabel(input: LabelInput, language: LabelLanguage): LabelModel {
  const settings = input.settings;
  const nip = buildAnzNip({
    per_100g: per100gOfLabel(input),
    serving_grams: input.serving_grams,
    servings_per_package: input.servings_per_container,
    density: input.density,
    missing: input.missing,
    empty_recipe: input.empty_recipe,
    notes: input.notes,
    settings: {
      food_kind: settings.food_kind,
      show_calories: settings.show_calories,
      percent_daily_intake: settings.percent_daily_intake,
      optional_nutrients: settings.optional_nutrients,
      accept_missing: settings.accept_missing,
      anz_significant_figures: settings.anz_significant_figures,
      anz_percent_di_basis: settings.anz_percent_di_basis,
    },
  });
  const allergens = pealDeclaration(input, language);
  const warnings = [...nip.warnings, ...allergens.warnings, ...statementWarnings(input, false)];
  return {
    recipe_id: input.recipe_id,
    language,
    format: 'anz_nip',
    title: nip.title,
    serving_size: {
      household: input.household_serving ?? null,
      grams: input.serving_grams,
      display: nip.serving_size.display,
      unit: nip.serving_size.unit,
    },
    servings_per_container: nip.servings_per_package,
    nutrients: rowsOf(nip),
    footnote: nip.footnote ?? '',
    claims: [],
    allergen_statement: allergens.summary,
    ingredient_statement: allergens.statement,
    notes: nip.notes,
    complete: isMarketComplete(warnings, 'anz_nip'),
    warnings,
    basis: nip.basis,
    column_titles: nip.column_titles,
    percent_di_header: nip.percent_di_header,
    ...(allergens.statementRuns ? { ingredient_statement_runs: allergens.statementRuns } : {}),
    ...(allergens.summaryRuns ? { allergen_statement_runs: allergens.summaryRuns } : {}),
  };
}
