// The ingredient domain: its stored shape and the rules of docs/api.md#ingredients, docs/api.md#ingredient-create and
// docs/api.md#unit-keys for creating and updating one. Pure: takes plain objects, returns typed results.
import { must } from '../lib/must.js';
import { NUTRIENT, rangeError, SAFETY_AMOUNT, UNIT_WEIGHT } from './bounds.js';
import { Decimal } from 'decimal.js';
import { normalizeAllergens } from './allergens.js';
import { applyLanguageTexts, type LanguageTexts } from './language-texts.js';
import { NUTRIENTS, NUTRIENT_ALIASES, NUTRIENT_PARTS, type NutrientValues, POLYOL_PARTS } from './nutrients.js';
import { MAX_UNIT_SLOTS, parseDescription, type Portion } from './units.js';
import { type IntenseSweetenerKey, parseIntenseSweeteners } from './sweeteners.js';
import { printedNumber, SIGNIFICANT_DIGITS } from '../lib/printed-number.js';
import { pushAll } from '../lib/push-all.js';
import { FieldErrorList } from '../lib/field-errors.js';

export const NON_FOOD_KINDS = ['labor', 'packaging', 'safety', 'other_hourly', 'other_fixed'] as const;
export type NonFoodKind = (typeof NON_FOOD_KINDS)[number];

export const PASS_FAIL = 'pass_fail';

/**
 * What a write's nutrient values are relative to (docs/api.md#round-trips): `weight1`, the
 * ReciPal wire format (the amount in description1), or `per_100g`, what responses return. A client
 * that reads an ingredient and writes it back sends per_100g and changes nothing.
 */
export const NUTRIENT_BASES = ['weight1', 'per_100g'] as const;
export type NutrientBasis = (typeof NUTRIENT_BASES)[number];

/**
 * What an ingredient adds to a product, for Mexico's front-of-pack warnings (NOM-051-SCFI/SSA1-2010
 * 4.5.3: seals only for products with added fats or sodium; 7.1.3-7.1.4: the sweetener and caffeine
 * legends; docs/api.md#market-eu-uk), and whether its polyols are its own rather than added (`polyols_intrinsic`,
 * a fruit's sorbitol: Regulation (EU) 1169/2011 Annex III counts added polyols; docs/api.md#ingredients).
 * Booleans, false unless set.
 */
export const INGREDIENT_FLAGS = ['adds_fat', 'adds_sodium', 'non_caloric_sweetener', 'added_caffeine', 'polyols_intrinsic'] as const;
export type IngredientFlag = (typeof INGREDIENT_FLAGS)[number];
export type IngredientFlags = Record<IngredientFlag, boolean>;

/** An ingredient as stored (nutrients per 100 g; weights in grams). */
export interface Ingredient {
  id: number;
  account_id: number | null;
  name: string;
  name_fr: string | null;
  recipe_id: number | null;
  brand: string | null;
  source: string | null;
  ingredient_list: string | null;
  ingredient_list_fr: string | null;
  /** Names in the label languages other than English and French (docs/api.md#label-languages; French is name_fr). */
  names: LanguageTexts;
  /** Ingredient lists in those languages (French is ingredient_list_fr). */
  ingredient_lists: LanguageTexts;
  allergens: Record<string, true | string>;
  /**
   * True when the allergens came from the USDA importer's inference rules (docs/api.md#library-fields), not from
   * a person; a write of `allergens` clears it.
   */
  allergens_inferred: boolean;
  /**
   * Whether a Canadian list groups it under "Sugars" (FDR B.01.008.3); null: not said, inferred from
   * the name (src/core/label/canada/sugars-based.ts).
   */
  sugars_based: boolean | null;
  usda_verified: boolean;
  user_verified: boolean;
  archived: boolean;
  food: boolean;
  non_food: NonFoodKind | null;
  safety_amount: number | null;
  subrecipe: boolean;
  /** Slot N is portions[N - 1]; unused slots are null. */
  portions: Array<Portion | null>;
  nutrients: NutrientValues;
  category: string | null;
  fdc_id: number | null;
  /**
   * The common name for ingredient statements (21 CFR 101.4(a)(1)); null: the name is used. Library
   * foods carry one generated from USDA's description (docs/labeling.md "Statement names").
   */
  statement_name: string | null;
  /** True while statement_name is the importer's generated name, not one a person set. */
  statement_name_generated: boolean;
  /** Nutrient key -> why the importer set it to zero by nature (docs/labeling.md "Zero by nature"). */
  nutrients_inferred: Record<string, string>;
  created_at: string;
  updated_at: string;
  /** INGREDIENT_FLAGS; absent means false (objects built before the flags existed, e.g. old history snapshots). */
  adds_fat?: boolean;
  adds_sodium?: boolean;
  non_caloric_sweetener?: boolean;
  added_caffeine?: boolean;
  polyols_intrinsic?: boolean;
  /** Intense sweeteners the ingredient is or contains (src/core/sweeteners.ts); absent in old snapshots: none. */
  intense_sweeteners?: IntenseSweetenerKey[];
}

/** The fields a create or update may set (after this module's rules), ready to store. */
export type IngredientFields = Omit<
  Ingredient,
  | 'id'
  | 'account_id'
  | 'created_at'
  | 'updated_at'
  | 'fdc_id'
  | 'category'
  | 'statement_name'
  | 'statement_name_generated'
  | 'nutrients_inferred'
> & {
  category?: string | null;
  statement_name?: string | null;
  statement_name_generated?: boolean;
  nutrients_inferred?: Record<string, string>;
};

/** What a write through the API produces: every field, the library's marks included. */
export type WrittenFields = IngredientFields & Pick<Ingredient, 'statement_name' | 'statement_name_generated' | 'nutrients_inferred'>;

export type WriteResult = { ok: true; fields: WrittenFields; tags: string[] | undefined } | { ok: false; errors: Record<string, string[]> };

/** The request, after schema coercion: every member optional and possibly null. */
export type IngredientInput = Record<string, unknown>;

export const isHourly = (kind: NonFoodKind | null) => kind === 'labor' || kind === 'other_hourly';

const TEXT_FIELDS = ['name', 'name_fr', 'brand', 'source', 'ingredient_list', 'ingredient_list_fr', 'statement_name'] as const;

/**
 * A value relative to weight1, per 100 g: in decimal arithmetic, kept to the 10 significant digits
 * responses print (docs/api.md#responses), so a third is stored as it is read back (33.33333333).
 */
function per100g(value: number, weight1: number): number {
  return new Decimal(value).times(100).dividedBy(weight1).toSignificantDigits(SIGNIFICANT_DIGITS).toNumber();
}

/**
 * The stored number when `value` prints as it does (docs/api.md#responses: 10 significant digits): a value
 * read from a response and written back is the stored one, not its printed neighbour.
 */
function keepStored(stored: number | null | undefined, value: number): number {
  return typeof stored === 'number' && printedNumber(stored) === printedNumber(value) ? stored : value;
}

/** Splits "a, b" or ["a", "b"] into trimmed, de-duplicated tag names. */
export function tagNames(tags: unknown, tagList: unknown): string[] | undefined {
  if (tags === undefined && tagList === undefined) return undefined;
  const raw: string[] = [];
  for (const source of [tags, tagList]) {
    if (source === undefined || source === null) continue;
    const values = Array.isArray(source) ? source : [source];
    for (const v of values) {
      const value = typeof v === 'object' && v !== null && 'name' in v ? (v as { name: unknown }).name : v;
      if (typeof value === 'string') pushAll(raw, value.split(','));
    }
  }
  return [...new Set(raw.map((t) => t.trim()).filter((t) => t.length > 0))];
}

/**
 * A write's failures as the API reports them: per field, each message once, in the order found, at
 * most FIELD_MESSAGES_MAX per field (linear however many: docs/api.md#input-budgets). Errors found
 * earlier (by the request schema) are reported together with these rules'.
 */
class WriteErrors extends FieldErrorList {
  fail(field: string, message: string): void {
    this.add(field, message);
  }
}

/** What every step of a write reads: the ingredient as stored (null on a create), and what was sent. */
interface Write {
  existing: Ingredient | null;
  /** The request, nutrient aliases (vitamin_a_IU, ...) under their keys. */
  input: IngredientInput;
  errors: WriteErrors;
}

/** A nutrient sent under an alias counts as sent under its key, unless the key was sent too. */
function withNutrientAliases(input: IngredientInput): IngredientInput {
  let out = input;
  for (const [alias, key] of Object.entries(NUTRIENT_ALIASES)) {
    if (out[alias] !== undefined && out[key] === undefined) out = { ...out, [key]: out[alias] };
  }
  return out;
}

/** What the nutrients sent are relative to: `nutrient_basis`, else the caller's default, else weight1. */
function nutrientBasisOf({ input, errors }: Write, fallback: NutrientBasis | undefined): NutrientBasis {
  const sent = input.nutrient_basis;
  if (sent === undefined || sent === null || sent === '') return fallback ?? 'weight1';
  if ((NUTRIENT_BASES as readonly unknown[]).includes(sent)) return sent as NutrientBasis;
  errors.fail('nutrient_basis', `must be one of: ${NUTRIENT_BASES.join(', ')}`);
  return fallback ?? 'weight1';
}

/** Food or not, and which kind of non-food item: set at creation, fixed after (docs/api.md#ingredient-create). */
function kindOf({ existing, input, errors }: Write): { food: boolean; nonFood: NonFoodKind | null } {
  if (existing) return { food: existing.food, nonFood: existing.non_food };
  const food = input.food === undefined || input.food === null ? true : input.food === true;
  const kind = input.non_food;
  if (food) {
    if (kind !== undefined && kind !== null) errors.fail('non_food', 'is only allowed when food is false');
  } else if (kind === undefined || kind === null) {
    errors.fail('non_food', `is required when food is false (one of ${NON_FOOD_KINDS.join(', ')})`);
  } else if (!(NON_FOOD_KINDS as readonly string[]).includes(kind as string)) {
    errors.fail('non_food', `must be one of ${NON_FOOD_KINDS.join(', ')}`);
  } else {
    return { food, nonFood: kind as NonFoodKind };
  }
  return { food, nonFood: null };
}

/** The unit slots: description N and weight N go together; slot 1 is required. */
function portionsOf({ existing, input, errors }: Write, nonFood: NonFoodKind | null): Array<Portion | null> {
  const portions: Array<Portion | null> = Array.from({ length: MAX_UNIT_SLOTS }, (_, i) => existing?.portions[i] ?? null);
  for (let slot = 1; slot <= MAX_UNIT_SLOTS; slot++) {
    const dKey = `description${slot}`;
    const wKey = `weight${slot}`;
    const sentD = input[dKey];
    const sentW = input[wKey];
    if (sentD === undefined && sentW === undefined) continue;
    const current = portions[slot - 1];
    const description = sentD === undefined ? (current?.description ?? null) : (sentD as string | null);
    const weight = sentW === undefined ? (current?.weight ?? null) : (sentW as number | null);
    if (description === null || (typeof description === 'string' && description.trim() === '')) {
      if (slot === 1) errors.fail(dKey, "can't be blank");
      else if (weight !== null && sentW !== undefined) errors.fail(dKey, `can't be blank when ${wKey} is given`);
      portions[slot - 1] = null;
      continue;
    }
    if (typeof description !== 'string') {
      errors.fail(dKey, 'must be a string');
      continue;
    }
    const text = description.trim();
    const passFail = slot === 1 && text === PASS_FAIL && nonFood === 'safety';
    if (!passFail && !parseDescription(text)) {
      errors.fail(dKey, 'must be "<quantity> <unit>", e.g. "1 cup", "1/2 cup" or "2 large eggs"');
    }
    if (weight === null) {
      errors.fail(wKey, `can't be blank when ${dKey} is given`);
      continue;
    }
    if (typeof weight !== 'number' || !Number.isFinite(weight)) errors.fail(wKey, 'must be a number');
    else if (!(weight > 0)) errors.fail(wKey, 'must be greater than 0');
    else {
      const outOfRange = rangeError(weight, UNIT_WEIGHT);
      if (outOfRange) errors.fail(wKey, outOfRange);
    }
    portions[slot - 1] = { description: text, weight: keepStored(current?.weight, weight) };
  }
  if (!existing && portions[0] === null && !errors.has('description1')) errors.fail('description1', "can't be blank");
  if (!existing && input.weight1 === undefined && !errors.has('weight1')) errors.fail('weight1', "can't be blank");
  return portions;
}

/**
 * The nutrients, sent relative to the basis (weight1: the new one if sent, else the stored one) and
 * stored per 100 g; a part above its whole is refused.
 */
function nutrientsOf(
  { existing, input, errors }: Write,
  basis: NutrientBasis,
  food: boolean,
  portions: ReadonlyArray<Portion | null>,
): NutrientValues {
  const creating = existing === null;
  const weight1 = portions[0]?.weight ?? existing?.portions[0]?.weight ?? null;
  const nutrients: NutrientValues = { ...(existing?.nutrients ?? {}) };
  for (const def of NUTRIENTS) {
    const value = input[def.key];
    if (value === undefined) {
      if (creating && food && def.required) errors.fail(def.key, "can't be blank");
      continue;
    }
    if (value === null) {
      if (creating && food && def.required) errors.fail(def.key, "can't be blank");
      delete nutrients[def.key];
      continue;
    }
    // Callers without a request schema (the library import) rely on these checks too.
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      errors.fail(def.key, 'must be a number');
      continue;
    }
    const outOfRange = rangeError(value, NUTRIENT);
    if (outOfRange) {
      errors.fail(def.key, outOfRange);
      continue;
    }
    if (errors.has(def.key)) continue;
    if (basis === 'per_100g') nutrients[def.key] = keepStored(existing?.nutrients[def.key], value);
    else if (weight1 !== null && weight1 > 0) nutrients[def.key] = keepStored(existing?.nutrients[def.key], per100g(value, weight1));
  }
  if (food && nutrients.uncounted_fiber === undefined && creating) nutrients.uncounted_fiber = 0;
  // A part above its whole (erythritol above the polyols, salatrim above the fat) would make the
  // Annex XIV energy sum subtract more than there is. Reported on the field sent (the part, unless only
  // the whole was sent).
  for (const { part, whole } of NUTRIENT_PARTS) {
    const p = nutrients[part];
    const w = nutrients[whole];
    if (p === undefined || w === undefined || !(p > w)) continue;
    if (errors.has(part) || errors.has(whole)) continue;
    const field = input[part] === undefined && input[whole] !== undefined ? whole : part;
    errors.fail(
      field,
      field === part ? `must not be more than ${whole} (it is part of it)` : `must not be less than ${part} (${part} is part of it)`,
    );
  }
  return nutrients;
}

/** The polyols named one by one are parts of the total: together they cannot exceed it. */
function checkPolyolParts({ errors }: Write, nutrients: NutrientValues): void {
  const total = nutrients.sugar_alcohol;
  const named = POLYOL_PARTS.filter((key) => nutrients[key] !== undefined);
  if (total === undefined || named.length < 2 || named.some((key) => errors.has(key)) || errors.has('sugar_alcohol')) return;
  const sum = named.reduce((acc, key) => acc.plus(nutrients[key] ?? 0), new Decimal(0));
  if (sum.gt(total)) errors.fail('sugar_alcohol', `must not be less than the polyols named in it together (${named.join(' + ')})`);
}

/** The intense sweeteners the ingredient is or contains (src/core/sweeteners.ts). */
function intenseSweetenersOf({ existing, input, errors }: Write): IntenseSweetenerKey[] {
  const held = existing?.intense_sweeteners ?? [];
  if (input.intense_sweeteners === undefined) return held;
  const parsed = parseIntenseSweeteners(input.intense_sweeteners);
  if (parsed.ok) return parsed.value;
  errors.fail('intense_sweeteners', parsed.message);
  return held;
}

/** Safety items: a target amount only on safety items, and never on a pass/fail check. */
function safetyAmountOf({ existing, input, errors }: Write, nonFood: NonFoodKind | null, portions: ReadonlyArray<Portion | null>) {
  const held = existing?.safety_amount ?? null;
  if (input.safety_amount === undefined) return held;
  const amount = input.safety_amount as number | null;
  const invalid = typeof amount === 'number' ? rangeError(amount, SAFETY_AMOUNT) : 'must be a number';
  if (amount !== null && nonFood !== 'safety') errors.fail('safety_amount', 'is only valid when non_food is safety');
  else if (amount !== null && invalid) errors.fail('safety_amount', invalid);
  else if (amount !== null && portions[0]?.description === PASS_FAIL)
    errors.fail('safety_amount', 'must be blank when description1 is pass_fail');
  else return amount;
  return held;
}

/** Whether a Canadian list groups it under "Sugars"; null returns it to the name rule. */
function sugarsBasedOf({ existing, input, errors }: Write): boolean | null {
  const held = existing?.sugars_based ?? null;
  if (input.sugars_based === undefined) return held;
  // Callers without a request schema rely on this check.
  if (input.sugars_based === null || typeof input.sugars_based === 'boolean') return input.sugars_based;
  errors.fail('sugars_based', 'must be true, false or null');
  return held;
}

/** The allergens, and whether they are still the importer's inference. */
function allergensOf({ existing, input, errors }: Write): Pick<Ingredient, 'allergens' | 'allergens_inferred'> {
  const held = { allergens: existing?.allergens ?? {}, allergens_inferred: existing?.allergens_inferred ?? false };
  if (input.allergens === undefined) return held;
  const normalized = normalizeAllergens(input.allergens === null || input.allergens === '' ? {} : input.allergens);
  // Allergens a person writes are theirs, no longer the importer's inference (the same ones written
  // again confirm them: the one member a read-and-write round trip changes, docs/api.md#ingredients).
  if (normalized.ok) return { allergens: normalized.value, allergens_inferred: false };
  for (const message of normalized.errors) errors.fail('allergens', message);
  return held;
}

type TextField = (typeof TEXT_FIELDS)[number];

/** The names and texts: the plain text fields, and names / ingredient lists by language (docs/api.md#label-languages). */
function textsOf({ existing, input, errors }: Write) {
  // Filled field by field: a field left unset has failed, and `text` is used only when none did.
  const text = {} as Record<TextField, string | null>;
  for (const field of TEXT_FIELDS) {
    const value = input[field];
    if (value !== undefined && value !== null && typeof value !== 'string') {
      errors.fail(field, 'must be a string');
      continue;
    }
    text[field] = value === undefined ? (existing ? existing[field] : null) : (value as string | null);
  }
  // name_fr and ingredient_list_fr are the French of names and ingredient_lists.
  const translated = {
    names: { fr: text.name_fr, others: existing?.names ?? {} },
    ingredient_lists: { fr: text.ingredient_list_fr, others: existing?.ingredient_lists ?? {} },
  };
  for (const [field, frField, maxLength] of [
    ['names', 'name_fr', 255],
    ['ingredient_lists', 'ingredient_list_fr', 5000],
  ] as const) {
    if (input[field] === undefined) continue;
    const applied = applyLanguageTexts(input[field], field, translated[field], { maxLength });
    if (!applied.ok) for (const [name, messages] of Object.entries(applied.errors)) for (const m of messages) errors.fail(name, m);
    else {
      translated[field] = applied.value;
      // name_fr sent beside names.fr: the field of its own wins.
      if (input[frField] === undefined) text[frField] = applied.value.fr;
    }
  }
  const nameBlank = !text.name || text.name.trim() === '';
  if ((existing === null || input.name !== undefined) && !errors.has('name') && nameBlank) errors.fail('name', "can't be blank");
  return { text, names: translated.names.others, ingredient_lists: translated.ingredient_lists.others };
}

/** INGREDIENT_FLAGS: booleans; null clears a flag (back to false), as a null clears any other field. */
function flagsOf({ existing, input, errors }: Write): IngredientFlags {
  const flags = {} as IngredientFlags;
  for (const flag of INGREDIENT_FLAGS) {
    const value = input[flag];
    if (value === undefined || value === null) flags[flag] = value === null ? false : (existing?.[flag] ?? false);
    else if (typeof value !== 'boolean') errors.fail(flag, 'must be true or false');
    else flags[flag] = value;
  }
  return flags;
}

/**
 * Applies a create (existing = null) or an update to an ingredient. Nutrients in the input are
 * relative to the input's `nutrient_basis`, else `options.nutrientBasis`, else weight1 (the new one if
 * sent, else the stored one), and are stored per 100 g. Each field's rules are a step; every failure is
 * reported, field by field in this order.
 */
export function applyIngredientWrite(
  existing: Ingredient | null,
  input: IngredientInput,
  options: { nutrientBasis?: NutrientBasis; priorErrors?: Record<string, string[]> } = {},
): WriteResult {
  const write: Write = { existing, input: withNutrientAliases(input), errors: new WriteErrors(options.priorErrors) };
  const sent = write.input;
  const basis = nutrientBasisOf(write, options.nutrientBasis);
  const { food, nonFood } = kindOf(write);
  const portions = portionsOf(write, nonFood);
  const nutrients = nutrientsOf(write, basis, food, portions);
  checkPolyolParts(write, nutrients);
  const intenseSweeteners = intenseSweetenersOf(write);
  const safetyAmount = safetyAmountOf(write, nonFood, portions);
  const sugarsBased = sugarsBasedOf(write);
  const allergens = allergensOf(write);
  const { text, names, ingredient_lists } = textsOf(write);
  const flags = flagsOf(write);
  if (write.errors.any) return { ok: false, errors: write.errors.byField };

  // A value a person writes is theirs: the importer's zero-by-nature mark goes with it.
  const nutrientsInferred = Object.fromEntries(
    Object.entries(existing?.nutrients_inferred ?? {}).filter(([key]) => sent[key] === undefined && nutrients[key] !== undefined),
  );
  return {
    ok: true,
    tags: tagNames(sent.tags, sent.tag_list),
    fields: {
      name: must(text.name, 'the name (checked not blank above)').trim(),
      name_fr: text.name_fr,
      brand: text.brand,
      source: text.source,
      ingredient_list: text.ingredient_list,
      ingredient_list_fr: text.ingredient_list_fr,
      names,
      ingredient_lists,
      recipe_id: existing?.recipe_id ?? null,
      ...allergens,
      sugars_based: sugarsBased,
      usda_verified: existing?.usda_verified ?? false,
      user_verified: existing?.user_verified ?? false,
      archived: sent.archived === undefined || sent.archived === null ? (existing?.archived ?? false) : sent.archived === true,
      food,
      non_food: nonFood,
      safety_amount: safetyAmount,
      subrecipe: existing?.subrecipe ?? false,
      portions,
      nutrients: food ? nutrients : {},
      statement_name: text.statement_name?.trim() || null,
      // A statement name a person writes (or clears) is theirs, no longer the importer's.
      statement_name_generated: sent.statement_name === undefined ? (existing?.statement_name_generated ?? false) : false,
      nutrients_inferred: food ? nutrientsInferred : {},
      ...flags,
      intense_sweeteners: food ? intenseSweeteners : [],
    },
  };
}
