// The deep recipe of the recipes and costing benchmarks: three chains L1 -> L2 -> L3 of subrecipes
// with 10 plain lines per level; the top recipe has 47 plain lines + the 3 L1 subrecipes = 50 lines.

export type Post = (url: string, payload?: object) => Promise<any>;

export async function createDeepRecipe(post: Post, plain: number[], levelFields: object = {}): Promise<number> {
  const lines = (offset: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({ ingredient_id: plain[(offset + i) % plain.length], unit: 'cup', quantity: 1, waste: 5 }));
  const top: object[] = lines(0, 47);
  for (let chain = 0; chain < 3; chain++) {
    let below: number | null = null;
    for (let level = 3; level >= 1; level--) {
      const body: object[] = lines(chain * 30 + level * 10, 10);
      if (below !== null) body.push({ ingredient_id: below, unit: 'serving', quantity: 1 });
      const r = await post('/v1/recipes/shortcut', {
        recipe: { name: `Chain ${chain} level ${level}`, servings: 2, ...levelFields, recipe_ingredients: body },
      });
      below = (await post(`/v1/recipes/${r.recipe.id}/create_subrecipe`)).ingredient.id;
    }
    top.push({ ingredient_id: below, unit: 'serving', quantity: 2 });
  }
  const deep = await post('/v1/recipes/shortcut', {
    recipe: { name: 'Deep', servings: 8, package_yield_quantity: 2000, recipe_ingredients: top },
  });
  return deep.recipe.id;
}
