// The label studio's recipe page (docs/studio.md "A recipe"): the recipe read as GET /v1/recipes/{id}
// reads it (evaluated, with costs), and shaped for people: each line's grams and share of the batch,
// the yield, the costs and the ingredients without a price, and what is unknown, by nutrient, with the
// ingredients it is unknown for (docs/api.md#unknown-is-never-zero).
import type { LabelWarning } from '../../core/label/shared/model.js';
import { generatedStatementNameIngredients, inferredAllergenIngredients } from '../../core/recipe/inferred-allergens.js';
import { declaredMissing, type MissingContribution } from '../../core/recipe/missing.js';
import type { RecipeResult } from '../../core/recipe/results.js';
import type { Recipe } from '../../core/recipe/types.js';
import type { RecipeCostsJson } from '../../core/costing/json.js';
import type { Caller, ServiceContext } from '../context.js';
import { chooseLabelOptions, labelFor } from '../labels/index.js';
import { getRecipe, labelInputOf } from '../recipes/index.js';

export interface NamedRef {
  id: number;
  name: string;
}

export interface StudioLine {
  id: number;
  ingredient: NamedRef & {
    /** A subrecipe ingredient's recipe, to link to instead of the ingredient. */
    recipe_id: number | null;
    /** A library food (no account): it can be copied, not edited. */
    library: boolean;
  };
  unit: string;
  quantity: number;
  waste: number;
  /** The units the line may be written in (its ingredient's units_and_grams keys). */
  units: string[];
  gross_grams: number;
  net_grams: number;
  /** Net grams over the recipe's net grams; null for a line without weight (labor, packaging). */
  share: number | null;
  food: boolean;
}

export interface UnknownNutrient {
  nutrient: string;
  /** label_settings.accept_missing takes it as zero on labels (still said). */
  accepted: boolean;
  ingredients: MissingContribution[];
}

export interface StudioRecipe {
  recipe: Recipe;
  lines: StudioLine[];
  totals: Pick<
    RecipeResult,
    'total_grams' | 'net_grams' | 'batch_grams' | 'package_grams' | 'serving_grams' | 'serving_ml' | 'effective_packages' | 'empty'
  >;
  costs: RecipeCostsJson & { missing: NamedRef[] };
  unknown: UnknownNutrient[];
  allergens: string[];
  inferredAllergens: NamedRef[];
  generatedNames: NamedRef[];
  /** The recipe's own label (its saved language and format): the warnings it carries. */
  label: { language: string; format: string; complete: boolean; warnings: LabelWarning[] };
}

/** Every ingredient of the tree by id (subrecipes' lines too), to name what a cost or a gap concerns. */
function ingredientNames(result: RecipeResult, into = new Map<number, string>()): Map<number, string> {
  for (const line of result.lines) {
    into.set(line.effective.ingredient.id, line.effective.ingredient.name);
    if (line.effective.subrecipe) ingredientNames(line.effective.subrecipe, into);
  }
  return into;
}

export async function studioRecipe(ctx: ServiceContext, caller: Caller, recipeId: number): Promise<StudioRecipe> {
  const costed = await getRecipe(ctx, caller, recipeId);
  const net = costed.net_grams;
  const lines: StudioLine[] = costed.lines.map((l) => {
    const ingredient = l.effective.ingredient;
    return {
      id: l.line.id,
      ingredient: { id: ingredient.id, name: ingredient.name, recipe_id: ingredient.recipe_id, library: ingredient.account_id === null },
      unit: l.line.unit,
      quantity: l.line.quantity,
      waste: l.line.waste,
      units: Object.keys(l.effective.unitsAndGrams),
      gross_grams: l.gross_grams,
      net_grams: l.net_grams,
      share: l.food && net > 0 ? l.net_grams / net : null,
      food: l.food,
    };
  });
  const names = ingredientNames(costed);
  const settings = costed.recipe.label_settings;
  const accepted = new Set(settings.accept_missing ?? []);
  const unknown = Object.entries(declaredMissing(costed.missing, settings.optional_nutrients ?? [])).map(([nutrient, ingredients]) => ({
    nutrient,
    accepted: accepted.has(nutrient),
    ingredients,
  }));
  const forLabel = labelInputOf(costed);
  const label = labelFor(forLabel, chooseLabelOptions(settings, {}), ctx.clock.now());
  return {
    recipe: costed.recipe,
    lines,
    totals: {
      total_grams: costed.total_grams,
      net_grams: costed.net_grams,
      batch_grams: costed.batch_grams,
      package_grams: costed.package_grams,
      serving_grams: costed.serving_grams,
      serving_ml: costed.serving_ml,
      effective_packages: costed.effective_packages,
      empty: costed.empty,
    },
    costs: {
      ...costed.costs,
      missing: costed.costs.missing_costs.map((id) => ({ id, name: names.get(id) ?? `ingredient ${id}` })),
    },
    unknown,
    allergens: Object.keys(costed.allergens),
    inferredAllergens: inferredAllergenIngredients(costed),
    generatedNames: generatedStatementNameIngredients(costed),
    label: { language: label.language, format: label.format, complete: label.complete, warnings: label.warnings },
  };
}
