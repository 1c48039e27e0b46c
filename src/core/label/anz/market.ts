// Australia and New Zealand: FSANZ Standard 1.2.8 (the nutrition information panel, Schedules 11-12) and
// Standard 1.2.3 (allergens, PEAL), English, one format (docs/labeling.md §10). The panel itself is
// built by buildAnzNip; this module feeds it the recipe and dresses the result as the label data of
// docs/api.md §11, with the statements and the allergen summary.
import { pealSummary } from '../../allergens/peal.js';
import type { LabelMarket } from '../market.js';
import type { LabelInput } from '../shared/label-input.js';
import { ANZ_FORMATS, type LabelLanguage, type LabelModel, type LabelNutrientRow, type LabelWarning } from '../shared/model.js';
import { per100gOfLabel } from '../shared/per-hundred.js';
import { statementWarnings } from '../shared/warnings.js';
import { isMarketComplete } from '../shared/market-warnings.js';
import { buildAnzNip } from './build.js';
import type { AnzNip } from './model.js';

const INCOMPLETE_BAND = 'INCOMPLETE DATA - NOT FOR PRINT';

export const ANZ_MARKET: LabelMarket = {
  key: 'anz',
  law: 'FSANZ Standard 1.2.8',
  languages: ['en-AU', 'en-NZ'],
  formats: ANZ_FORMATS,
  defaultFormat: 'anz_nip',
  statementHeading: () => 'Ingredients: ',
  incompleteBand: () => [INCOMPLETE_BAND],
  build: (input, language) => buildAnzLabel(input, language),
};

/** What the label declares about allergens (FSANZ Standard 1.2.3—4, PEAL). */
interface AllergenDeclaration {
  summary: string | null;
  summaryRuns: LabelModel['allergen_statement_runs'];
  warnings: LabelWarning[];
}

/**
 * PEAL, the one place the ANZ label declares allergens. The "Contains" summary needs only the recipe's
 * allergens (pealSummary). The bold required names INSIDE the statement of ingredients
 * (`ingredient_statement_runs`, pealIngredientRuns) need the statement's items with each one's allergens,
 * which the recipe engine does not give yet: until it does, a recipe with allergens is not for print
 * (format_not_allowed), never printed with a plain list. Wire the runs here.
 */
function pealDeclaration(input: LabelInput): AllergenDeclaration {
  const summary = pealSummary(input.allergens ?? {}, { peal_summary_cereal_names: input.settings.peal_summary_cereal_names === true });
  const warnings: LabelWarning[] = summary.problems.map((p) => ({ code: 'format_not_allowed', message: p.message, accepted: false }));
  if (summary.names.length > 0) {
    warnings.push({
      code: 'format_not_allowed',
      message:
        'FSANZ Standard 1.2.3—4 wants the allergens named in bold inside the statement of ingredients ("flour (wheat)"); this label does not mark them there yet, so it is not for print.',
      accepted: false,
    });
  }
  return { summary: summary.text, summaryRuns: summary.runs.length > 0 ? summary.runs : undefined, warnings };
}

function rowsOf(nip: AnzNip): LabelNutrientRow[] {
  return nip.rows.map((row) => ({
    key: row.key,
    name: row.name,
    // The per serving column is the row's headline amount (as on every other label).
    amount: row.per_serving.amount,
    unit: row.unit,
    display: row.per_serving.display,
    percent_dv: null,
    percent_dv_display: null,
    indent: row.indent,
    bold: false,
    per_serving: row.per_serving,
    per_100: row.per_100,
  }));
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
  const allergens = pealDeclaration(input);
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
    ingredient_statement: input.ingredient_statement[language] ?? null,
    notes: nip.notes,
    complete: isMarketComplete(warnings, 'anz_nip'),
    warnings,
    basis: nip.basis,
    column_titles: nip.column_titles,
    percent_di_header: nip.percent_di_header,
    ...(allergens.summaryRuns ? { allergen_statement_runs: allergens.summaryRuns } : {}),
  };
}
