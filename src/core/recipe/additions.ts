// What a recipe's ingredients add, at any depth (subrecipes walked): the facts Mexico's front-of-pack
// warnings rest on (NOM-051-SCFI/SSA1-2010 4.5.3: seals only for products with added sugars, fats or
// sodium; 7.1.3-7.1.4: legends for non-caloric sweeteners and added caffeine). docs/api.md#market-mexico.
import type { IngredientAdditions } from '../label/shared/label-input.js';
import type { Ingredient } from '../ingredient.js';
import type { RecipeResult } from './engine.js';

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
  return ingredientAdditions(
    ingredients.map((i) => ({
      added_sugar: i.nutrients.added_sugar ?? null,
      adds_fat: i.adds_fat,
      adds_sodium: i.adds_sodium,
      // An ingredient naming its intense sweeteners has one (NOM-051 7.1.3), whether or not the flag is set.
      non_caloric_sweetener: i.non_caloric_sweetener === true || (i.intense_sweeteners?.length ?? 0) > 0,
      added_caffeine: i.added_caffeine,
    })),
  );
}
