// Found by the hostile input suite: a request whose body the server never reads (no such
// route: 404; a content type it does not take: 415) left the body-idle timer of docs/api.md#errors
// armed once the body was larger than a stream buffer. When it fired, the 408 it raised went to a
// stream nobody listened to: an uncaught error, which ends the process. The timer now ends with the
// exchange, and a body nobody reads can no longer fail unheard. Timers are faked: no waiting.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';

const IDLE_MS = 5_000;

describe('a body the server never reads', () => {
  let t: TestApp;
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  beforeAll(async () => {
    t = await createTestApp('sqlite', { BODY_IDLE_TIMEOUT_MS: String(IDLE_MS) });
    process.on('uncaughtException', record);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    process.off('uncaughtException', record);
    await t?.close();
  });

  const big = JSON.stringify({ recipe: { name: 'x', preparation: 'p'.repeat(200_000) } });
  it.each([
    ['a GET with a body', 'GET', '/v1/recipes', 'application/json', '{}', 200],
    ['a HEAD with a body', 'HEAD', '/v1/recipes/1', 'application/json', '{}', 404],
    ['a route that does not exist (404)', 'PUT', '/v1/recipes', 'application/json', big, 404],
    ['a content type the server does not take (415)', 'POST', '/v1/recipes', 'application/merge-patch+json', '{}', 415],
    ['a blank content type', 'PUT', '/v1/recipes/1', ' ', '{}', 415],
  ])('%s: answered, and nothing fails when the idle time passes', async (_name, method, url, type, body, status) => {
    uncaught.length = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const response = await t.app.inject({
      method: method as 'PUT',
      url,
      headers: { authorization: `Token token=${t.accountA.key}`, 'content-type': type },
      payload: body,
    });
    expect(response.statusCode).toBe(status);
    vi.advanceTimersByTime(IDLE_MS * 2);
    // A stream's 'error' is emitted on a later tick: let those run.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(uncaught.map(String)).toEqual([]);
  });
});
