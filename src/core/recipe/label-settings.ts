// label_settings on a recipe (docs/api.md#labels): every member optional; each checked here so that JSON, form and
// shortcut bodies meet the same rules.
import { GRAMS, rangeError } from '../bounds.js';
import type { LabelSettings } from '../label/shared/label-input.js';
import { formatsOfLanguage, isLabelFormat, isLabelLanguage, labelFormats, labelLanguages, languagesOfFormat } from '../label/markets.js';
import { MX_PHASES } from '../label/mexico/phase.js';
import { NUTRIENT_KEYS } from '../nutrients.js';
import { TRACKED_NUTRIENTS } from './missing.js';
import { categoryError } from '../label/reference-amounts/index.js';

// The nutrients of the "free" and "low" claims (21 CFR 101.60-101.62) that specially_processed may name.
const CLAIM_NUTRIENTS: readonly string[] = ['calories', 'fat', 'fat_saturated', 'cholesterol', 'sodium', 'sugar'];

// Label rows whose key is not an ingredient nutrient key (docs/api.md#label-data: vitamin D and A rows are in mcg).
const LABEL_ONLY_KEYS = ['vitamin_a', 'vitamin_d'];
const OPTIONAL_NUTRIENT_KEYS = new Set([...NUTRIENT_KEYS, ...LABEL_ONLY_KEYS]);

export type LabelSettingsResult = { ok: true; value: LabelSettings } | { ok: false; errors: Record<string, string[]> };

const positive = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * Merges sent members into the current settings (a member sent as null is removed; the whole object sent
 * as null or "" clears it) and checks every member.
 */
export function applyLabelSettings(current: LabelSettings, input: unknown): LabelSettingsResult {
  if (input === null || input === '') return { ok: true, value: {} };
  if (typeof input !== 'object' || Array.isArray(input)) return { ok: false, errors: { label_settings: ['must be an object'] } };
  const errors: Record<string, string[]> = {};
  const fail = (member: string, message: string) => (errors[`label_settings.${member}`] ??= []).push(message);
  const next: Record<string, unknown> = { ...current };
  for (const [member, value] of Object.entries(input as Record<string, unknown>)) {
    if (value === null || value === undefined) {
      delete next[member];
      continue;
    }
    switch (member) {
      case 'language':
        if (!isLabelLanguage(value)) fail(member, `must be one of: ${labelLanguages().join(', ')}`);
        break;
      case 'format':
        if (!isLabelFormat(value)) fail(member, `must be one of: ${labelFormats().join(', ')}`);
        break;
      case 'dv_population':
        if (value !== 'adult' && value !== 'children_1_3') fail(member, 'must be one of: adult, children_1_3');
        break;
      case 'percent_dv_basis':
        if (value !== 'declared' && value !== 'unrounded') fail(member, 'must be one of: declared, unrounded');
        break;
      case 'optional_nutrients':
        if (!Array.isArray(value) || value.some((k) => typeof k !== 'string')) fail(member, 'must be a list of nutrient keys');
        else {
          const unknown = value.filter((k) => !OPTIONAL_NUTRIENT_KEYS.has(k));
          if (unknown.length > 0) fail(member, `unknown nutrient keys: ${unknown.join(', ')}`);
        }
        break;
      case 'accept_missing':
        // docs/api.md#accepting-a-gap: label nutrient keys whose unknown contributions the account takes as zero.
        if (!Array.isArray(value) || value.some((k) => typeof k !== 'string'))
          fail(member, `must be a list of nutrient keys: ${TRACKED_NUTRIENTS.join(', ')}`);
        else {
          const unknown = value.filter((k) => !TRACKED_NUTRIENTS.includes(k));
          if (unknown.length > 0) fail(member, `unknown nutrient keys: ${unknown.join(', ')}; valid keys: ${TRACKED_NUTRIENTS.join(', ')}`);
        }
        break;
      case 'serving_unit':
        // 21 CFR 101.9(b)(7), FDR B.01.002A: grams for solids, mL for liquids.
        if (value !== 'g' && value !== 'mL') fail(member, 'must be one of: g, mL');
        break;
      case 'racc_grams':
      case 'reference_amount_grams':
        if (!positive(value)) fail(member, 'must be greater than 0');
        else {
          const outOfRange = rangeError(value, GRAMS);
          if (outOfRange) fail(member, outOfRange);
        }
        break;
      case 'racc_category':
      case 'reference_amount_category': {
        const error = categoryError(member === 'racc_category' ? 'US' : 'CA', value);
        if (error) fail(member, error);
        break;
      }
      case 'specially_processed':
        // 21 CFR 101.13(e)(2): the nutrients the food was processed, altered, formulated or reformulated to lower.
        if (!Array.isArray(value) || value.some((k) => typeof k !== 'string' || !CLAIM_NUTRIENTS.includes(k)))
          fail(member, `must be a list of: ${CLAIM_NUTRIENTS.join(', ')}`);
        break;
      case 'dual_column_titles':
        if (!Array.isArray(value) || value.length !== 2 || value.some((t) => typeof t !== 'string' || t.trim() === '')) {
          fail(member, 'must be two titles, e.g. ["Per serving", "Per container"]');
        }
        break;
      case 'food_kind':
        // Regulation (EU) 1169/2011 Art. 32(2) and Annex XIII Part A point 2: liquids per 100 mL; beverages 7.5 %.
        if (value !== 'solid' && value !== 'beverage' && value !== 'liquid') fail(member, 'must be one of: solid, beverage, liquid');
        break;
      case 'main_dish':
      case 'show_calories':
      case 'percent_daily_intake':
      case 'peal_summary_cereal_names':
      case 'uk_large_portion_rule':
        if (typeof value !== 'boolean') fail(member, 'must be true or false');
        break;
      case 'mx_phase':
        // NOM-051-SCFI/SSA1-2010 (2020 modification): the three phases of the warning system.
        if (!(MX_PHASES as readonly unknown[]).includes(value)) fail(member, 'must be 1, 2 or 3');
        break;
      case 'mx_polyol_factor_kcal':
        // NOM-051's factor for polyols was not confirmed (docs/labeling.md#polyol-energy): a named setting, 0 to 4 kcal/g
        // (4: carbohydrate's own factor, 5.1.1, the most a polyol can give).
        if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 4)
          fail(member, 'must be a number from 0 to 4 (kcal per gram of polyols)');
        break;
      case 'accept_serving_size':
        if (typeof value !== 'boolean') fail(member, 'must be true or false');
        break;
      case 'anz_significant_figures':
        // FSANZ user guide to Standard 1.2.8 §3.6: "no more than three"; fewer is allowed, more is not.
        if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 3) fail(member, 'must be 1, 2 or 3');
        break;
      case 'anz_percent_di_basis':
        if (value !== 'declared' && value !== 'unrounded') fail(member, 'must be one of: declared, unrounded');
        break;
      case 'front_of_pack_exemption':
        if (typeof value !== 'string') fail(member, 'must be a string');
        break;
      case 'household_serving_fr':
        // Canada's French serving statement (FDR B.01.012: both official languages): "1 carré", "2 tranches".
        if (typeof value !== 'string' || value.trim() === '') fail(member, 'must be a household measure in French, e.g. "1 carré"');
        else if (value.length > 255) fail(member, 'must be at most 255 characters');
        break;
      default:
        fail(member, 'is not a label setting');
    }
    next[member] = value;
  }
  // A language and format sent together must go together, as the same pair in a label query must
  // (docs/api.md#labels): {"language": "es-MX", "format": "eu_table"} was saved and rendered mx_table
  // without a word. (One sent alone keeps the saved other: a read then takes the language's default.)
  const sent = input as Record<string, unknown>;
  const language = sent.language;
  const format = sent.format;
  if (
    errors['label_settings.language'] === undefined &&
    errors['label_settings.format'] === undefined &&
    typeof language === 'string' &&
    typeof format === 'string' &&
    !formatsOfLanguage(language).includes(format)
  ) {
    const owners = languagesOfFormat(format);
    const why = owners.length > 0 ? `${format} belongs to ${owners.join(' or ')}, not ${language}: ` : '';
    fail('format', `${why}must be one of ${formatsOfLanguage(language).join(', ')} for ${language}`);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: next as LabelSettings };
}
