// changesOfParts (src/services/history/snapshot.ts) names what a revision changed, field by field
// (docs/api.md#revisions `changes`): every write's revision is described by it, so it must name every
// difference, nothing else, and say that nutrients are compared per 100 g.
import { describe, expect, it } from 'vitest';
import { changesOfParts } from '../../../src/services/history/snapshot.js';

const salt = {
  id: 3,
  account_id: 1,
  name: 'Salt',
  allergens: { milk: false },
  portions: [{ description: '1 tsp', weight: 6 }],
  brand: null,
  nutrients: { sodium: 38_000, calcium: 24 },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const fromJson = <T>(value: T): T => JSON.parse(JSON.stringify(value));

const changes = (before: object | undefined, after: object | undefined, key = 'ingredient:3') =>
  changesOfParts(new Map(before ? [[key, before]] : []), new Map(after ? [[key, after]] : []), [key], 1);

describe('changesOfParts', () => {
  it('names nothing when only bookkeeping changed, or nothing at all', () => {
    expect(changes(fromJson(salt), { ...salt, updated_at: '2026-02-01T00:00:00Z' })).toEqual([]);
    expect(changes(fromJson(salt), salt)).toEqual([]);
  });

  it('names a changed field, and a nutrient per 100 g by its own name', () => {
    const after = { ...salt, name: 'Sea salt', nutrients: { ...salt.nutrients, sodium: 39_000 } };
    expect(changes(fromJson(salt), after)).toEqual([
      // Each change about an ingredient names it, as the newer state has it.
      { field: 'name', old: 'Salt', new: 'Sea salt', ingredient_id: 3, ingredient_name: 'Sea salt' },
      { field: 'sodium', old: 38_000, new: 39_000, ingredient_id: 3, ingredient_name: 'Sea salt', basis: 'per 100 g' },
    ]);
  });

  it('compares objects by content, and names a nutrient added or removed', () => {
    const after = { ...salt, allergens: { milk: true }, portions: fromJson(salt.portions), nutrients: { sodium: 38_000, iron: 1 } };
    expect(changes(fromJson(salt), after)).toEqual([
      { field: 'allergens', old: { milk: false }, new: { milk: true }, ingredient_id: 3, ingredient_name: 'Salt' },
      { field: 'calcium', old: 24, new: null, ingredient_id: 3, ingredient_name: 'Salt', basis: 'per 100 g' },
      { field: 'iron', old: null, new: 1, ingredient_id: 3, ingredient_name: 'Salt', basis: 'per 100 g' },
    ]);
  });

  it('treats a field that is undefined on one side and absent on the other as unchanged', () => {
    expect(changes(fromJson(salt), { ...salt, category: undefined })).toEqual([]);
  });

  it('reports a cost entry added and removed as a whole', () => {
    const cost = { id: 9, ingredient_id: 3, effective_at: '2026-01-01', quantity: 1, unit: 'kg', price: 2, shipping: 0 };
    const summary = { effective_at: '2026-01-01', quantity: 1, unit: 'kg', price: 2, shipping: 0 };
    expect(changes(undefined, cost, 'cost:9')).toEqual([{ field: 'cost', old: null, new: summary, ingredient_id: 3, cost_id: 9 }]);
    expect(changes(cost, undefined, 'cost:9')).toEqual([{ field: 'cost', old: summary, new: null, ingredient_id: 3, cost_id: 9 }]);
  });
});
