// GET /v1/labels/{token} (docs/api.md#labels, the recipe's `primary_label`): the saved label settings, and per
// language the computed claims and statements. `result_format` computes them for another format
// in the languages it belongs to; the others keep their own format.
import { formatsOfLanguage, isLabelFormat, labelFormats, labelLanguages } from '../../core/label/markets.js';
import type { LabelSettings } from '../../core/label/shared/label-input.js';
import type { LabelFormat, LabelLanguage, LabelWarning } from '../../core/label/shared/model.js';
import { invalidField, notFound } from '../../errors.js';
import type { Caller, ServiceContext } from '../context.js';
import { chooseLabelOptions, labelFor } from './labels.js';
import { loadRecipeForEmbed } from '../recipes/index.js';

export interface SavedLabelLanguage {
  format: LabelFormat;
  claims: string[];
  disclosures: string[];
  ingredient_statement: string | null;
  allergen_statement: string | null;
  front_of_pack?: unknown;
  /** docs/api.md#trust-and-completeness, per language. */
  complete: boolean;
  warnings: LabelWarning[];
}

export interface SavedLabel {
  token: string;
  recipe_id: number;
  name: string;
  label_settings: LabelSettings;
  /** The language and format the saved settings choose (what GET /v1/recipes/{id}/label returns by default). */
  language: LabelLanguage;
  format: LabelFormat;
  languages: Record<LabelLanguage, SavedLabelLanguage>;
  notes: string[];
  /** The saved language's label is complete (what X-Label-Complete says). */
  complete: boolean;
}

export async function savedLabel(ctx: ServiceContext, caller: Caller, token: string, resultFormat?: string): Promise<SavedLabel> {
  if (resultFormat !== undefined && resultFormat !== '' && !isLabelFormat(resultFormat)) {
    throw invalidField('result_format', `must be one of ${labelFormats().join(', ')}`);
  }
  const recipe = await loadRecipeForEmbed(ctx, token);
  // Another account's token is as unknown as a made-up one (docs/api.md#errors).
  if (!recipe || recipe.result.recipe.account_id !== caller.accountId) throw notFound('label');
  const settings = recipe.label_settings;
  const main = chooseLabelOptions(settings, {});
  const languages = {} as Record<LabelLanguage, SavedLabelLanguage>;
  let notes: string[] = [];
  let complete = false;
  for (const language of labelLanguages()) {
    const wanted = resultFormat && formatsOfLanguage(language).includes(resultFormat) ? resultFormat : undefined;
    const choice = chooseLabelOptions(settings, { language, format: wanted });
    const label = labelFor(recipe, choice, ctx.clock.now());
    if (language === main.language) {
      notes = label.notes;
      complete = label.complete;
    }
    languages[language] = {
      format: label.format,
      claims: label.claims,
      disclosures: label.disclosures ?? [],
      ingredient_statement: label.ingredient_statement,
      allergen_statement: label.allergen_statement,
      ...(label.front_of_pack ? { front_of_pack: label.front_of_pack } : {}),
      complete: label.complete,
      warnings: label.warnings,
    };
  }
  return {
    token,
    recipe_id: recipe.recipe_id,
    name: recipe.name,
    label_settings: settings,
    language: main.language,
    format: main.format,
    languages,
    notes,
    complete,
  };
}
