// Seeding the public library from a JSON array of ingredients (API field names, nutrients per 100 g).
// All or nothing: one invalid item names its index and field, and nothing is imported.
import { applyIngredientWrite, type IngredientInput } from '../../core/ingredient.js';
import { insertIngredient, updateIngredientRow } from '../../db/repositories/ingredients.js';
import { findPublicByName } from '../../db/repositories/public-library.js';
import { lockForTransaction, LockSpace } from '../../db/locks.js';
import { validationFailed, type FieldErrors } from '../../errors.js';
import { isoSeconds } from '../../lib/time.js';
import type { ServiceContext } from '../context.js';
import { recordLibraryChange } from '../history/index.js';

export interface PublicImportResult {
  created: number;
  updated: number;
}

export async function importPublicIngredients(ctx: ServiceContext, items: unknown): Promise<PublicImportResult> {
  if (!Array.isArray(items)) throw validationFailed({ file: ['must hold a JSON array of ingredients'] });
  const now = isoSeconds(ctx.clock.now());
  return ctx.database.db.transaction().execute(async (tx) => {
    // Names are unique in the library: concurrent imports check them one after the other (docs/api.md#concurrent-writes).
    await lockForTransaction(tx, LockSpace.publicLibrary, 0);
    const result: PublicImportResult = { created: 0, updated: 0 };
    const updated: number[] = [];
    const errors: FieldErrors = {};
    for (const [index, raw] of items.entries()) {
      const input = (raw && typeof raw === 'object' ? ((raw as { ingredient?: unknown }).ingredient ?? raw) : raw) as IngredientInput;
      if (!input || typeof input !== 'object') {
        errors[`[${index}]`] = ['must be an object'];
        continue;
      }
      const existing = typeof input.name === 'string' ? ((await findPublicByName(tx, input.name.trim())) ?? null) : null;
      const write = applyIngredientWrite(existing, input, { nutrientBasis: 'per_100g' });
      if (!write.ok) {
        for (const [field, messages] of Object.entries(write.errors)) errors[`[${index}].${field}`] = messages;
        continue;
      }
      const fields = { ...write.fields, usda_verified: input.usda_verified === true, user_verified: input.user_verified === true };
      if (existing) {
        await updateIngredientRow(tx, existing.id, fields, now);
        updated.push(existing.id);
        result.updated++;
      } else {
        await insertIngredient(tx, null, fields, now);
        result.created++;
      }
    }
    if (Object.keys(errors).length > 0)
      throw validationFailed(errors, `Nothing imported: ${Object.keys(errors).length} field(s) failed validation.`);
    // Recipes using a changed food get their revision in the same transaction (docs/api.md#history).
    await recordLibraryChange(tx, ctx, updated);
    return result;
  });
}
