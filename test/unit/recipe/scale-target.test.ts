// planScale (docs/api.md#scale): the amount a target gives, and which inputs are refused.
import { describe, expect, it } from 'vitest';
import { planScale } from '../../../src/core/recipe/scale-target.js';

const basis = { packages: 2, servings: 6, batch_grams: 500 };

describe('planScale', () => {
  it.each([
    [{ target_servings: 36 }, 3, 'Pie (36 servings)'],
    [{ target_servings: '1' }, 1 / 12, 'Pie (1 serving)'],
    [{ target_packages: 1 }, 0.5, 'Pie (1 package)'],
    [{ target_grams: 1250 }, 2.5, 'Pie (1250 g)'],
    [{ scale_amount: 2 }, 2, 'Pie x2'],
    [{}, 1, 'Pie (copy)'],
    [{ target_servings: '', scale_factor: 3 }, 3, 'Pie x3'],
  ])('%j scales by %s, named %s', (input, amount, name) => {
    const plan = planScale(input, basis);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.amount).toBeCloseTo(amount, 12);
    expect(plan.defaultName('Pie')).toBe(name);
  });

  it('counts 0 packages as 1', () => {
    const plan = planScale({ target_packages: 3 }, { ...basis, packages: 0 });
    expect(plan.ok && plan.amount).toBe(3);
  });

  it.each([
    [{ target_servings: 0.5 }, 'target_servings'],
    [{ target_packages: 'x' }, 'target_packages'],
    [{ target_grams: 0 }, 'target_grams'],
    // 10,000,000 g from 500 g is 20,000 times: beyond the scale range.
    [{ target_grams: 10_000_000 }, 'target_grams'],
  ])('%j is refused on %s', (input, field) => {
    const plan = planScale(input, basis);
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(Object.keys(plan.errors)).toEqual([field]);
  });

  it('refuses a weight target for a recipe without weight', () => {
    const plan = planScale({ target_grams: 10 }, { ...basis, batch_grams: 0 });
    expect(plan.ok).toBe(false);
  });
});
