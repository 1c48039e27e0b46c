// The ingredient's JSON (docs/api.md#ingredients), in two forms made from one field table (fields.ts):
// the object (other resources) and the text (the single-ingredient read and the lists, hot paths).
import { LRUCache } from 'lru-cache';
import type { Ingredient } from '../../../core/ingredient.js';
import { buildUnitsAndGrams, validUnitNames, type Portion } from '../../../core/units.js';
import { INGREDIENT_FIELDS, type IngredientSource, type UnitViews } from './fields.js';
import { mayHoldFractions, serializerOf } from '../shared/field-table.js';
import { printedNumber, printedNumbers, printedNumberText } from '../../../lib/printed-number.js';

const round = (n: number, places = 6) => Number(n.toFixed(places));

// Unit tables depend only on the portions (the views are shared: never mutate them); many reads share few distinct portion sets (every
// library flour has "1 cup"), so remember the last few hundred instead of re-parsing per request.
const UNIT_VIEW_CACHE_SIZE = 1000;
const unitViews = new LRUCache<string, UnitViews>({ max: UNIT_VIEW_CACHE_SIZE });

function unitViewsOf(slots: Ingredient['portions']): UnitViews {
  const cacheKey = JSON.stringify(slots);
  let views = unitViews.get(cacheKey);
  if (!views) {
    const portions = slots.filter((p): p is Portion => p !== null);
    const table = buildUnitsAndGrams(portions);
    views = {
      units_and_grams: Object.fromEntries(Object.entries(table).map(([k, v]) => [k, printedNumber(round(v))])),
      valid_units: validUnitNames(table, portions),
    };
    unitViews.set(cacheKey, views);
  }
  return views;
}

const toJson = serializerOf(INGREDIENT_FIELDS);
// The same members as the object form's, numbers printed to at most 10 significant digits: a number
// from its text (printedNumberText: the common short number costs nothing more than String), and the
// members that may hold numbers inside through printedNumbers, except units_and_grams: printed where
// it is made (unitViewsOf, remembered), it is not copied again for every ingredient of a list.
// Each writer carries its member's key as JSON text, with the comma before it after the first.
const WRITERS = Object.entries(INGREDIENT_FIELDS).map(([key, field], n) => ({
  keyText: `${n === 0 ? '' : ','}${JSON.stringify(key)}:`,
  read: field.read as (source: IngredientSource) => unknown,
  deep: mayHoldFractions(field.schema) && field !== INGREDIENT_FIELDS.units_and_grams,
}));

export type IngredientJsonValue = ReturnType<typeof toJson>;

export function ingredientJson(ingredient: Ingredient, tags: readonly string[]): IngredientJsonValue {
  return toJson({ ingredient, tags, units: unitViewsOf(ingredient.portions) });
}

/** The same JSON as JSON.stringify(ingredientJson(...)), written directly (no intermediate object). */
export function ingredientJsonText(ingredient: Ingredient, tags: readonly string[]): string {
  const source = { ingredient, tags, units: unitViewsOf(ingredient.portions) };
  let text = '{';
  for (const writer of WRITERS) {
    const value = writer.read(source);
    text +=
      writer.keyText +
      (value === null
        ? 'null'
        : typeof value === 'boolean'
          ? String(value)
          : typeof value === 'number'
            ? Number.isFinite(value)
              ? printedNumberText(value)
              : 'null'
            : JSON.stringify(writer.deep ? printedNumbers(value) : value));
  }
  return `${text}}`;
}

// The envelope of GET /v1/ingredients/{id}. For a frozen ingredient (the repository hands out one
// frozen object per unchanged row it remembers, src/lib/row-memo.ts) its bytes are remembered with
// the object: a frozen object's text cannot change, so the hot read skips writing the text again,
// and a Buffer goes to the socket without measuring or encoding a string. A few tag lists per
// ingredient (the accounts reading a public one tag it differently), keyed by their JSON.
const MAX_TAG_VARIANTS = 4;
const envelopes = new WeakMap<Ingredient, Map<string, Buffer>>();

const envelopeText = (ingredient: Ingredient, tags: readonly string[]) => `{"ingredient":${ingredientJsonText(ingredient, tags)}}`;

export function ingredientEnvelope(ingredient: Ingredient, tags: readonly string[]): string | Buffer {
  if (!Object.isFrozen(ingredient)) return envelopeText(ingredient, tags);
  let variants = envelopes.get(ingredient);
  if (!variants) envelopes.set(ingredient, (variants = new Map()));
  const key = tags.length === 0 ? '' : JSON.stringify(tags);
  let bytes = variants.get(key);
  if (!bytes) {
    if (variants.size >= MAX_TAG_VARIANTS) variants.clear();
    variants.set(key, (bytes = Buffer.from(envelopeText(ingredient, tags))));
  }
  return bytes;
}

/** A list of ingredients as the list routes answer it (`[{"ingredient": ...}, ...]`), written directly. */
export function ingredientListText(items: readonly { ingredient: Ingredient; tags: readonly string[] }[]): string {
  return `[${items.map((item) => envelopeText(item.ingredient, item.tags)).join(',')}]`;
}
