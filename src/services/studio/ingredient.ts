// The label studio's ingredient page (docs/studio.md "An ingredient"): the values per 100 g and per
// unit, where each came from (the food's source, the importer's zero-by-nature reasons, the energy's
// own source), which are unknown; and the writes the page makes: a copy of a food to correct, and the
// copy's values per 100 g, through the same services as POST /v1/ingredients/{id}/copy and PUT
// /v1/ingredients/{id}.
import type { Ingredient } from '../../core/ingredient.js';
import { NUTRIENTS, REQUIRED_NUTRIENT_KEYS, type NutrientUnit } from '../../core/nutrients.js';
import { printedNumber, printedNumberText } from '../../lib/printed-number.js';
import type { Caller, ServiceContext } from '../context.js';
import { unitsAndGramsOf } from '../costs/index.js';
import { copyIngredient, getIngredient, updateIngredient, type IngredientWithTags } from '../ingredients/index.js';

/** Shown even when unknown: the rows a US or Canadian label declares beyond the fifteen required. */
const ALWAYS_SHOWN = new Set([...REQUIRED_NUTRIENT_KEYS, 'vitamin_d_mcg', 'potassium']);

export type ValueOrigin =
  | { kind: 'unknown' }
  | { kind: 'inferred'; reason: string }
  | { kind: 'source'; text: string }
  | { kind: 'account' };

export interface IngredientValue {
  key: string;
  unit: NutrientUnit;
  per_100g: number | null;
  origin: ValueOrigin;
}

export interface StudioIngredient {
  ingredient: Ingredient;
  /** The account owns it: its values can be edited here (a library food is copied first). */
  editable: boolean;
  /** Unit key -> grams (docs/api.md#units). */
  units: Record<string, number>;
  values: IngredientValue[];
  /** The ingredient this one was copied from (its source "ingredient:<id>"). */
  copiedFrom: number | null;
}

/** "usda-sr28:01001" -> "USDA SR28 (NDB 01001)"; FoodData Central's own text is already plain. */
function sourceText(part: string): string {
  const sr28 = /^usda-sr28:(\d+)$/.exec(part);
  if (sr28) return `USDA Standard Reference, Release 28 (NDB ${sr28[1]})`;
  const copy = /^ingredient:(\d+)$/.exec(part);
  if (copy) return `copied from ingredient ${copy[1]}`;
  return part;
}

function originOf(ingredient: Ingredient, key: string): ValueOrigin {
  if (ingredient.nutrients[key] === null || ingredient.nutrients[key] === undefined) return { kind: 'unknown' };
  const reason = ingredient.nutrients_inferred[key];
  if (reason) return { kind: 'inferred', reason };
  if (!ingredient.source) return { kind: 'account' };
  const [first = '', ...rest] = ingredient.source.split('; ');
  // The USDA importers append where the energy came from ("energy: FDC 1008 (Energy)", docs/api.md#public-library).
  const energy = rest.find((part) => part.startsWith('energy: '));
  if (key === 'calories' && energy) return { kind: 'source', text: `${sourceText(first)}; ${energy}` };
  return { kind: 'source', text: sourceText(first) };
}

function valuesOf(ingredient: Ingredient): IngredientValue[] {
  return NUTRIENTS.filter((n) => ALWAYS_SHOWN.has(n.key) || (ingredient.nutrients[n.key] ?? null) !== null).map((n) => {
    const value = ingredient.nutrients[n.key];
    return {
      key: n.key,
      unit: n.unit,
      per_100g: value === null || value === undefined ? null : printedNumber(value),
      origin: originOf(ingredient, n.key),
    };
  });
}

function studioView({ ingredient }: IngredientWithTags, accountId: number): StudioIngredient {
  const copied = /^ingredient:(\d+)/.exec(ingredient.source ?? '');
  return {
    ingredient,
    editable: ingredient.account_id === accountId && ingredient.food && !ingredient.subrecipe,
    units: unitsAndGramsOf(ingredient),
    values: valuesOf(ingredient),
    copiedFrom: copied ? Number(copied[1]) : null,
  };
}

/** The caller's or the library's ingredient (404 for another account's). */
export async function studioIngredient(ctx: ServiceContext, caller: Caller, id: number): Promise<StudioIngredient> {
  return studioView(await getIngredient(ctx, caller, id), caller.accountId);
}

/** A private copy of a readable ingredient, to correct (docs/api.md#copy); its id. */
export async function copyForEditing(ctx: ServiceContext, caller: Caller, id: number, name: string): Promise<number> {
  const copy = await copyIngredient(ctx, caller, id, { name: name.trim() === '' ? undefined : name });
  return copy.ingredient.id;
}

/** A typed number ("12.5", "12,5", ".5") as a number; anything else stays text, which the ingredient rules refuse by field. */
function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  return /^-?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : trimmed;
}

/**
 * Writes what the edit form changed: the name and the values per 100 g (blank: unknown). A value sent
 * as the page printed it is left out, so it keeps its stored digits and the audit trail names only what
 * changed. 422 (validation) as PUT /v1/ingredients/{id} answers it; 403 for a library food.
 */
export async function editIngredientValues(
  ctx: ServiceContext,
  caller: Caller,
  id: number,
  form: { name?: string; values: Record<string, string> },
): Promise<{ changed: string[] }> {
  const { ingredient } = await getIngredient(ctx, caller, id);
  const input: Record<string, unknown> = {};
  if (form.name !== undefined && form.name.trim() !== ingredient.name) input.name = form.name.trim();
  for (const n of NUTRIENTS) {
    const sent = form.values[n.key];
    if (sent === undefined) continue;
    const stored = ingredient.nutrients[n.key];
    const printed = stored === null || stored === undefined ? '' : printedNumberText(printedNumber(stored));
    if (sent.trim() === printed) continue;
    input[n.key] = sent.trim() === '' ? null : numberOrText(sent);
  }
  const changed = Object.keys(input);
  if (changed.length === 0) return { changed };
  await updateIngredient(ctx, caller, id, { ...input, nutrient_basis: 'per_100g' });
  return { changed };
}
