// A line weighed by an ingredient the user picks (the studio's "change a match" from the alternatives
// or a search, docs/api.md#recipe-text): what POST /v1/recipes/from_text would make of the line with that
// choice and no amount of its own. The ingredient must be readable by the caller (its own or the
// library's), else 422 naming ingredient_id.
import { foodOf } from '../../core/recipe-text/foods.js';
import { weigh } from '../../core/recipe-text/grams.js';
import { lineWords } from '../../core/recipe-text/matching.js';
import { readLine } from '../../core/recipe-text/reader.js';
import { findReadableIngredients } from '../../db/repositories/ingredients.js';
import { invalidField } from '../../errors.js';
import { printedNumber } from '../../lib/printed-number.js';
import type { Caller, ServiceContext } from '../context.js';
import { checkRecipeText } from './input.js';
import type { LineFood } from './types.js';

export async function weighLineWith(
  ctx: ServiceContext,
  caller: Caller,
  input: { line: unknown; ingredient_id: unknown; language?: unknown },
): Promise<LineFood> {
  const { lines, language } = checkRecipeText({ lines: [input.line], language: input.language });
  const id = typeof input.ingredient_id === 'number' && Number.isInteger(input.ingredient_id) ? input.ingredient_id : 0;
  const ingredient = id > 0 ? (await findReadableIngredients(ctx.database.db, [id], caller.accountId)).get(id) : undefined;
  if (!ingredient) throw invalidField('ingredient_id', 'must be the id of an ingredient this account can read');
  const read = readLine(lines[0]?.input ?? '');
  const weighed = read.kind === 'ingredient' ? weigh(foodOf(ingredient), read, { language, said: lineWords(read, language).said }) : null;
  return {
    ingredient_id: ingredient.id,
    name: ingredient.name,
    source: ingredient.source,
    unit: weighed?.unit ?? null,
    quantity: weighed ? printedNumber(weighed.quantity) : null,
    grams: weighed ? printedNumber(weighed.grams) : null,
    grams_from: weighed?.gramsFrom ?? null,
    confidence: 1,
  };
}
