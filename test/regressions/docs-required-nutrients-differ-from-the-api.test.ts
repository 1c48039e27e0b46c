// Bug: docs/api.md#ingredients listed vitamin D and potassium among the fifteen nutrients a create requires,
// while the API (ReciPal's list) requires vitamin C and vitamin A (IU) and accepts a create without
// the others. The docs now name the fields the code requires, and this test holds them together:
// the list in the docs, the list in the code, and what a create without nutrients answers.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUTRIENT_KEYS, REQUIRED_NUTRIENT_KEYS } from '../../src/core/nutrients.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

/** The backquoted field names of docs/api.md#ingredient-create (up to the next topic) that name a nutrient. */
function documentedRequiredNutrients(): string[] {
  const docs = readFileSync('docs/api.md', 'utf8');
  const start = docs.indexOf('<a id="ingredient-create"></a>');
  const create = docs.slice(start, docs.indexOf('<a id=', start + 1));
  return [...create.matchAll(/`([a-z_A-Z]+)`/g)].map((m) => m[1]!).filter((name) => NUTRIENT_KEYS.includes(name));
}

describe('the required nutrients on create', () => {
  it('docs/api.md lists exactly the nutrients the code requires', () => {
    const documented = documentedRequiredNutrients();
    expect(documented.length).toBe(15);
    expect([...documented].sort()).toEqual([...REQUIRED_NUTRIENT_KEYS].sort());
  });

  describe.each(databaseKinds())('on %s', (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a food without nutrients is refused naming exactly those nutrients, and nothing is written', async () => {
      const res = await t.client().post('/v1/ingredients', { name: 'Flour', description1: '1 cup', weight1: 125 });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(json(res).errors).sort()).toEqual([...REQUIRED_NUTRIENT_KEYS].sort());
      expect(json(await t.client().get('/v1/ingredients'))).toEqual([]);
    });

    it('a food with exactly those nutrients is created; vitamin D and potassium stay unknown', async () => {
      const body = Object.fromEntries(Object.entries(flourBody()).filter(([k]) => !/^(vitamin_d|potassium)/.test(k)));
      const res = await t.client().post('/v1/ingredients', body);
      expect(res.statusCode).toBe(201);
      expect(json(res).ingredient).toMatchObject({ vitamin_d_IU: null, potassium: null });
    });
  });
});
