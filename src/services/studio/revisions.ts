// The label studio's revisions (docs/studio.md "Revisions"): the list as GET /v1/recipes/{id}/revisions
// gives it, and two revisions compared as GET /v1/recipes/{id}/revisions/diff compares them, with the
// labels of every studio market compared from the one pair, and the names of what the changes concern
// (a change names ingredients and lines by id: the page says which food it is).
import { listLines } from '../recipes/index.js';
import type { Caller, ServiceContext } from '../context.js';
import type { RecipeResult } from '../../core/recipe/results.js';
import { compareRevisions, diffOfRevisionPair, listRecipeRevisions, type RevisionDiff, type RevisionJson } from '../revisions/index.js';
import type { RecipeSnapshot } from '../history/index.js';
import { STUDIO_MARKETS, type StudioMarket } from './markets.js';

/** What the ids in a revision's changes stand for. */
export interface ChangeNames {
  recipes: Record<number, string>;
  ingredients: Record<number, string>;
  /** Line id -> the ingredient on it. */
  lines: Record<number, number>;
}

function namesOfResult(result: RecipeResult, names: ChangeNames): void {
  names.recipes[result.recipe.id] = result.recipe.name;
  for (const line of result.lines) {
    names.ingredients[line.effective.ingredient.id] = line.effective.ingredient.name;
    names.lines[line.line.id] = line.line.ingredient_id;
    if (line.effective.subrecipe) namesOfResult(line.effective.subrecipe, names);
  }
}

function namesOfSnapshot(snapshot: RecipeSnapshot, names: ChangeNames): void {
  for (const recipe of snapshot.recipes) names.recipes[recipe.id] = recipe.name;
  for (const ingredient of snapshot.ingredients) names.ingredients[ingredient.id] = ingredient.name;
  for (const line of snapshot.lines) names.lines[line.id] = line.ingredient_id;
}

const emptyNames = (): ChangeNames => ({ recipes: {}, ingredients: {}, lines: {} });

/** The names of a recipe as it is now (and of its sub-recipes, at any depth). */
export function namesOfRecipe(result: RecipeResult): ChangeNames {
  const names = emptyNames();
  namesOfResult(result, names);
  return names;
}

export interface StudioRevisions {
  recipe: { id: number; name: string };
  items: RevisionJson[];
  total: number;
  /** Named from the recipe as it is now: what a change names that is no longer in it keeps its id. */
  names: ChangeNames;
}

export async function studioRevisions(
  ctx: ServiceContext,
  caller: Caller,
  recipeId: number,
  slice: { offset: number; limit: number },
): Promise<StudioRevisions> {
  const result = await listLines(ctx, caller, recipeId);
  const { items, total } = await listRecipeRevisions(ctx, caller, recipeId, slice);
  return { recipe: { id: recipeId, name: result.recipe.name }, items, total, names: namesOfRecipe(result) };
}

export interface StudioRevisionDiff {
  recipe: { id: number; name: string };
  from: RevisionDiff['from'];
  to: RevisionDiff['to'];
  changes: RevisionDiff['changes'];
  names: ChangeNames;
  /** The two revisions' labels compared in every studio market. */
  labels: Array<{ market: StudioMarket; label: RevisionDiff['label'] }>;
}

/** Revisions `from` and `to` compared (404 for another account's recipe; 422 naming from/to for a number it never had). */
export async function studioRevisionDiff(
  ctx: ServiceContext,
  caller: Caller,
  recipeId: number,
  from: number,
  to: number,
): Promise<StudioRevisionDiff> {
  const pair = await compareRevisions(ctx, caller, recipeId, from, to);
  const labels = STUDIO_MARKETS.map((market) => ({ market, label: diffOfRevisionPair(recipeId, pair, market.query).label }));
  const names = emptyNames();
  namesOfSnapshot(pair.fromSnapshot, names);
  namesOfSnapshot(pair.toSnapshot, names);
  const recipeName = names.recipes[recipeId] ?? `recipe ${recipeId}`;
  const { changes: _from, ...fromMeta } = pair.from;
  const { changes: _to, ...toMeta } = pair.to;
  return { recipe: { id: recipeId, name: recipeName }, from: fromMeta, to: toMeta, changes: pair.changes, names, labels };
}
