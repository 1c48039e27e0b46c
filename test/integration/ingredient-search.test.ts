// GET /v1/ingredients/search: ranking, accents, filters, pagination, isolation between accounts.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryWords } from '../../src/db/repositories/ingredient-search/index.js';
import { importUsda } from '../../src/services/usda/index.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

const MINI = join(import.meta.dirname, '../fixtures/usda-mini');

describe('query words', () => {
  it.each([
    ['Pommes, CRUES', ['pommes', 'crues']],
    ['  crème   fraîche ', ['creme', 'fraiche']],
    ['50% (dark)', ['50', 'dark']],
    [',,,', []],
  ])('%j -> %j', (q, words) => {
    expect(queryWords(q)).toEqual(words);
  });
});

describe.each(databaseKinds())('GET /v1/ingredients/search on %s', (kind) => {
  let t: TestApp;
  let pineappleId: number;
  let secretId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const imported = await importUsda(t.ctx, { source: MINI });
    expect(imported.ok).toBe(true);
    const a = t.client();
    const create = async (name: string, key?: string) =>
      json(await t.client(key).post('/v1/ingredients', flourBody({ name }))).ingredient.id as number;
    pineappleId = await create('Pineapple juice');
    await create('Apple');
    await create('Crab apples, wild');
    await create('Old apple sauce');
    await a.put(`/v1/ingredients/${await create('Apple pie, archived')}`, { archived: true });
    secretId = await create('Apple secret of B', t.accountB.key);
  });
  afterAll(() => t.close());

  const names = async (url: string, key?: string) => {
    const response = await t.client(key).get(url);
    expect(response.statusCode).toBe(200);
    return (json(response) as Array<{ ingredient: { name: string } }>).map((e) => e.ingredient.name);
  };

  it('ranks exact, own whole-word, library head, word prefix, then substring matches', async () => {
    expect(await names('/v1/ingredients/search?q=apple')).toEqual([
      'Apple', // exact
      'Old apple sauce', // the caller's own, "apple" a whole word
      'Crab apples, wild', // the caller's own, "apples" the plural of the whole word (longer name)
      'Apples, raw', // library, headed by the plural (public, USDA)
      'Pineapple juice', // substring
    ]);
  });

  it('ignores case and accents in both directions', async () => {
    expect(await names('/v1/ingredients/search?q=CREME%20FRAICHE')).toEqual(['Crème fraîche']);
    expect(await names(`/v1/ingredients/search?q=${encodeURIComponent('épinard')}`)).toEqual([]);
    expect(await names(`/v1/ingredients/search?q=${encodeURIComponent('SPÍNACH')}`)).toEqual(['Spinach, raw']);
  });

  it('needs every word', async () => {
    expect(await names('/v1/ingredients/search?q=apple%20juice')).toEqual(['Pineapple juice']);
    expect(await names('/v1/ingredients/search?q=raw%20apple')).toEqual(['Apples, raw']);
  });

  it.each([
    ['usda_verified=true', ['Apples, raw']],
    ['usda_verified=false', ['Apple', 'Old apple sauce', 'Crab apples, wild', 'Pineapple juice']],
    ['public=true', ['Apples, raw']],
    ['public=false', ['Apple', 'Old apple sauce', 'Crab apples, wild', 'Pineapple juice']],
    ['category=fruits%20and%20fruit%20juices', ['Apples, raw']],
    ['category=Sweets', []],
  ])('filters by %s', async (filter, expected) => {
    expect(await names(`/v1/ingredients/search?q=apple&${filter}`)).toEqual(expected);
  });

  it('paginates like lists', async () => {
    const response = await t.client().get('/v1/ingredients/search?q=apple&per_page=2&page=2');
    expect(response.headers['x-total-count']).toBe('5');
    expect(response.headers.link).toContain('rel="next"');
    expect(response.headers.link).toContain('rel="prev"');
    expect((json(response) as any[]).map((e) => e.ingredient.name)).toEqual(['Crab apples, wild', 'Apples, raw']);
  });

  it('returns the same JSON as GET /v1/ingredients/{id}', async () => {
    const [found] = json(await t.client().get('/v1/ingredients/search?q=pineapple'));
    const single = json(await t.client().get(`/v1/ingredients/${pineappleId}`));
    expect(found).toEqual(single);
  });

  it("never shows another account's ingredients", async () => {
    expect(await names('/v1/ingredients/search?q=secret')).toEqual([]);
    expect(await names('/v1/ingredients/search?q=secret', t.accountB.key)).toEqual(['Apple secret of B']);
    expect(await names('/v1/ingredients/search?q=apple', t.accountB.key)).toEqual(['Apple secret of B', 'Apples, raw']);
    expect((await t.client().get(`/v1/ingredients/${secretId}`)).statusCode).toBe(404);
  });

  it('follows renames (the index is kept in sync)', async () => {
    await t.client().put(`/v1/ingredients/${pineappleId}`, { name: 'Mango nectar' });
    expect(await names('/v1/ingredients/search?q=pineapple')).toEqual([]);
    expect(await names('/v1/ingredients/search?q=nectar')).toEqual(['Mango nectar']);
    await t.client().put(`/v1/ingredients/${pineappleId}`, { name: 'Pineapple juice' });
  });

  it('ranks by the words of the current name (the words column follows renames)', async () => {
    await t.client().put(`/v1/ingredients/${pineappleId}`, { name: 'Juice, apple (cloudy)' });
    // Now the caller's own with "apple" a whole word: beside the others of its class, by length.
    expect(await names('/v1/ingredients/search?q=apple')).toEqual([
      'Apple',
      'Old apple sauce',
      'Crab apples, wild',
      'Juice, apple (cloudy)',
      'Apples, raw',
    ]);
    expect(await names('/v1/ingredients/search?q=cloudy%20juice')).toEqual(['Juice, apple (cloudy)']);
    await t.client().put(`/v1/ingredients/${pineappleId}`, { name: 'Pineapple juice' });
  });

  it.each([
    ['ap', ['Apple', 'Old apple sauce', 'Crab apples, wild', 'Apples, raw', 'Pineapple juice']],
    ['pi ju', ['Pineapple juice']],
    ['juice ap', ['Pineapple juice']],
    ['e', null],
  ])('words of one or two letters match as substrings, alone or beside longer ones (q=%s)', async (q, expected) => {
    const found = await names(`/v1/ingredients/search?q=${encodeURIComponent(q)}&per_page=100`);
    if (expected) expect(found).toEqual(expected);
    // Every name holding the letters, and only those.
    for (const name of found) for (const word of q.split(' ')) expect(name.toLowerCase()).toContain(word);
    expect(found.length).toBeGreaterThan(0);
  });

  it.each([
    ['a full page', 'per_page=2&page=1', 2],
    ['a part page', 'per_page=3&page=2', 2],
    ['a page past the end', 'per_page=2&page=9', 0],
    ['one page holding all', 'per_page=10&page=1', 5],
  ])('counts every match on %s', async (_, query, rows) => {
    const response = await t.client().get(`/v1/ingredients/search?q=apple&${query}`);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toHaveLength(rows);
    expect(response.headers['x-total-count']).toBe('5');
  });

  it.each([
    ['no q', '/v1/ingredients/search', 400],
    ['an empty q', '/v1/ingredients/search?q=', 400],
    ['a bad flag', '/v1/ingredients/search?q=a&public=maybe', 400],
  ])('answers %s with %s', async (_, url, status) => {
    expect((await t.client().get(url)).statusCode).toBe(status);
  });

  it('needs an API key', async () => {
    expect((await t.client('nope').get('/v1/ingredients/search?q=apple')).statusCode).toBe(401);
  });
});
