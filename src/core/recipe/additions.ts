// What a recipe's ingredients add, at any depth (subrecipes walked): the facts Mexico's front-of-pack
// warnings rest on (NOM-051-SCFI/SSA1-2010 4.5.3: seals only for products with added sugars, fats or
// sodium; 7.1.3-7.1.4: legends for non-caloric sweeteners and added caffeine). docs/api.md#market-mexico.
import type { IngredientAdditions, NamedIngredient, SweeteningInput } from '../label/shared/label-input.js';
import type { Ingredient } from '../ingredient.js';
import { INTENSE_SWEETENERS, POLYOL_KEYS } from '../sweeteners.js';
import type { RecipeResult } from './engine.js';

/** The ingredients that reach the product, with the grams of each in the batch (subrecipes by their share). */
function collectWeighed(result: RecipeResult, scale: number, out: Array<{ ingredient: Ingredient; grams: number }>): void {
  for (const line of result.lines) {
    if (!line.food || !(line.net_grams > 0)) continue;
    const { ingredient, subrecipe } = line.effective;
    if (subrecipe) {
      if (subrecipe.batch_grams > 0) collectWeighed(subrecipe, (scale * line.net_grams) / subrecipe.batch_grams, out);
    } else out.push({ ingredient, grams: line.net_grams * scale });
  }
}

// A polyol by name: docs/labeling.md#polyol-energy ("a polyol ingredient that states no amount").
const POLYOL_NAME = new RegExp(`\\b(${[...POLYOL_KEYS, 'sugar alcohols?', 'polyols?'].join('|')})\\b`, 'i');
const PHENYLALANINE: ReadonlySet<string> = new Set(INTENSE_SWEETENERS.filter((s) => s.phenylalanine).map((s) => s.key));

/**
 * What the ingredients say about sweetening (docs/labeling.md#polyols-and-sweeteners). Added polyols are
 * the polyols of ingredients not marked polyols_intrinsic (Regulation (EU) 1169/2011 Annex III point 2.4);
 * an ingredient that states no polyol amount adds none, unless its name says it is a polyol: then its
 * amount is unknown (polyols_unknown), never zero.
 */
export function recipeSweetening(result: RecipeResult): SweeteningInput {
  const weighed: Array<{ ingredient: Ingredient; grams: number }> = [];
  collectWeighed(result, 1, weighed);
  let added = 0;
  const unknown = new Map<number, NamedIngredient>();
  for (const { ingredient, grams } of weighed) {
    const n = ingredient.nutrients;
    const named = POLYOL_KEYS.reduce((sum, key) => sum + (typeof n[key] === 'number' ? (n[key] as number) : 0), 0);
    const stated = typeof n.sugar_alcohol === 'number' ? Math.max(n.sugar_alcohol, named) : named;
    const statesAny = typeof n.sugar_alcohol === 'number' || POLYOL_KEYS.some((key) => typeof n[key] === 'number');
    if (!statesAny && POLYOL_NAME.test(`${ingredient.name} ${ingredient.statement_name ?? ''}`)) {
      unknown.set(ingredient.id, { id: ingredient.id, name: ingredient.name });
    }
    if (ingredient.polyols_intrinsic !== true) added += (grams * stated) / 100;
  }
  const sweeteners = weighed.flatMap(({ ingredient }) => ingredient.intense_sweeteners ?? []);
  return {
    intense_sweetener: sweeteners.length > 0 || weighed.some(({ ingredient }) => ingredient.non_caloric_sweetener === true),
    phenylalanine: sweeteners.some((key) => PHENYLALANINE.has(key)),
    added_polyols_per_100g: result.batch_grams > 0 ? (added * 100) / result.batch_grams : 0,
    polyols_unknown: [...unknown.values()],
  };
}

function collect(result: RecipeResult, out: Ingredient[]): void {
  for (const line of result.lines) {
    // Only what reaches the product: food lines with some weight.
    if (!line.food || !(line.net_grams > 0)) continue;
    const { ingredient, subrecipe } = line.effective;
    if (subrecipe) collect(subrecipe, out);
    else out.push(ingredient);
  }
}

/** Reduces ingredient fields to what the ingredients add (docs/api.md#market-mexico). */
export function ingredientAdditions(
  ingredients: ReadonlyArray<{
    added_sugar?: number | null;
    adds_fat?: boolean | null;
    adds_sodium?: boolean | null;
    non_caloric_sweetener?: boolean | null;
    added_caffeine?: boolean | null;
  }>,
): IngredientAdditions {
  // Sugars are added when any ingredient's added_sugar is above zero; unknown when none is and some have no value.
  const sugars = ingredients.some((i) => typeof i.added_sugar === 'number' && i.added_sugar > 0)
    ? true
    : ingredients.some((i) => typeof i.added_sugar !== 'number')
      ? null
      : false;
  return {
    sugars,
    fats: ingredients.some((i) => i.adds_fat === true),
    sodium: ingredients.some((i) => i.adds_sodium === true),
    non_caloric_sweetener: ingredients.some((i) => i.non_caloric_sweetener === true),
    added_caffeine: ingredients.some((i) => i.added_caffeine === true),
  };
}

export function recipeAdditions(result: RecipeResult): IngredientAdditions {
  const ingredients: Ingredient[] = [];
  collect(result, ingredients);
  const additions = ingredientAdditions(
    ingredients.map((i) => ({
      added_sugar: i.nutrients.added_sugar ?? null,
      adds_fat: i.adds_fat,
      adds_sodium: i.adds_sodium,
      // An ingredient naming its intense sweeteners has one (NOM-051 7.1.3), whether or not the flag is set.
      non_caloric_sweetener: i.non_caloric_sweetener === true || (i.intense_sweeteners?.length ?? 0) > 0,
      added_caffeine: i.added_caffeine,
    })),
  );
  return { ...additions, sweetening: recipeSweetening(result) };
}
