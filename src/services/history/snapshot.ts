// A recipe as it stood (docs/api.md#history): the whole tree the engine reads (the recipe, its lines, every
// ingredient and subrecipe recipe beneath it, and the account's cost entries for those ingredients),
// as plain JSON. as_of reads evaluate a snapshot with the same engine as the present; the changes of a
// revision are the differences between two snapshots, so every write is described the same way,
// whichever service made it.
import { pushTo } from '../../lib/group.js';
import { must } from '../../lib/must.js';
import type { IngredientCost } from '../../core/costing/index.js';
import type { Ingredient } from '../../core/ingredient.js';
import { emptyGraph, type Recipe, type RecipeGraph, type RecipeLine } from '../../core/recipe/types.js';

export type SnapshotCost = Pick<IngredientCost, 'id' | 'ingredient_id' | 'effective_at' | 'quantity' | 'unit' | 'price' | 'shipping'>;

export interface RecipeSnapshot {
  recipe_id: number;
  recipes: Recipe[];
  lines: RecipeLine[];
  ingredients: Ingredient[];
  costs: SnapshotCost[];
}

/** One difference between two states of a recipe (docs/api.md#revisions `changes`). */
export interface RevisionChange {
  field: string;
  old: unknown;
  new: unknown;
  /** What it concerns, when not the recipe itself. */
  recipe_id?: number;
  line_id?: number;
  ingredient_id?: number;
  cost_id?: number;
  /** The name of the ingredient ingredient_id names (as the newer of the two states has it). */
  ingredient_name?: string;
  /** Ingredient nutrients are stored, and compared, per 100 g (the API shows them per weight1). */
  basis?: 'per 100 g';
}

/** A cost entry as snapshots keep it: amounts as numbers, whatever the database driver returned. */
export function snapshotCostOf(cost: SnapshotCost): SnapshotCost {
  return { ...cost, quantity: Number(cost.quantity), price: Number(cost.price), shipping: Number(cost.shipping) };
}

export function snapshotOf(recipeId: number, graph: RecipeGraph, costs: SnapshotCost[]): RecipeSnapshot {
  return {
    recipe_id: recipeId,
    recipes: [...graph.recipes.values()],
    lines: [...graph.lines.values()].flat(),
    ingredients: [...graph.ingredients.values()],
    costs: costs.map(snapshotCostOf),
  };
}

export type PartKind = 'recipe' | 'line' | 'ingredient' | 'cost';

export const partKind = (key: string) => key.slice(0, key.indexOf(':')) as PartKind;

/** The parts of a snapshot, keyed "recipe:12", "line:7", "ingredient:3", "cost:9" (history storage, parts.ts). */
export function partsOf(snapshot: RecipeSnapshot): Map<string, object> {
  const parts = new Map<string, object>();
  for (const recipe of snapshot.recipes) parts.set(`recipe:${recipe.id}`, recipe);
  for (const line of snapshot.lines) parts.set(`line:${line.id}`, line);
  for (const ingredient of snapshot.ingredients) parts.set(`ingredient:${ingredient.id}`, ingredient);
  for (const cost of snapshot.costs) parts.set(`cost:${cost.id}`, cost);
  return parts;
}

/**
 * The tree of one recipe out of a graph loaded for several: what loadRecipeGraph gives for that recipe
 * alone (its lines, their ingredients, and the account's subrecipe recipes beneath, at any depth).
 */
export function subtreeOf(graph: RecipeGraph, accountId: number, rootId: number): RecipeGraph {
  const tree = emptyGraph();
  const visit = (recipeId: number) => {
    const recipe = graph.recipes.get(recipeId);
    if (!recipe || tree.recipes.has(recipeId)) return;
    tree.recipes.set(recipeId, recipe);
    const lines = graph.lines.get(recipeId);
    if (lines) tree.lines.set(recipeId, lines);
    for (const line of lines ?? []) {
      const ingredient = graph.ingredients.get(line.ingredient_id);
      if (!ingredient) continue;
      tree.ingredients.set(ingredient.id, ingredient);
      if (ingredient.subrecipe && ingredient.account_id === accountId && ingredient.recipe_id !== null) visit(ingredient.recipe_id);
    }
  };
  visit(rootId);
  return tree;
}

export function graphOf(snapshot: RecipeSnapshot): RecipeGraph {
  const lines = new Map<number, RecipeLine[]>();
  for (const recipe of snapshot.recipes) lines.set(recipe.id, []);
  for (const line of snapshot.lines) pushTo(lines, line.recipe_id, line);
  return {
    recipes: new Map(snapshot.recipes.map((r) => [r.id, r])),
    lines,
    ingredients: new Map(snapshot.ingredients.map((i) => [i.id, i])),
  };
}

// Bookkeeping, not content: a change of these alone is no new revision. The embed token is a secret.
// `nutrients` is an ingredient's second group of fields (below), not a field.
const IGNORED = new Set(['id', 'account_id', 'recipe_id', 'created_at', 'updated_at', 'embed_token', 'search_name', 'nutrients']);

interface FieldGroup {
  fields: Record<string, unknown>;
  /** Nutrients are stored, and compared, per 100 g. */
  per100g?: true;
}

interface Entity {
  about: Omit<RevisionChange, 'field' | 'old' | 'new' | 'basis'>;
  /** The part's fields, compared group by group (the part's own objects, not copies). */
  groups: FieldGroup[];
  /** Lines and costs are reported as added or removed; recipes and ingredients come and go with lines. */
  summary?: Record<string, unknown>;
}

function entityOf(key: string, part: object, rootRecipeId: number): Entity {
  switch (partKind(key)) {
    case 'recipe': {
      const recipe = part as Recipe;
      return {
        about: recipe.id === rootRecipeId ? {} : { recipe_id: recipe.id },
        groups: [{ fields: recipe as unknown as Record<string, unknown> }],
      };
    }
    case 'line': {
      const { id, recipe_id, ingredient_id, unit, quantity, waste, total_grams } = part as RecipeLine;
      return {
        about: { recipe_id, line_id: id, ingredient_id },
        // ingredient_id too: a line's ingredient can be swapped (docs/api.md#recipe-lines), and that is its change.
        groups: [{ fields: { ingredient_id, unit, quantity, waste, total_grams } }],
        summary: { ingredient_id, unit, quantity, waste },
      };
    }
    case 'ingredient': {
      // Nutrients are reported by their own names ("sodium"), as the ingredient API spells them. Not
      // merged into one object with the other fields: that spread took ~45 µs a comparison.
      const ingredient = part as Ingredient;
      return {
        about: { ingredient_id: ingredient.id },
        groups: [
          { fields: ingredient as unknown as Record<string, unknown> },
          { fields: ingredient.nutrients as Record<string, unknown>, per100g: true },
        ],
      };
    }
    case 'cost': {
      const { id, ingredient_id, effective_at, quantity, unit, price, shipping } = part as SnapshotCost;
      const fields = { effective_at, quantity, unit, price, shipping };
      return { about: { ingredient_id, cost_id: id }, groups: [{ fields }], summary: fields };
    }
  }
}

// Most fields are numbers, strings or null: compared as they are; only objects (allergens, portions)
// are compared by their JSON.
function same(a: unknown, b: unknown): boolean {
  const x = a ?? null;
  const y = b ?? null;
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  return JSON.stringify(x) === JSON.stringify(y);
}

/** The changed fields of one group: those of the old part in its order, then those only the new one has. */
function changedFields(before: FieldGroup, after: FieldGroup, about: Entity['about'], changes: RevisionChange[]): void {
  const basis = before.per100g || after.per100g ? { basis: 'per 100 g' as const } : {};
  const compare = (field: string) => {
    if (IGNORED.has(field) || same(before.fields[field], after.fields[field])) return;
    changes.push({ field, old: before.fields[field] ?? null, new: after.fields[field] ?? null, ...about, ...basis });
  };
  for (const field of Object.keys(before.fields)) compare(field);
  for (const field of Object.keys(after.fields)) if (!Object.hasOwn(before.fields, field)) compare(field);
}

/** The change a recipe's first revision lists: the recipe itself appeared. */
export function firstChanges(snapshot: RecipeSnapshot): RevisionChange[] {
  return [{ field: 'recipe', old: null, new: snapshot.recipes.find((r) => r.id === snapshot.recipe_id)?.name ?? null }];
}

/** The changes among the parts named by `keys` (those whose content differs), field by field. */
export function changesOfParts(
  before: ReadonlyMap<string, object>,
  after: ReadonlyMap<string, object>,
  keys: readonly string[],
  rootRecipeId: number,
): RevisionChange[] {
  const changes: RevisionChange[] = [];
  const removed: RevisionChange[] = [];
  for (const key of keys) {
    const oldPart = before.get(key);
    const newPart = after.get(key);
    const previous = oldPart && entityOf(key, oldPart, rootRecipeId);
    const entity = newPart && entityOf(key, newPart, rootRecipeId);
    if (!entity) {
      if (previous?.summary) removed.push({ field: partKind(key), old: previous.summary, new: null, ...previous.about });
      continue;
    }
    if (!previous) {
      if (entity.summary) changes.push({ field: partKind(key), old: null, new: entity.summary, ...entity.about });
      continue;
    }
    // Both parts are of the same kind (one key), so their entities have the same groups in the same order.
    entity.groups.forEach((group, i) => changedFields(must(previous.groups[i], `group ${i} of ${key}`), group, entity.about, changes));
  }
  // Removals after the rest, as before the parts were stored apart.
  return withIngredientNames([...changes, ...removed], before, after);
}

/** Each change about an ingredient names it too, from the newer state (else the older one). */
function withIngredientNames(
  changes: RevisionChange[],
  before: ReadonlyMap<string, object>,
  after: ReadonlyMap<string, object>,
): RevisionChange[] {
  for (const change of changes) {
    if (change.ingredient_id === undefined) continue;
    const key = `ingredient:${change.ingredient_id}`;
    const ingredient = (after.get(key) ?? before.get(key)) as Ingredient | undefined;
    if (ingredient) change.ingredient_name = ingredient.name;
  }
  return changes;
}
