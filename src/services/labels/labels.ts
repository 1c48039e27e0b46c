// Label use cases (docs/api.md#labels): the label as data for a recipe (by id, for its owner; public
// embeds build theirs in embeds.ts), with the language and format chosen from the query, the recipe's
// label settings, or the defaults.
import { buildLabel } from '../../core/label/build-label.js';
import {
  formatsOfLanguage,
  isLabelLanguage,
  labelLanguages,
  labelRequest,
  type LabelRequest,
  languagesOfFormat,
} from '../../core/label/markets.js';
import type { LabelSettings } from '../../core/label/shared/label-input.js';
import type { LabelLanguage, LabelModel } from '../../core/label/shared/model.js';
import { invalidField } from '../../errors.js';
import type { Caller, ServiceContext } from '../context.js';
import { labelInputOf, loadRecipeForLabel, type RecipeForLabel } from '../recipes/index.js';
import { parseAsOf, recipeAsOf } from '../history/index.js';

export interface LabelQuery {
  language?: string;
  format?: string;
  /** docs/api.md#history: the label as the recipe stood at this moment. */
  as_of?: string;
}

/** The label chosen: its market, language and format, resolved once and carried to the build and the drawing. */
export type LabelChoice = LabelRequest;

const present = (value: string | undefined | null): value is string => typeof value === 'string' && value !== '';

/**
 * The language and format a label is built in. Query first; else the recipe's label_settings
 * (the saved format only when it belongs to the language: an en-US recipe asked for fr-CA gets
 * ca_standard, not its fda_vertical); else en-US and the language's default format.
 * An unknown language or format, or a format of another language, is a 422 listing the valid ones.
 */
export function chooseLabelOptions(settings: LabelSettings, query: LabelQuery): LabelChoice {
  const language = present(query.language) ? query.language : languageForFormat(query.format, settings.language);
  if (!isLabelLanguage(language)) throw invalidField('language', `must be one of ${labelLanguages().join(', ')}`);
  const formats = formatsOfLanguage(language);
  // The saved format only when it belongs to the language; else the language's default (its market's first).
  const format = present(query.format) ? query.format : settings.format && formats.includes(settings.format) ? settings.format : null;
  const check = labelRequest(language, format);
  if (!check.ok) {
    const owners = languagesOfFormat(format);
    // An explicit pair that does not go together names both sides, so the caller sees which to change.
    const why = owners.length > 0 ? `${format} belongs to ${owners.join(' or ')}, not ${language}: ` : '';
    throw invalidField(check.field, `${why}must be one of ${formats.join(', ')} for ${language}`);
  }
  return check.request;
}

/**
 * With no language asked for, a format names its own: fda_* are en-US, ca_* (ca_bilingual included,
 * whose first language is English) en-CA. The saved language stays when it takes the format (a fr-CA
 * recipe asked for ca_standard stays French); an unknown format leaves the saved language, and the
 * check after it gives the 422.
 */
function languageForFormat(format: string | undefined, saved: string | null | undefined): string {
  const owners = languagesOfFormat(format);
  const [first] = owners;
  if (first === undefined) return saved ?? 'en-US';
  return saved && (owners as string[]).includes(saved) ? saved : first;
}

// The label prints the list under its heading ("Ingredients: ...", "Zutaten: ..."; docs/api.md#label-data
// ingredient_statement), in the words of the language's market; the recipe's ingredient_list is the bare list.
function headed(statement: string | null, heading: string): string | null {
  if (statement === null || statement.trim() === '') return null;
  // A custom list that already starts with its heading keeps it once.
  return statement.toLowerCase().startsWith(heading.trim().slice(0, -1).toLowerCase()) ? statement : heading + statement;
}

/**
 * The label of a recipe in a language and format, as made on `at` (the label's date: Mexico's warning
 * system applies the phase in force on it, docs/api.md#market-mexico).
 */
export function labelFor(recipe: RecipeForLabel, choice: LabelChoice, at: Date): LabelModel {
  // The statements of the label's market (a bilingual Canadian table prints both of its languages').
  const ingredient_statement: Partial<Record<LabelLanguage, string | null>> = {};
  for (const { code, statementHeading } of choice.market.languages) {
    ingredient_statement[code] = headed(recipe.ingredient_statement[code] ?? null, statementHeading);
  }
  return buildLabel({ ...recipe, ingredient_statement, label_date: at.toISOString().slice(0, 10) }, choice);
}

export interface RecipeLabel {
  recipe: RecipeForLabel;
  label: LabelModel;
}

/** GET /v1/recipes/{id}/label: the caller's recipe (404 otherwise); loaded first, since its saved settings give the defaults. */
export async function recipeLabel(ctx: ServiceContext, caller: Caller, recipeId: number, query: LabelQuery): Promise<RecipeLabel> {
  const asOf = query.as_of !== undefined ? await recipeAsOf(ctx, caller, recipeId, query.as_of) : undefined;
  const recipe = asOf ? labelInputOf(asOf.result) : await loadRecipeForLabel(ctx, caller, recipeId);
  // A label as the recipe stood at a moment is the label of that moment.
  const at = query.as_of !== undefined ? new Date(parseAsOf(query.as_of)) : ctx.clock.now();
  return { recipe, label: labelFor(recipe, chooseLabelOptions(recipe.label_settings, query), at) };
}
