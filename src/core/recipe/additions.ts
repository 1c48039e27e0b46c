// What a recipe's ingredients add, at any depth (subrecipes walked): the facts Mexico's front-of-pack
// warnings rest on (NOM-051-SCFI/SSA1-2010 4.5.3: seals only for products with added sugars, fats or
// sodium; 7.1.3-7.1.4: legends for non-caloric sweeteners and added caffeine). docs/api.md#market-mexico.
import { mxIngredientFacts } from '../label/mexico/build.js';
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

export function recipeAdditions(result: RecipeResult): IngredientAdditions {
  const ingredients: Ingredient[] = [];
  collect(result, ingredients);
  return mxIngredientFacts(
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
