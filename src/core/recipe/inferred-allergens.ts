// Ingredients of a recipe, at any depth, whose allergens the USDA importer inferred from FDC's category
// and description rather than a person stating them (docs/api.md §8 `inferred_allergens`): the label's
// "Contains" statement rests on them, so it says so.
import type { NamedIngredient } from '../label/shared/label-input.js';
import type { RecipeResult } from './engine.js';

function collect(result: RecipeResult, out: Map<number, NamedIngredient>): void {
  for (const line of result.lines) {
    const { ingredient, subrecipe } = line.effective;
    if (subrecipe) collect(subrecipe, out);
    else if (ingredient.allergens_inferred) out.set(ingredient.id, { id: ingredient.id, name: ingredient.name });
  }
}

export function inferredAllergenIngredients(result: RecipeResult): NamedIngredient[] {
  const out = new Map<number, NamedIngredient>();
  collect(result, out);
  return [...out.values()];
}
