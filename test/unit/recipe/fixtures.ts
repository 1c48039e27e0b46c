// Builders for recipe-engine tests: ingredients, recipes, lines and graphs as plain objects.
import type { Ingredient } from '../../../src/core/ingredient.js';
import type { NutrientValues } from '../../../src/core/nutrients.js';
import { newRecipeDefaults, type Recipe, type RecipeGraph, type RecipeLine } from '../../../src/core/recipe/index.js';
import { plainIngredientFields } from '../../support/ingredient-fields.js';

const T = '2026-11-21T00:00:00Z';

export function ingredient(id: number, name: string, nutrients: NutrientValues, extra: Partial<Ingredient> = {}): Ingredient {
  return {
    id,
    account_id: 1,
    ...plainIngredientFields(name, { source: null, nutrients }),
    category: null,
    fdc_id: null,
    created_at: T,
    updated_at: T,
    ...extra,
  };
}

export function recipe(id: number, name: string, extra: Partial<Recipe> = {}): Recipe {
  return { ...newRecipeDefaults(), id, account_id: 1, name, embed_token: `tok${id}`, created_at: T, updated_at: T, ...extra };
}

let lineId = 1;
export function line(recipeId: number, ingredientId: number, quantity: number, unit = '1 gram', waste = 0): RecipeLine {
  return {
    id: lineId++,
    recipe_id: recipeId,
    ingredient_id: ingredientId,
    unit,
    quantity,
    waste,
    total_grams: 0,
    created_at: T,
    updated_at: T,
  };
}

export function graph(recipes: Recipe[], lines: RecipeLine[], ingredients: Ingredient[]): RecipeGraph {
  const g: RecipeGraph = { recipes: new Map(), lines: new Map(), ingredients: new Map() };
  for (const r of recipes) g.recipes.set(r.id, r);
  for (const l of lines) g.lines.set(l.recipe_id, [...(g.lines.get(l.recipe_id) ?? []), l]);
  for (const i of ingredients) g.ingredients.set(i.id, i);
  return g;
}

export function subrecipeIngredient(id: number, recipeId: number, name: string): Ingredient {
  return ingredient(id, name, {}, { subrecipe: true, recipe_id: recipeId, portions: [] });
}

// Per 100 g.
export const FLOUR = ingredient(1, 'Flour', { calories: 364, protein: 10, fat: 1, water: 12, sodium: 2 }, { allergens: { wheat: true } });
export const SUGAR = ingredient(2, 'Sugar', { calories: 400, carbohydrate: 100, water: 0 });
// Milk: 1 cup weighs 244 g, so 1 ml = 244 / 236.5882365 g.
export const MILK = ingredient(
  3,
  'Milk',
  { calories: 61, protein: 3.2, water: 88 },
  {
    portions: [{ description: '1 cup', weight: 244 }],
    allergens: { milk: true },
    name_fr: 'Lait',
  },
);
export const BOX = ingredient(4, 'Box', {}, { food: false, non_food: 'packaging', portions: [{ description: '1 box', weight: 50 }] });
export const LABOR = ingredient(5, 'Baker', {}, { food: false, non_food: 'labor', portions: [{ description: '1 hour', weight: 1 }] });
