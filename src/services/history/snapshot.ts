// A recipe as it stood (docs/api.md §9): the whole tree the engine reads (the recipe, its lines, every
// ingredient and subrecipe recipe beneath it, and the account's cost entries for those ingredients),
// as plain JSON. as_of reads evaluate a snapshot with the same engine as the present; the changes of a
// revision are the differences between two snapshots, so every write is described the same way,
// whichever service made it.
import type { IngredientCost } from '../../core/costing/index.js';
import type { Ingredient } from '../../core/ingredient.js';
import type { Recipe, RecipeGraph, RecipeLine } from '../../core/recipe/types.js';

export type SnapshotCost = Pick<IngredientCost, 'id' | 'ingredient_id' | 'effective_at' | 'quantity' | 'unit' | 'price' | 'shipping'>;

export interface RecipeSnapshot {
  recipe_id: number;
  recipes: Recipe[];
  lines: RecipeLine[];
  ingredients: Ingredient[];
  costs: SnapshotCost[];
}

/** One difference between two states of a recipe (docs/api.md §9 `changes`). */
export interface RevisionChange {
  field: string;
  old: unknown;
  new: unknown;
  /** What it concerns, when not the recipe itself. */
  recipe_id?: number;
  line_id?: number;
  ingredient_id?: number;
  cost_id?: number;
  /** Ingredient nutrients are stored, and compared, per 100 g (the API shows them per weight1). */
  basis?: 'per 100 g';
}

export function snapshotOf(recipeId: number, graph: RecipeGraph, costs: SnapshotCost[]): RecipeSnapshot {
  return {
    recipe_id: recipeId,
    recipes: [...graph.recipes.values()],
    lines: [...graph.lines.values()].flat(),
    ingredients: [...graph.ingredients.values()],
    costs: costs.map((c) => ({ ...c, quantity: Number(c.quantity), price: Number(c.price), shipping: Number(c.shipping) })),
  };
}

export function graphOf(snapshot: RecipeSnapshot): RecipeGraph {
  const lines = new Map<number, RecipeLine[]>();
  for (const recipe of snapshot.recipes) lines.set(recipe.id, []);
  for (const line of snapshot.lines) (lines.get(line.recipe_id) ?? lines.set(line.recipe_id, []).get(line.recipe_id)!).push(line);
  return {
    recipes: new Map(snapshot.recipes.map((r) => [r.id, r])),
    lines,
    ingredients: new Map(snapshot.ingredients.map((i) => [i.id, i])),
  };
}

// Bookkeeping, not content: a change of these alone is no new revision. The embed token is a secret.
const IGNORED = new Set(['id', 'account_id', 'recipe_id', 'created_at', 'updated_at', 'embed_token', 'search_name']);

interface Entity {
  about: Omit<RevisionChange, 'field' | 'old' | 'new' | 'basis'>;
  fields: Record<string, unknown>;
  /** Fields compared per 100 g. */
  per100g?: ReadonlySet<string>;
  /** Lines and costs are reported as added or removed; recipes and ingredients come and go with lines. */
  summary?: Record<string, unknown>;
}

function entities(snapshot: RecipeSnapshot): Map<string, Entity> {
  const out = new Map<string, Entity>();
  for (const recipe of snapshot.recipes) {
    out.set(`recipe:${recipe.id}`, {
      about: recipe.id === snapshot.recipe_id ? {} : { recipe_id: recipe.id },
      fields: recipe as unknown as Record<string, unknown>,
    });
  }
  for (const line of snapshot.lines) {
    const { ingredient_id, unit, quantity, waste, total_grams } = line;
    const about = { recipe_id: line.recipe_id, line_id: line.id, ingredient_id };
    out.set(`line:${line.id}`, {
      about,
      fields: { unit, quantity, waste, total_grams },
      summary: { ingredient_id, unit, quantity, waste },
    });
  }
  for (const ingredient of snapshot.ingredients) {
    // Nutrients are reported by their own names ("sodium"), as the ingredient API spells them.
    const { nutrients, ...rest } = ingredient;
    out.set(`ingredient:${ingredient.id}`, {
      about: { ingredient_id: ingredient.id },
      fields: { ...rest, ...nutrients },
      per100g: new Set(Object.keys(nutrients)),
    });
  }
  for (const cost of snapshot.costs) {
    const { effective_at, quantity, unit, price, shipping } = cost;
    const fields = { effective_at, quantity, unit, price, shipping };
    out.set(`cost:${cost.id}`, { about: { ingredient_id: cost.ingredient_id, cost_id: cost.id }, fields, summary: fields });
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What changed from `before` to `after` (`before` undefined: the first recorded state). */
export function changesBetween(before: RecipeSnapshot | undefined, after: RecipeSnapshot): RevisionChange[] {
  if (!before) return [{ field: 'recipe', old: null, new: after.recipes.find((r) => r.id === after.recipe_id)?.name ?? null }];
  const old = entities(before);
  const now = entities(after);
  const changes: RevisionChange[] = [];
  for (const [key, entity] of now) {
    const previous = old.get(key);
    if (!previous) {
      if (entity.summary) changes.push({ field: key.split(':')[0]!, old: null, new: entity.summary, ...entity.about });
      continue;
    }
    for (const field of new Set([...Object.keys(previous.fields), ...Object.keys(entity.fields)])) {
      if (IGNORED.has(field) || same(previous.fields[field], entity.fields[field])) continue;
      const basis = entity.per100g?.has(field) || previous.per100g?.has(field) ? { basis: 'per 100 g' as const } : {};
      changes.push({ field, old: previous.fields[field] ?? null, new: entity.fields[field] ?? null, ...entity.about, ...basis });
    }
  }
  for (const [key, entity] of old) {
    if (!now.has(key) && entity.summary) changes.push({ field: key.split(':')[0]!, old: entity.summary, new: null, ...entity.about });
  }
  return changes;
}
