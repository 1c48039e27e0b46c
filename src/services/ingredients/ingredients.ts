// Ingredient use cases: visibility (public library vs the account's own), create/update rules,
// tags per account, archive, delete. One transaction per write.
import { must } from '../../lib/must.js';
import { applyIngredientWrite, type Ingredient, type IngredientInput } from '../../core/ingredient.js';
import {
  deleteIngredientRow,
  findReadableIngredient,
  findReadableIngredientWithTags,
  insertIngredient,
  listOwnIngredients,
  replaceTags,
  tagsFor,
  updateIngredientRow,
  type IngredientListOptions,
} from '../../db/repositories/ingredients.js';
import { conflict, forbidden, notFound, validationFailed, type FieldErrors } from '../../errors.js';
import { isoSeconds } from '../../lib/time.js';
import type { Caller, ServiceContext } from '../context.js';
import { recordWrite } from '../history/index.js';
import { ingredientUsage } from './usage.js';
import { liveIngredients } from '../recipes/index.js';

export interface IngredientWithTags {
  ingredient: Ingredient;
  tags: readonly string[];
}

export async function getIngredient(ctx: ServiceContext, caller: Caller, id: number): Promise<IngredientWithTags> {
  const found = await findReadableIngredientWithTags(ctx.database.db, id, caller.accountId);
  if (!found) throw notFound('ingredient');
  if (!found.ingredient.subrecipe) return found;
  // A subrecipe ingredient follows its recipe live (docs/api.md#recipes create_subrecipe).
  const [ingredient] = await liveIngredients(ctx.database.db, caller.accountId, [found.ingredient]);
  return { ingredient: must(ingredient, 'the live form of a stored ingredient'), tags: found.tags };
}

export async function createIngredient(
  ctx: ServiceContext,
  caller: Caller,
  input: IngredientInput,
  priorErrors?: FieldErrors,
): Promise<IngredientWithTags> {
  const result = applyIngredientWrite(null, input, { priorErrors });
  if (!result.ok) throw validationFailed(result.errors);
  const now = isoSeconds(ctx.clock.now());
  return ctx.database.db.transaction().execute(async (tx) => {
    const ingredient = await insertIngredient(tx, caller.accountId, result.fields, now);
    if (result.tags) await replaceTags(tx, caller.accountId, ingredient.id, result.tags);
    await recordWrite(tx, ctx, caller, { action: 'create', resource: 'ingredient', resourceId: ingredient.id, fields: Object.keys(input) });
    return { ingredient, tags: result.tags ?? [] };
  });
}

// docs/api.md#tags: tags belong to the account, so they are the one thing an account may set on a public
// ingredient; every other field of the shared library is read-only to it.
// nutrient_basis only says how the other fields are written: alone it writes nothing.
const TAG_FIELDS = new Set(['tags', 'tag_list', 'nutrient_basis']);

export async function updateIngredient(
  ctx: ServiceContext,
  caller: Caller,
  id: number,
  input: IngredientInput,
  priorErrors?: FieldErrors,
): Promise<IngredientWithTags> {
  return ctx.database.db.transaction().execute(async (tx) => {
    // Locked until commit: concurrent updates apply one after the other, each on the other's result.
    const existing = await findReadableIngredient(tx, id, caller.accountId, 'update');
    if (!existing) throw notFound('ingredient');
    const now = isoSeconds(ctx.clock.now());
    if (existing.account_id === null) {
      const other = Object.keys(input).filter((k) => !TAG_FIELDS.has(k));
      if (other.length > 0) {
        throw forbidden(`Public library ingredients are read-only; only tags may be set on them (sent: ${other.join(', ')}).`);
      }
    }
    if (existing.subrecipe) {
      const nutrientOrUnits = Object.keys(input).filter((k) => /^(weight|description)\d+$/.test(k));
      if (nutrientOrUnits.length > 0) {
        throw validationFailed(
          Object.fromEntries(nutrientOrUnits.map((k) => [k, ['is computed from the recipe for a subrecipe ingredient']])),
        );
      }
    }
    const result = applyIngredientWrite(existing, input, { priorErrors });
    if (!result.ok) throw validationFailed(result.errors);
    const ingredient = existing.account_id === null ? existing : await updateIngredientRow(tx, id, result.fields, now);
    if (result.tags) await replaceTags(tx, caller.accountId, id, result.tags);
    await recordWrite(tx, ctx, caller, {
      action: 'update',
      resource: 'ingredient',
      resourceId: id,
      fields: Object.keys(input),
      ingredientIds: [id],
      writtenIngredients: [ingredient],
    });
    const tags = await tagsFor(tx, caller.accountId, [id]);
    return { ingredient, tags: tags.get(id) ?? [] };
  });
}

export async function deleteIngredient(ctx: ServiceContext, caller: Caller, id: number): Promise<void> {
  await ctx.database.db.transaction().execute(async (tx) => {
    // Locked from the usage check to the delete: a line being added with this ingredient holds a shared
    // lock on it, so either that line commits first (and this is 409 naming its recipe) or the line's
    // check waits and finds the ingredient gone (422); never a line on a deleted ingredient.
    const existing = await findReadableIngredient(tx, id, caller.accountId, 'update');
    if (!existing) throw notFound('ingredient');
    if (existing.account_id === null) throw forbidden('Public library ingredients cannot be deleted.');
    const users = await ingredientUsage(tx, id);
    if (users.length > 0) {
      const names = users.map((r) => `"${r.name}" (id ${r.id})`).join(', ');
      throw conflict(
        `The ingredient is used by ${users.length === 1 ? 'recipe' : 'recipes'} ${names}; remove it from them or archive it instead.`,
      );
    }
    await deleteIngredientRow(tx, id);
    await recordWrite(tx, ctx, caller, { action: 'delete', resource: 'ingredient', resourceId: id, fields: [] });
  });
}

export async function listIngredients(
  ctx: ServiceContext,
  caller: Caller,
  options: Omit<IngredientListOptions, 'accountId'>,
): Promise<{ items: IngredientWithTags[]; total: number }> {
  const { items: stored, total } = await listOwnIngredients(ctx.database.db, { ...options, accountId: caller.accountId });
  const items = await liveIngredients(ctx.database.db, caller.accountId, stored);
  const tags = await tagsFor(
    ctx.database.db,
    caller.accountId,
    items.map((i) => i.id),
  );
  return { items: items.map((ingredient) => ({ ingredient, tags: tags.get(ingredient.id) ?? [] })), total };
}
