// Regression: `egg` ranked "Egg, yolk, dried" first: every "Egg, ..." name was one class
// and the shortest won, so a part of the egg beat the whole egg. Within names headed by the query
// (singular or simple plural), those USDA qualifies as "whole" now come first (docs/api.md#ingredients
// "Search"). On the genuine 2023 Foundation release.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { appWithFoundation2023, searchNames } from '../support/fdc-search.js';

describe.each(databaseKinds())('search for egg on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWithFoundation2023(kind, []);
  });
  afterAll(() => t.close());

  it('ranks the whole eggs before the yolks and whites', async () => {
    const found = await searchNames(t, 'egg');
    const parts = found.filter((name) => /\b(yolk|white)\b/i.test(name));
    const wholes = found.filter((name) => /\bwhole\b/i.test(name));
    // The shell egg first, then the processed whole eggs (docs/api.md#search, the common food first).
    expect(wholes).toEqual(['Eggs, Grade A, Large, egg whole', 'Egg, whole, dried', 'Egg, whole, raw, frozen, pasteurized']);
    expect(found.slice(0, wholes.length)).toEqual(wholes);
    expect(parts.length).toBeGreaterThan(0);
    expect(found.indexOf(parts[0]!)).toBe(wholes.length);
  });

  it('still ranks "Egg, ..." names before names holding "egg" later', async () => {
    const found = await searchNames(t, 'egg');
    const headed = found.filter((name) => /^eggs?,/i.test(name));
    expect(found.slice(0, headed.length)).toEqual(headed);
  });
});
