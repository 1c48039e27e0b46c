// POST /v1/recipes/shortcut lines (docs/api.md#recipes): the commercial wire format of parallel comma strings
// (recipe[ingredient_ids]="11,12,13", recipe[ingredient_weights]="100,50.5,20", grams), the same as arrays,
// or recipe[recipe_ingredients][] objects with the recipe-ingredient fields. 1 to 100 lines.
import type { LineInput } from './lines.js';
import { GRAMS, rangeError } from '../bounds.js';
import { numberOf } from './rules.js';
import { workStep } from '../../lib/work-steps.js';

/** A client's value as message text: short, and never "[object Object]". */
const describe = (value: unknown): string => {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
};

export const MAX_SHORTCUT_LINES = 100;

export type ShortcutLine = LineInput & { ingredient_id: number };

export type ShortcutLinesResult = { ok: true; lines: ShortcutLine[] } | { ok: false; errors: Record<string, string[]> };

/** "11, 12" / ["11", 12] / {"0": "11"} (qs) -> ["11", "12"]. */
function listOf(value: unknown): unknown[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return value.split(',').map((v) => v.trim());
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && Object.keys(value).every((k) => /^\d+$/.test(k))) return Object.values(value);
  return [value];
}

/**
 * Rails reads `recipe[recipe_ingredients][][ingredient_id]=1&...[][ingredient_id]=2` as two objects; a qs
 * parser folds them into one object of arrays ({ingredient_id: ["1", "2"]}). Unfold it: array members go to
 * the element at their index. (A member sent for only some lines cannot be placed exactly; it goes to the
 * first lines, so clients should send the same members on every line, as the commercial clients do.)
 */
function expandColumns(items: unknown[] | undefined): unknown[] | undefined {
  if (items === undefined) return undefined;
  // Past MAX_SHORTCUT_LINES the lines are only counted: unfolding a wide object costs width x members.
  if (items.length > MAX_SHORTCUT_LINES) return items;
  return items.flatMap((item) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return [item];
    const entries = Object.entries(item as Record<string, unknown>);
    let width = 1;
    for (const [, v] of entries) if (Array.isArray(v)) width = Math.max(width, v.length);
    if (width > MAX_SHORTCUT_LINES) return Array.from({ length: MAX_SHORTCUT_LINES + 1 }, () => item);
    if (width === 1) return [item];
    return Array.from({ length: width }, (_, i) =>
      Object.fromEntries(
        entries.map(([k, v]) => [k, Array.isArray(v) ? v[i] : i === 0 ? v : undefined]).filter(([, v]) => v !== undefined),
      ),
    );
  });
}

const ingredientIdOf = (value: unknown): number | undefined => {
  const n = numberOf(value);
  return n !== undefined && Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : undefined;
};

export function shortcutLines(input: Record<string, unknown>): ShortcutLinesResult {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const lines: ShortcutLine[] = [];

  const ids = listOf(input.ingredient_ids);
  const weights = listOf(input.ingredient_weights);
  const sent = expandColumns(listOf(input.recipe_ingredients));
  // Counted before any line is read (docs/api.md#input-budgets): 200,000 ids answered 27.6 MB, one
  // message per id.
  const lineCount = (ids?.length ?? 0) + (sent?.length ?? 0);
  if (lineCount > MAX_SHORTCUT_LINES || (weights?.length ?? 0) > MAX_SHORTCUT_LINES) {
    return { ok: false, errors: { recipe_ingredients: [`a shortcut recipe needs 1 to ${MAX_SHORTCUT_LINES} lines (got ${lineCount})`] } };
  }
  if (weights !== undefined && ids === undefined) fail('ingredient_ids', "can't be blank when ingredient_weights is given");
  if (ids !== undefined) {
    if (weights !== undefined && weights.length !== ids.length) {
      fail('ingredient_weights', `must have one weight per ingredient id (${ids.length} ids, ${weights.length} weights)`);
    }
    ids.forEach((raw, i) => {
      workStep();
      const id = ingredientIdOf(raw);
      if (id === undefined) fail('ingredient_id', `"${describe(raw)}" (position ${i + 1} of ingredient_ids) is not an ingredient id`);
      const weight = weights?.[i];
      if (weights !== undefined && weight !== undefined) {
        const grams = numberOf(weight);
        if (grams === undefined || rangeError(grams, GRAMS)) {
          fail(
            'ingredient_weights',
            `"${describe(weight)}" (position ${i + 1}) must be a number of grams from ${GRAMS.min} to ${GRAMS.max}`,
          );
        }
      }
      if (id !== undefined) lines.push(weights === undefined ? { ingredient_id: id } : { ingredient_id: id, total_grams: weight });
    });
  }

  const objects = sent;
  objects?.forEach((raw, i) => {
    const item =
      raw && typeof raw === 'object' && 'recipe_ingredient' in raw ? (raw as { recipe_ingredient: unknown }).recipe_ingredient : raw;
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      fail(`recipe_ingredients[${i}]`, 'must be an object with ingredient_id');
      return;
    }
    const o = item as Record<string, unknown>;
    const id = ingredientIdOf(o.ingredient_id);
    if (id === undefined) {
      fail(
        'ingredient_id',
        o.ingredient_id === undefined
          ? `can't be blank (recipe_ingredients[${i}])`
          : `"${describe(o.ingredient_id)}" (recipe_ingredients[${i}]) is not an ingredient id`,
      );
      return;
    }
    lines.push({ ingredient_id: id, unit: o.unit, quantity: o.quantity, waste: o.waste, total_grams: o.total_grams });
  });

  const count = (ids?.length ?? 0) + (objects?.length ?? 0);
  if (count < 1 || count > MAX_SHORTCUT_LINES) {
    fail('recipe_ingredients', `a shortcut recipe needs 1 to ${MAX_SHORTCUT_LINES} lines (got ${count})`);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, lines };
}
