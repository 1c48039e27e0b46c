// Copying an ingredient (docs/api.md#copy): the way an account corrects a public library food,
// which it cannot write. The copy is the caller's private ingredient, holding the source's values as
// they read now (a subrecipe ingredient's live values, as a plain snapshot), and remembering where it
// came from in `source`.
import { must } from '../../lib/must.js';
import type { IngredientFields } from '../../core/ingredient.js';
import { findReadableIngredient, insertIngredient } from '../../db/repositories/ingredients.js';
import { notFound } from '../../errors.js';
import { isoSeconds } from '../../lib/time.js';
import type { Caller, ServiceContext } from '../context.js';
import { recordWrite } from '../history/index.js';
import type { IngredientWithTags } from './ingredients.js';
import { liveIngredients } from '../recipes/index.js';

export interface CopyInput {
  name?: unknown;
}

export async function copyIngredient(ctx: ServiceContext, caller: Caller, id: number, input: CopyInput): Promise<IngredientWithTags> {
  return ctx.database.db.transaction().execute(async (tx) => {
    // Another account's private ingredient is as unknown as a missing one (404).
    const stored = await findReadableIngredient(tx, id, caller.accountId);
    if (!stored) throw notFound('ingredient');
    const [from] = await liveIngredients(tx, caller.accountId, [stored]);
    const source = must(from, 'the live form of a stored ingredient');
    const name = typeof input.name === 'string' && input.name.trim() !== '' ? input.name.trim() : `${source.name} (copy)`;
    const fields: IngredientFields = {
      name,
      name_fr: source.name_fr,
      recipe_id: null,
      brand: source.brand,
      source: `ingredient:${source.id}`,
      ingredient_list: source.ingredient_list,
      ingredient_list_fr: source.ingredient_list_fr,
      names: source.names,
      ingredient_lists: source.ingredient_lists,
      allergens: source.allergens,
      // Still the importer's inference until the account writes allergens (which clears it).
      allergens_inferred: source.allergens_inferred,
      sugars_based: source.sugars_based,
      // The copy is the account's to edit: it no longer vouches for USDA's values or anyone's check.
      usda_verified: false,
      user_verified: false,
      archived: false,
      food: source.food,
      non_food: source.non_food,
      safety_amount: source.safety_amount,
      subrecipe: false,
      portions: source.portions,
      nutrients: source.nutrients,
      category: source.category,
      // The copy is where the account edits the statement name; it stays marked generated until then.
      statement_name: source.statement_name,
      statement_name_generated: source.statement_name_generated,
      nutrients_inferred: source.nutrients_inferred,
      adds_fat: source.adds_fat,
      adds_sodium: source.adds_sodium,
      non_caloric_sweetener: source.non_caloric_sweetener,
      added_caffeine: source.added_caffeine,
      polyols_intrinsic: source.polyols_intrinsic,
      intense_sweeteners: source.intense_sweeteners ?? [],
    };
    const ingredient = await insertIngredient(tx, caller.accountId, fields, isoSeconds(ctx.clock.now()));
    await recordWrite(tx, ctx, caller, { action: 'create', resource: 'ingredient', resourceId: ingredient.id, fields: Object.keys(input) });
    return { ingredient, tags: [] };
  });
}
