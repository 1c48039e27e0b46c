// The nutrition engine (docs/api.md#recipes): batch totals from net grams, per serving, per 100 g of the finished
// product, moisture loss, volume yields, allergens, ingredient statements, and subrecipe ingredients
// whose values follow their recipe live. Pure: reads a RecipeGraph, memoises per evaluator (one request).
import { mergeAllergens } from '../allergens.js';
import type { Ingredient } from '../ingredient.js';
import { NUTRIENT_KEYS, type NutrientValues } from '../nutrients.js';
import { buildUnitsAndGrams, type Portion } from '../units.js';
import { MissingIndex, type MissingSourceLine } from './missing.js';
import type { EffectiveIngredient, LineResult, NullableNutrients, RecipeResult, Statements } from './results.js';
import { lineDisplayText, recipeStatements, statementsWithCustom } from './statement.js';
import type { Recipe, RecipeGraph, RecipeLine } from './types.js';
import { isVolumeYield, yieldFactor } from './yield.js';
import { usableNutrientAmount } from '../bounds.js';

export type { EffectiveIngredient, LineResult, NullableNutrients, RecipeResult } from './results.js';

// A volume yield whose lines carry no density is read as water (1 g/mL): the only neutral choice.
const WATER_DENSITY = 1;

function effectivePackages(packages: number): number {
  return packages > 0 ? packages : 1;
}

/** Units of a subrecipe ingredient: 1 serving, 1 package, and volume (through "1 ml") when the density is known. */
export function subrecipePortions(result: RecipeResult): Portion[] {
  const portions: Portion[] = [];
  if (result.serving_grams > 0) portions.push({ description: '1 serving', weight: result.serving_grams });
  if (result.package_grams > 0) portions.push({ description: '1 package', weight: result.package_grams });
  const gramsPerMl =
    result.package_ml !== null && result.package_ml > 0
      ? result.package_grams / result.package_ml
      : result.density_complete
        ? result.density
        : null;
  if (gramsPerMl !== null && gramsPerMl > 0) portions.push({ description: '1 ml', weight: gramsPerMl });
  return portions;
}

/** The live fields of a subrecipe ingredient, from its recipe's result. */
export function liveSubrecipeIngredient(ingredient: Ingredient, result: RecipeResult): Ingredient {
  const nutrients: NutrientValues = {};
  const per100g = result.nutrition_per_100g;
  for (const key in per100g) {
    const value = per100g[key];
    if (value !== null && value !== undefined) nutrients[key] = value;
  }
  return {
    ...ingredient,
    nutrients,
    portions: subrecipePortions(result),
    allergens: result.allergens,
    ingredient_list: result.statements['en-US'] ?? null,
    ingredient_list_fr: result.statements['fr-CA'] ?? null,
  };
}

// Unit tables depend only on the portions, and many ingredients share a few portion sets: remember the
// last ones built (pure memo: same input, same table; callers never mutate the tables).
const UNIT_TABLES = new Map<string, Record<string, number>>();
const UNIT_TABLES_LIMIT = 2000;

function unitsOf(portions: ReadonlyArray<Portion | null>): Record<string, number> {
  const key = JSON.stringify(portions);
  let table = UNIT_TABLES.get(key);
  if (!table) {
    table = buildUnitsAndGrams(portions.filter((p): p is Portion => p !== null));
    if (UNIT_TABLES.size >= UNIT_TABLES_LIMIT) {
      const oldest = UNIT_TABLES.keys().next();
      if (!oldest.done) UNIT_TABLES.delete(oldest.value);
    }
    UNIT_TABLES.set(key, table);
  }
  return table;
}

export class RecipeEvaluator {
  private readonly results = new Map<number, RecipeResult>();
  private readonly effective = new Map<number, EffectiveIngredient>();
  private readonly visiting = new Set<number>();

  constructor(readonly graph: RecipeGraph) {}

  /** The computed recipe, or undefined when it is not in the graph (or is part of a cycle being evaluated). */
  recipe(id: number): RecipeResult | undefined {
    const cached = this.results.get(id);
    if (cached) return cached;
    const recipe = this.graph.recipes.get(id);
    if (!recipe || this.visiting.has(id)) return undefined;
    this.visiting.add(id);
    try {
      const result = computeRecipe(recipe, this.graph.lines.get(id) ?? [], (ingredientId) => this.ingredient(ingredientId));
      this.results.set(id, result);
      return result;
    } finally {
      this.visiting.delete(id);
    }
  }

  /** The ingredient as lines see it; undefined when it is not in the graph. */
  ingredient(id: number): EffectiveIngredient | undefined {
    const cached = this.effective.get(id);
    if (cached) return cached;
    const stored = this.graph.ingredients.get(id);
    if (!stored) return undefined;
    const sub = stored.subrecipe && stored.recipe_id !== null ? this.recipe(stored.recipe_id) : undefined;
    const ingredient = sub ? liveSubrecipeIngredient(stored, sub) : stored;
    const effective: EffectiveIngredient = {
      ingredient,
      unitsAndGrams: unitsOf(ingredient.portions),
      subrecipe: sub ?? null,
    };
    // A subrecipe met inside its own evaluation (a cycle) is not cached, so the outer evaluation stays exact.
    if (!(stored.subrecipe && stored.recipe_id !== null && !sub)) this.effective.set(id, effective);
    return effective;
  }
}

function lineResult(line: RecipeLine, effective: EffectiveIngredient): LineResult {
  const perUnit = effective.unitsAndGrams[line.unit];
  const gross = perUnit === undefined ? line.total_grams : line.quantity * perUnit;
  const net = gross * (1 - line.waste / 100);
  return {
    line,
    effective,
    gross_grams: gross,
    net_grams: net,
    food: effective.ingredient.food,
    display_text: lineDisplayText(effective),
  };
}

export function computeRecipe(
  recipe: Recipe,
  lines: readonly RecipeLine[],
  ingredientOf: (id: number) => EffectiveIngredient | undefined,
): RecipeResult {
  const results: LineResult[] = [];
  for (const line of lines) {
    const effective = ingredientOf(line.ingredient_id);
    if (effective) results.push(lineResult(line, effective));
  }
  const foodLines = results.filter((l) => l.food);

  let totalGrams = 0;
  let netGrams = 0;
  const raw: NutrientValues = {};
  let knownGrams = 0;
  let knownMl = 0;
  let unknownDensity = 0;
  const missingLines: MissingSourceLine[] = [];
  for (const l of foodLines) {
    totalGrams += l.gross_grams;
    netGrams += l.net_grams;
    for (const [key, per100] of Object.entries(l.effective.ingredient.nutrients)) {
      // An amount past what can be summed is unknown (listed as missing by MissingIndex), never added.
      if (!usableNutrientAmount(per100)) continue;
      raw[key] = (raw[key] ?? 0) + (l.net_grams * per100) / 100;
    }
    if (l.net_grams > 0) {
      const sub = l.effective.subrecipe;
      missingLines.push({
        recipe_id: recipe.id,
        ingredient: l.effective.ingredient,
        grams: l.net_grams,
        subrecipe: sub ? { missing: sub.missing, share: sub.batch_grams > 0 ? l.net_grams / sub.batch_grams : 0 } : null,
      });
    }
    const gramsPerMl = l.effective.unitsAndGrams['1 ml'];
    if (gramsPerMl !== undefined && gramsPerMl > 0) {
      knownGrams += l.net_grams;
      knownMl += l.net_grams / gramsPerMl;
    } else {
      unknownDensity++;
    }
  }
  const density = knownMl > 0 ? knownGrams / knownMl : null;
  const densityComplete = foodLines.length > 0 && unknownDensity === 0 && density !== null;

  const packages = effectivePackages(recipe.packages);
  const servingsTotal = packages * recipe.servings;
  const volume = isVolumeYield(recipe.package_yield_unit);
  let packageGrams: number;
  let packageMl: number | null = null;
  if (recipe.package_yield_quantity === null || recipe.package_yield_quantity <= 0) {
    // "default": the net ingredient weight per package, no moisture loss (docs/api.md#yield).
    packageGrams = netGrams / packages;
    // Only a liquid's yield is a volume (21 CFR 101.9(b)(7); FDR B.01.002A): a cookie whose ingredients all
    // have densities is still weighed, never "(103mL)". subrecipePortions reads the density for "1 ml".
    if (volume) packageMl = packageGrams / (density ?? WATER_DENSITY);
  } else if (volume) {
    packageMl = recipe.package_yield_quantity * yieldFactor(recipe.package_yield_unit);
    packageGrams = packageMl * (density ?? WATER_DENSITY);
  } else {
    packageGrams = recipe.package_yield_quantity * yieldFactor(recipe.package_yield_unit);
  }
  const batchGrams = packageGrams * packages;

  // Moisture: the finished weight differs from the net ingredient weight only by water, so per-serving
  // nutrients stay the same, water moves by the difference (never below 0) and per-100 g values follow.
  const batch: NutrientValues = { ...raw };
  if (batch.water !== undefined) batch.water = Math.max(0, batch.water + (batchGrams - netGrams));

  const nutrition: NullableNutrients = {};
  const per100g: NullableNutrients = {};
  for (const key of NUTRIENT_KEYS) {
    const amount = batch[key];
    nutrition[key] = amount === undefined ? null : amount / servingsTotal;
    per100g[key] = amount === undefined || batchGrams <= 0 ? null : (amount * 100) / batchGrams;
  }

  const allergens = mergeAllergens(recipe.allergens, ...results.map((l) => l.effective.ingredient.allergens));
  const generated = recipeStatements(foodLines);
  const statements: Statements = statementsWithCustom(recipe, generated);

  return {
    recipe,
    lines: results,
    empty: netGrams <= 0,
    total_grams: totalGrams,
    net_grams: netGrams,
    batch_grams: batchGrams,
    package_grams: packageGrams,
    serving_grams: recipe.servings > 0 ? packageGrams / recipe.servings : 0,
    package_ml: packageMl,
    serving_ml: packageMl === null ? null : packageMl / recipe.servings,
    density,
    density_complete: densityComplete,
    effective_packages: packages,
    batch,
    nutrition,
    nutrition_per_100g: per100g,
    missing: new MissingIndex(missingLines),
    allergens,
    generated_statements: generated,
    statements,
  };
}
