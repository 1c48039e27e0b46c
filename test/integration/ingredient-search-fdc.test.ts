// Search ranking on real food names: the genuine 2023 Foundation release (docs/api.md#search).
// Each list is what the rule gives; the comments say which class put each name where.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { appWithFoundation2023, searchNames } from '../support/fdc-search.js';

describe.each(databaseKinds())('search ranking over the 2023 Foundation release on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWithFoundation2023(kind, ['All-purpose flour', 'Cornflour blend']);
  });
  afterAll(() => t.close());

  it('flour: the own whole-word match, then the common all-purpose wheat flours; the own substring match last', async () => {
    const found = await searchNames(t, 'flour');
    expect(found.slice(0, 4)).toEqual([
      'All-purpose flour', // the caller's own, "flour" a whole word (class 1)
      'Flour, wheat, all-purpose, enriched, bleached', // head noun "flour", the common form (class 2, score 0)
      'Flour, wheat, all-purpose, enriched, unbleached', // score 0, longer
      'Flour, 00', // score 1 ("00" is said), shortest
    ]);
    // "Cornflour blend" holds "flour" only inside a word: it follows every library flour.
    expect(found.at(-1)).toBe('Cornflour blend');
    expect(found.filter((name) => name.startsWith('Flour, ')).length).toBe(found.length - 2);
  });

  it('egg: the shell egg, then processed whole eggs, then the parts, then "egg" elsewhere', async () => {
    const found = await searchNames(t, 'egg');
    expect(found.slice(0, 4)).toEqual([
      'Eggs, Grade A, Large, egg whole', // head noun "egg", the common form (class 2, score 0)
      'Egg, whole, dried', // dried: score 3
      'Egg, whole, raw, frozen, pasteurized', // frozen and pasteurized: score 4
      'Eggs, Grade A, Large, egg yolk', // a part of the egg: score 5, shorter than the white
    ]);
    expect(found.indexOf('Egg, yolk, dried')).toBeGreaterThan(found.indexOf('Eggs, Grade A, Large, egg whole'));
  });

  it('butter: "Butter, ..." before nut butters, before "Buttermilk"', async () => {
    expect(await searchNames(t, 'butter')).toEqual([
      'Butter, stick, salted', // headed by "butter" (class 3), shorter first
      'Butter, stick, unsalted',
      'Almond butter, creamy', // "butter" a whole word after the head (class 4), same length: by name
      'Peanut butter, creamy',
      'Sesame butter, creamy',
      'Buttermilk, low fat', // "butter" only a word prefix (class 5)
    ]);
  });

  it('an exact name comes first, the own copy before the library one', async () => {
    const created = await t.client().post('/v1/ingredients', flourBody({ name: 'Flour, Rye' }));
    expect(created.statusCode).toBe(201);
    const response = await t.client().get('/v1/ingredients/search?q=FLOUR%2C%20RYE');
    const found = (json(response) as Array<{ ingredient: { id: number; name: string } }>).map((e) => e.ingredient);
    expect(found.map((i) => i.name)).toEqual(['Flour, Rye', 'Flour, rye']); // both exact (class 0), own first
    expect(found[0]!.id).toBe(json(created).ingredient.id);
  });
});
