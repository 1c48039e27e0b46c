// 64 keep-alive connections asking for the SVG embed of a 100-line recipe (no key, no limit) made
// every new connection of every account wait until the flood ended (12-25 s). Node accepts one new
// connection per turn of its event loop, and each turn built the label of every flooding request
// (about 10 ms each): a turn lasted the whole flood's work, and a new connection waited behind every
// reconnect queued before it. Now:
// - embed work takes turns, one embed at a time and at most half the loop (src/lib/loop-turns.ts), so an account's
//   request is answered while the flood is still waiting;
// - unchanged embeds come from a cache keyed by the recipe tree as read (a change is never stale);
// - embeds are counted per client address and per token (429 RateLimited with Retry-After), in
//   Redis across instances when REDIS_URL is set;
// - a client address may hold MAX_CONNECTIONS_PER_ADDRESS connections, and a keep-alive connection
//   serves MAX_REQUESTS_PER_CONNECTION requests (src/http/plugins/connections.ts).
// No wall-clock waits: the service clock is a TestClock, sockets are awaited by their events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { expectError } from '../support/error-shape.js';
import { firstResponse, listen, openConnection } from '../support/raw-http.js';
import { createLimitsApp, redisAnswers, type LimitsApp } from '../integration/limits-support.js';

async function embeddedRecipe(
  t: { client(key?: string): ReturnType<TestApp['client']> },
  lines = 3,
): Promise<{ id: number; token: string; ingredient: number }> {
  const ids: number[] = [];
  for (let i = 0; i < lines; i++) ids.push(json(await t.client().post('/v1/ingredients', flourBody({ name: `Flour ${i}` }))).ingredient.id);
  const recipe = json(
    await t.client().post('/v1/recipes/shortcut', {
      recipe: { name: 'Embedded bars', servings: 8, recipe_ingredients: ids.map((id) => ({ ingredient_id: id, unit: 'g', quantity: 50 })) },
    }),
  ).recipe;
  return { id: recipe.id, token: recipe.embed_token, ingredient: ids[0]! };
}

const embed = (app: TestApp['app'], url: string, from = '10.0.0.1') => app.inject({ method: 'GET', url, remoteAddress: from });

describe.each(databaseKinds())('anonymous embed flood on %s', (kind) => {
  let t: TestApp;
  let recipe: { id: number; token: string; ingredient: number };
  beforeAll(async () => {
    t = await createTestApp(kind, { EMBED_REQUESTS_PER_MINUTE_PER_ADDRESS: '1000', EMBED_REQUESTS_PER_MINUTE_PER_TOKEN: '1000' });
    recipe = await embeddedRecipe(t, 20);
  });
  afterAll(async () => t?.close());

  it("an account's request is answered while the flood still waits its turns", async () => {
    const order: string[] = [];
    const flood = Array.from({ length: 40 }, () =>
      embed(t.app, `/embed/${recipe.token}.svg`).then((res) => {
        order.push(`embed ${res.statusCode}`);
      }),
    );
    const own = t
      .client(t.accountB.key)
      .get('/v1/recipes')
      .then((res) => {
        order.push(`account ${res.statusCode}`);
      });
    await Promise.all([...flood, own]);
    expect(order.filter((o) => o.startsWith('embed')).every((o) => o === 'embed 200')).toBe(true);
    // The account's answer came before most of the flood's: the embeds took one loop turn each.
    expect(order.indexOf('account 200')).toBeLessThan(10);
  });

  it('an unchanged embed is served from the cache; any change builds it again, never stale', async () => {
    const url = `/embed/${recipe.token}.svg`;
    const first = await embed(t.app, url);
    const built = t.app.embeds.cache.stats.built;
    const hits = t.app.embeds.cache.stats.hits;
    const again = await embed(t.app, url);
    expect(again.body).toBe(first.body);
    expect(t.app.embeds.cache.stats.hits).toBe(hits + 1);
    expect(t.app.embeds.cache.stats.built).toBe(built);
    // An ingredient of the recipe changes: the label changes with it.
    const put = await t.client().put(`/v1/ingredients/${recipe.ingredient}`, { ingredient: { calories: 900 } });
    expect(put.statusCode).toBe(200);
    const changed = await embed(t.app, url);
    expect(changed.statusCode).toBe(200);
    expect(changed.body).not.toBe(first.body);
    expect(t.app.embeds.cache.stats.built).toBe(built + 1);
    // The HTML page and another language are files of their own.
    const page = await embed(t.app, `/embed/${recipe.token}?language=fr-CA`);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(t.app.embeds.cache.stats.built).toBe(built + 2);
  });

  it('a rotated token is refused at once, however recently its embed was cached', async () => {
    const { id, token } = await embeddedRecipe(t);
    expect((await embed(t.app, `/embed/${token}.svg`)).statusCode).toBe(200);
    const rotated = json(await t.client().put(`/v1/recipes/${id}`, { recipe: { embed_token: 'rotate' } })).recipe.embed_token;
    expect(rotated).not.toBe(token);
    expectError(await embed(t.app, `/embed/${token}.svg`), 404, 'NotFound');
  });
});

describe.each(databaseKinds())('embeds per client address and per token on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { EMBED_REQUESTS_PER_MINUTE_PER_ADDRESS: '3', EMBED_REQUESTS_PER_MINUTE_PER_TOKEN: '5' });
    token = (await embeddedRecipe(t)).token;
  });
  afterAll(async () => t?.close());

  it('an address over its minute is 429 RateLimited with Retry-After; other addresses and the next minute are served', async () => {
    t.clock.set('2026-11-18T12:00:10Z');
    for (let i = 0; i < 3; i++) expect((await embed(t.app, `/embed/${token}.svg`, '10.1.1.1')).statusCode).toBe(200);
    const refused = await embed(t.app, `/embed/${token}`, '10.1.1.1');
    expectError(refused, 429, 'RateLimited');
    expect(refused.headers['retry-after']).toBe('50');
    expect(json(refused).message).toMatch(/client address/);
    expect((await embed(t.app, `/embed/${token}.svg`, '10.1.1.2')).statusCode).toBe(200);
    // An account's own requests are not embeds: they keep their own limits.
    expect((await t.client().get('/v1/recipes')).statusCode).toBe(200);
    t.clock.set('2026-11-18T12:01:00Z');
    expect((await embed(t.app, `/embed/${token}.svg`, '10.1.1.1')).statusCode).toBe(200);
  });

  it('a token over its minute is 429 RateLimited, whatever the address', async () => {
    t.clock.set('2026-11-18T12:05:00Z');
    for (let i = 0; i < 5; i++) expect((await embed(t.app, `/embed/${token}.svg`, `10.2.0.${i}`)).statusCode).toBe(200);
    const refused = await embed(t.app, `/embed/${token}.svg`, '10.2.0.99');
    expectError(refused, 429, 'RateLimited');
    expect(json(refused).message).toMatch(/embed token/);
    expect(refused.headers['retry-after']).toBe('60');
  });
});

describe('embed counts with Redis hold across instances', async () => {
  const available = await redisAnswers();
  let t: LimitsApp;
  beforeAll(async () => {
    if (!available) return;
    t = await createLimitsApp('sqlite', 'redis', { env: { EMBED_REQUESTS_PER_MINUTE_PER_ADDRESS: '2' } });
  });
  afterAll(async () => t?.close());

  it.skipIf(!available)('two requests on one instance, the third on another: 429', async () => {
    const token = (await embeddedRecipe(t)).token;
    for (let i = 0; i < 2; i++) expect((await embed(t.app, `/embed/${token}.svg`, '10.3.0.1')).statusCode).toBe(200);
    await t.restart(); // another instance on the same Redis keys
    expectError(await embed(t.app, `/embed/${token}.svg`, '10.3.0.1'), 429, 'RateLimited');
    expect((await embed(t.app, `/embed/${token}.svg`, '10.3.0.2')).statusCode).toBe(200);
  });
});

describe('connections one client may hold', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { MAX_CONNECTIONS_PER_ADDRESS: '2' });
    port = await listen(t.app);
  });
  afterAll(async () => t?.close());

  const healthz = 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n';

  it('the connection past MAX_CONNECTIONS_PER_ADDRESS is answered 429 TooManyConnections and closed; one freed is one more', async () => {
    const held = [openConnection(port), openConnection(port)];
    for (const { socket } of held) {
      socket.write(healthz);
      expect((await firstResponse(socket)).statusCode).toBe(200);
    }
    const extra = openConnection(port);
    const refused = await extra.closed;
    expectError(refused, 429, 'TooManyConnections');
    expect(refused.headers['retry-after']).toBe('1');
    held[0]!.socket.destroy();
    await held[0]!.closed;
    // The server hears the close on its side too before the count drops: retry until served.
    let served = 0;
    while (served === 0) {
      const next = openConnection(port);
      next.socket.write(healthz);
      const answer = await Promise.race([firstResponse(next.socket), next.closed]);
      if (answer.statusCode === 200) served++;
      next.socket.destroy();
      await next.closed;
    }
    held[1]!.socket.destroy();
  });
});

describe('requests one keep-alive connection may carry', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { MAX_REQUESTS_PER_CONNECTION: '3' });
    port = await listen(t.app);
  });
  afterAll(async () => t?.close());

  const healthz = 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n';

  it('a keep-alive connection is closed after MAX_REQUESTS_PER_CONNECTION requests', async () => {
    const { socket, closed } = openConnection(port);
    for (let i = 1; i <= 2; i++) {
      socket.write(healthz);
      const res = await firstResponse(socket);
      expect(res.statusCode).toBe(200);
      expect(res.headers.connection).toBe('keep-alive');
    }
    socket.write(healthz);
    const last = await firstResponse(socket);
    expect(last.statusCode).toBe(200);
    expect(last.headers.connection).toBe('close');
    await closed;
  });
});
