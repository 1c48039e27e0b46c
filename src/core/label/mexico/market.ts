// Mexico: NOM-051-SCFI/SSA1-2010 as modified in 2020 (the declaration and the front-of-pack warning
// system), Spanish, one format (docs/labeling.md#mexico). The declaration and seals are built by
// buildMxTable; this module feeds it the recipe and dresses the result as the label data of
// docs/api.md#market-mexico.
import type { LabelMarket } from '../market.js';
import type { IngredientAdditions, LabelInput } from '../shared/label-input.js';
import { isMarketComplete } from '../shared/market-warnings.js';
import { type LabelLanguage, type LabelModel, type LabelNutrientRow, MX_FORMATS } from '../shared/model.js';
import { per100gOfLabel } from '../shared/per-hundred.js';
import { statementWarnings, translationWarning } from '../shared/warnings.js';
import { buildMxTable } from './build.js';
import type { MxTable } from './model.js';
import { columnTableRow } from '../shared/column-row.js';

export const MX_MARKET: LabelMarket = {
  key: 'mx',
  law: 'NOM-051-SCFI/SSA1-2010',
  languages: ['es-MX'],
  formats: MX_FORMATS,
  defaultFormat: 'mx_table',
  statementHeading: () => 'Ingredientes: ',
  incompleteBand: () => ['DATOS INCOMPLETOS - NO IMPRIMIR'],
  build: (input, language) => buildMxLabel(input, language),
};

/** Nothing known about what the ingredients add: the seals that depend on it stay undetermined. */
const UNKNOWN_ADDITIONS: IngredientAdditions = {
  sugars: null,
  fats: null,
  sodium: null,
  non_caloric_sweetener: false,
  added_caffeine: false,
};

/**
 * What the ingredients add. An ingredient without an added_sugar value leaves "sugars added" unknown,
 * unless the account takes unknown added sugars as zero (label_settings.accept_missing, docs/api.md#trust-and-completeness).
 */
function additionsOf(input: LabelInput): IngredientAdditions {
  const added = input.added ?? UNKNOWN_ADDITIONS;
  if (added.sugars === null && input.settings.accept_missing?.includes('added_sugar')) return { ...added, sugars: false };
  return added;
}

function rowsOf(table: MxTable): LabelNutrientRow[] {
  // The per 100 g/mL column is the declaration's mandatory one (4.5.2): the row's headline amount.
  return table.rows.map((row) => columnTableRow(row, row.per_100, { per_100: row.per_100, per_portion: row.per_portion }));
}

export function buildMxLabel(input: LabelInput, language: LabelLanguage): LabelModel {
  // The phase of the warning system is that in force on the label's date; callers always give it.
  if (!input.label_date) throw new RangeError('a Mexican label needs its date (label_date) to pick the phase of NOM-051');
  const settings = input.settings;
  const table = buildMxTable({
    per_100g: per100gOfLabel(input),
    serving_grams: input.serving_grams,
    servings_per_package: input.servings_per_container,
    density: input.density,
    label_date: input.label_date,
    facts: additionsOf(input),
    missing: input.missing,
    empty_recipe: input.empty_recipe,
    notes: input.notes,
    settings: { food_kind: settings.food_kind, mx_phase: settings.mx_phase, accept_missing: settings.accept_missing },
  });
  const notes = [...table.notes];
  if (Object.keys(input.allergens ?? {}).length > 0) {
    notes.push('the allergen declaration of NOM-051 ("Contiene: ...") is not generated: write it beside the ingredient list');
  }
  const warnings = [...table.warnings, ...statementWarnings(input, false)];
  const translation = translationWarning('Spanish', input.untranslated_by_language?.es ?? []);
  if (translation) warnings.push(translation);
  const undetermined = table.front_of_pack.undetermined;
  // docs/labeling.md#mexico-decisions: a seal nobody can decide is never silently left off the pack.
  if (undetermined.length > 0 && isMarketComplete(warnings, 'mx_table')) {
    warnings.push({
      code: 'format_not_allowed',
      message: `NOM-051 4.5.3: whether ${undetermined.join(', ')} apply cannot be decided on the known values; complete the ingredients' values (added_sugar, adds_fat, adds_sodium).`,
      accepted: false,
    });
  }
  return {
    recipe_id: input.recipe_id,
    language,
    format: 'mx_table',
    title: table.title,
    serving_size: { household: input.household_serving ?? null, grams: table.portion.grams, display: table.portion.display },
    servings_per_container: { value: table.portions_per_pack, display: `Porciones por envase: ${formatCount(table.portions_per_pack)}` },
    nutrients: rowsOf(table),
    footnote: '',
    claims: [],
    allergen_statement: null,
    ingredient_statement: input.ingredient_statement[language] ?? null,
    front_of_pack: table.front_of_pack,
    notes,
    complete: isMarketComplete(warnings, 'mx_table'),
    warnings,
    basis: table.basis,
    portion: table.portion,
    portions_per_pack: table.portions_per_pack,
    column_titles: table.column_titles,
  };
}

/** Portions as a count: whole where whole, else one decimal ("aprox. 2.5"). */
function formatCount(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : `aprox. ${rounded.toFixed(1)}`;
}
