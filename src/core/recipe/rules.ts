// Creating and updating a recipe (docs/api.md#recipes): field rules, "default" values, tags as a
// list of strings, the recipe's own allergens and its label settings. Pure: typed results, no exceptions.
import { GRAMS, MONEY, QUANTITY, rangeError } from '../bounds.js';
import { normalizeAllergens } from '../allergens.js';
import { tagNames } from '../ingredient.js';
import { applyLanguageTexts } from '../language-texts.js';
import { applyLabelSettings } from './label-settings.js';
import type { RecipeFields } from './types.js';
import { YIELD_UNIT_LIST, yieldUnitOf } from './yield.js';

export type RecipeInput = Record<string, unknown>;

export type RecipeWriteResult =
  | { ok: true; fields: RecipeFields; rotateEmbedToken: boolean }
  | { ok: false; errors: Record<string, string[]> };

const TEXT_FIELDS = [
  'name',
  'name_fr',
  'sku',
  'preparation',
  'subrecipe_name',
  'suggested_serving',
  'visual_unit_of_measure',
  'prepared_serving_note',
] as const;
const COST_FIELDS = ['labor_cost', 'overhead_cost', 'packaging_cost'] as const;

export const DEFAULT_VALUE = 'default';

const isDefault = (value: unknown) => typeof value === 'string' && value.trim().toLowerCase() === DEFAULT_VALUE;

/**
 * The smallest fraction of a package a batch may make (docs/api.md#recipes). A package's default yield is
 * the batch's weight divided by it: packages=5e-324 made that Infinity and the write a 500.
 */
export const LEAST_PACKAGES = 0.0001;

/** A number, or a numeric string (form values); undefined when it is neither. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/.test(value)) {
    // "1e400" matches the pattern but is Infinity: not a number anyone can use.
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

export function newRecipeDefaults(): RecipeFields {
  return {
    name: '',
    name_fr: null,
    sku: null,
    preparation: null,
    subrecipe_name: null,
    package_yield_quantity: null,
    package_yield_unit: 'grams',
    servings: 1,
    packages: 1,
    suggested_serving: null,
    visual_unit_of_measure: null,
    prepared_serving_note: null,
    ingredient_list: null,
    ingredient_list_fr: null,
    names: {},
    ingredient_lists: {},
    labor_cost: null,
    overhead_cost: null,
    packaging_cost: null,
    tags: [],
    allergens: {},
    label_settings: {},
    archived: false,
  };
}

export function applyRecipeWrite(existing: RecipeFields | null, input: RecipeInput): RecipeWriteResult {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const fields: RecipeFields = { ...(existing ?? newRecipeDefaults()) };

  for (const field of TEXT_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string') {
      fail(field, 'must be a string');
      continue;
    }
    const text = value === null || value.trim() === '' ? null : value.trim();
    if (field === 'name') fields.name = text ?? '';
    else fields[field] = text;
  }
  if ((existing === null || input.name !== undefined) && !fields.name) fail('name', "can't be blank");

  // package_yield_quantity: >= 0, or "default" (net ingredient weight / packages). 0 means the same as "default".
  const yq = input.package_yield_quantity;
  if (yq !== undefined) {
    const n = numberOf(yq);
    const outOfRange = n === undefined ? null : rangeError(n, GRAMS);
    if (yq === null || yq === '' || isDefault(yq)) fields.package_yield_quantity = null;
    else if (n === undefined) fail('package_yield_quantity', 'must be a number >= 0 or "default"');
    else if (outOfRange) fail('package_yield_quantity', outOfRange);
    else fields.package_yield_quantity = n === 0 ? null : n;
  }
  const yu = input.package_yield_unit;
  if (yu !== undefined && yu !== null && yu !== '') {
    const unit = typeof yu === 'string' ? (isDefault(yu) ? 'grams' : yieldUnitOf(yu)) : undefined;
    if (!unit) fail('package_yield_unit', `must be one of: ${YIELD_UNIT_LIST}`);
    else fields.package_yield_unit = unit;
  }

  for (const [field, minimum] of [
    ['servings', 1],
    ['packages', 0],
  ] as const) {
    const value = input[field];
    if (value === undefined) continue;
    const n = numberOf(value);
    const outOfRange = n === undefined ? null : rangeError(n, QUANTITY);
    if (n === undefined) fail(field, 'must be a number');
    else if (n < minimum) fail(field, `must be greater than or equal to ${minimum}`);
    else if (outOfRange) fail(field, outOfRange);
    else if (field === 'packages' && n > 0 && n < LEAST_PACKAGES) fail(field, `must be 0 (one package) or at least ${LEAST_PACKAGES}`);
    else fields[field] = n;
  }

  for (const field of COST_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (value === null || value === '') {
      fields[field] = null;
      continue;
    }
    const n = numberOf(value);
    const outOfRange = n === undefined ? null : rangeError(n, MONEY);
    if (n === undefined) fail(field, 'must be a number');
    else if (outOfRange) fail(field, outOfRange);
    else fields[field] = n;
  }

  // ingredient_list: custom text, or "default" (or blank) to generate it from the lines.
  for (const field of ['ingredient_list', 'ingredient_list_fr'] as const) {
    const value = input[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string') fail(field, 'must be a string');
    else fields[field] = value === null || value.trim() === '' || isDefault(value) ? null : value.trim();
  }

  // docs/api.md#label-languages: names / ingredient_lists by language; name_fr and ingredient_list_fr are their French.
  for (const [field, frField, maxLength] of [
    ['names', 'name_fr', 255],
    ['ingredient_lists', 'ingredient_list_fr', 10000],
  ] as const) {
    if (input[field] === undefined) continue;
    const held = { fr: fields[frField], others: fields[field] };
    // A custom list cleared (blank or "default") is generated again, as ingredient_list_fr is.
    const applied = applyLanguageTexts(input[field], field, held, {
      maxLength,
      clearWord: field === 'ingredient_lists' ? DEFAULT_VALUE : undefined,
    });
    if (!applied.ok) Object.assign(errors, applied.errors);
    else {
      const blankToNull = (t: string | null) => (field === 'ingredient_lists' && t !== null && t.trim() === '' ? null : t);
      fields[field] = Object.fromEntries(
        Object.entries(applied.value.others).flatMap(([k, v]) =>
          blankToNull(v) === null ? [] : [[k, field === 'ingredient_lists' ? v.trim() : v]],
        ),
      );
      // name_fr sent beside names.fr: the field of its own wins.
      if (input[frField] === undefined) fields[frField] = blankToNull(applied.value.fr)?.trim() ?? null;
    }
  }

  const tags = tagNames(input.tags, input.tag_list);
  if (tags !== undefined) fields.tags = tags;

  if (input.allergens !== undefined) {
    const normalized = normalizeAllergens(input.allergens === null || input.allergens === '' ? {} : input.allergens);
    if (normalized.ok) fields.allergens = normalized.value;
    else for (const message of normalized.errors) fail('allergens', message);
  }

  if (input.label_settings !== undefined) {
    const settings = applyLabelSettings(fields.label_settings, input.label_settings);
    if (settings.ok) fields.label_settings = settings.value;
    else Object.assign(errors, settings.errors);
  }

  if (input.archived !== undefined && input.archived !== null) {
    if (typeof input.archived !== 'boolean') fail('archived', 'must be true or false');
    else fields.archived = input.archived;
  }

  let rotateEmbedToken = false;
  if (input.embed_token !== undefined && input.embed_token !== null) {
    if (input.embed_token === 'rotate') rotateEmbedToken = true;
    else fail('embed_token', 'can only be set to "rotate" (a new token is generated)');
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, fields, rotateEmbedToken };
}
