// Label use cases (API.md §6): the label as data for a recipe (by id, for its owner; by embed
// token, for the public embed), with the language and format chosen from the query, the recipe's
// label settings, or the defaults.
import { buildLabel, checkLabelOptions, defaultFormat, LABEL_FORMATS_FOR } from '../core/label/build-label.js';
import type { LabelSettings } from '../core/label/label-input.js';
import { LABEL_LANGUAGES, type LabelFormat, type LabelLanguage, type LabelModel } from '../core/label/model.js';
import { findAccount, type AccountRow } from '../db/repositories/accounts.js';
import { invalidField } from '../errors.js';
import type { Caller, ServiceContext } from './context.js';
import { loadRecipeForEmbed, loadRecipeForLabel, type RecipeForLabel } from './recipes-label.js';

export interface LabelQuery {
  language?: string;
  format?: string;
}

export interface LabelChoice {
  language: LabelLanguage;
  format: LabelFormat;
}

const present = (value: string | undefined | null): value is string => typeof value === 'string' && value !== '';

/**
 * The language and format a label is built in. Query first; else the recipe's label_settings
 * (the saved format only when it belongs to the language: an en-US recipe asked for fr-CA gets
 * ca_standard, not its fda_vertical); else en-US and the language's default format.
 * An unknown language or format, or a format of another language, is a 422 listing the valid ones.
 */
export function chooseLabelOptions(settings: LabelSettings, query: LabelQuery): LabelChoice {
  const language = present(query.language) ? query.language : settings.language ?? 'en-US';
  if (!(LABEL_LANGUAGES as readonly string[]).includes(language)) {
    throw invalidField('language', `must be one of ${LABEL_LANGUAGES.join(', ')}`);
  }
  const lang = language as LabelLanguage;
  let format: string;
  if (present(query.format)) format = query.format;
  else if (settings.format && LABEL_FORMATS_FOR[lang].includes(settings.format)) format = settings.format;
  else format = defaultFormat(lang);
  const check = checkLabelOptions(lang, format);
  if (!check.ok) throw invalidField(check.field, `must be one of ${LABEL_FORMATS_FOR[lang].join(', ')} for ${lang}`);
  return { language: check.language, format: check.format };
}

// The label prints the list under its heading (API.md §6.1: "Ingredients: ..."); the recipe's
// ingredient_list is the bare list. French puts a space before the colon.
const STATEMENT_HEADINGS: Record<LabelLanguage, string> = { 'en-US': 'Ingredients: ', 'en-CA': 'Ingredients: ', 'fr-CA': 'Ingrédients : ' };

function headed(statement: string | null, language: LabelLanguage): string | null {
  if (statement === null || statement.trim() === '') return null;
  const heading = STATEMENT_HEADINGS[language];
  // A custom list that already starts with its heading keeps it once.
  return statement.toLowerCase().startsWith(heading.trim().slice(0, -1).toLowerCase()) ? statement : heading + statement;
}

export function labelFor(recipe: RecipeForLabel, choice: LabelChoice): LabelModel {
  const ingredient_statement = {} as Record<LabelLanguage, string | null>;
  for (const language of LABEL_LANGUAGES) ingredient_statement[language] = headed(recipe.ingredient_statement[language] ?? null, language);
  return buildLabel({ ...recipe, ingredient_statement }, choice);
}

export interface RecipeLabel {
  recipe: RecipeForLabel;
  label: LabelModel;
}

/** GET /v1/recipes/{id}/label: the caller's recipe (404 otherwise); loaded first, since its saved settings give the defaults. */
export async function recipeLabel(ctx: ServiceContext, caller: Caller, recipeId: number, query: LabelQuery): Promise<RecipeLabel> {
  const recipe = await loadRecipeForLabel(ctx, caller, recipeId);
  return { recipe, label: labelFor(recipe, chooseLabelOptions(recipe.label_settings, query)) };
}

/** GET /embed/{token}: undefined for an unknown (or rotated) token. `owner` is whose render slots a PNG takes. */
export async function embedLabel(ctx: ServiceContext, embedToken: string, query: LabelQuery): Promise<(RecipeLabel & { owner: AccountRow }) | undefined> {
  const recipe = await loadRecipeForEmbed(ctx, embedToken);
  if (!recipe) return undefined;
  const owner = await findAccount(ctx.database.db, recipe.result.recipe.account_id);
  if (!owner) return undefined;
  return { recipe, label: labelFor(recipe, chooseLabelOptions(recipe.label_settings, query)), owner };
}
