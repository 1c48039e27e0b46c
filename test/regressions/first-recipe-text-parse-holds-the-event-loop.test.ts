// The first parse of a recipe text after a start (or after a library import) builds the library's word
// index. It read every library food in one statement, which on SQLite sorted the whole library for
// the one page, and indexed 400 foods a turn: with SR28 and the Foundation foods (~9,000), the first
// studio preview held the event loop for whole seconds on a busy machine, and every other request
// waited. Now the library is read 500 foods a statement, in id order without a sort, and indexed 50
// foods a turn. Counted in turns of the event loop (no clock): at least one turn per 100 foods, and a
// request sent while the index is built is answered before the parse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPublicIngredients } from '../../src/services/ingredients/index.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

const FOODS = 1_200;
const KINDS = ['Beans', 'Squash', 'Cheese', 'Crackers', 'Pasta', 'Juice'];
const FORMS = ['raw', 'cooked', 'canned', 'frozen', 'dried'];

describe.each(databaseKinds())('the first recipe-text parse on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const foods = Array.from({ length: FOODS }, (_, i) =>
      flourBody({
        name: `${KINDS[i % KINDS.length]}, variety ${i}, ${FORMS[i % FORMS.length]}`,
        description1: '1 cup',
        weight1: 150,
        source: `usda-sr28:${90000 + i}`,
      }),
    );
    expect((await importPublicIngredients(t.ctx, foods)).created).toBe(FOODS);
  }, 120_000);
  afterAll(() => t?.close());

  it('leaves the event loop at least once per 100 library foods and answers another request meanwhile', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const order: string[] = [];
    const parse = t
      .client()
      .post('/v1/recipe_text/parse', { text: '2 cups cooked beans\n1 cup frozen squash' })
      .then((r) => {
        order.push('parse');
        return r;
      });
    const other = t
      .client()
      .get('/v1/ingredients')
      .then((r) => {
        order.push('other');
        return r;
      });
    const [parsed, answered] = await Promise.all([parse, other]);
    counting = false;
    expect(parsed.statusCode).toBe(200);
    expect(json(parsed).lines[0].match.name).toMatch(/^Beans, variety \d+, cooked$/);
    expect(answered.statusCode).toBe(200);
    expect(order).toEqual(['other', 'parse']);
    expect(turns).toBeGreaterThanOrEqual(FOODS / 100);
  });
});
