// Ingredients of a recipe, at any depth, whose allergens the USDA importer inferred from FDC's category
// and description rather than a person stating them (docs/api.md#completeness `inferred_allergens`): the label's
// "Contains" statement rests on them, so it says so.
import type { NamedIngredient } from '../label/shared/label-input.js';
import type { RecipeResult } from './engine.js';
import { statementEntry } from './statement-entry.js';

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

/**
 * Ingredients whose generated statement name (docs/labeling.md "Statement names") the recipe's
 * generated statement prints: a label using one says so (`generated_statement_name`). A recipe with
 * its own ingredient_list prints none of them, nor do the lines of such a subrecipe.
 */
export function generatedStatementNameIngredients(result: RecipeResult): NamedIngredient[] {
  const out = new Map<number, NamedIngredient>();
  const walk = (r: RecipeResult) => {
    if (r.recipe.ingredient_list !== null && r.recipe.ingredient_list.trim() !== '') return;
    for (const line of r.lines) {
      const { ingredient, subrecipe } = line.effective;
      if (subrecipe) walk(subrecipe);
      else if (
        ingredient.statement_name_generated &&
        ingredient.statement_name &&
        // Printed unless a list stands in for it (a compound ingredient's list keeps the name: statement-entry.ts).
        statementEntry(ingredient, 'en-US').entry.text === ingredient.statement_name.trim() &&
        line.net_grams > 0
      )
        out.set(ingredient.id, { id: ingredient.id, name: ingredient.name });
    }
  };
  walk(result);
  return [...out.values()];
}
