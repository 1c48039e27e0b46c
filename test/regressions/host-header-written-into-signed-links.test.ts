// Without PUBLIC_URL the signed download link of an asynchronous render was built from the
// request's Host header (`Host: evil.example` gave `http://evil.example/...`). Links now use
// PUBLIC_URL, or else the address the server listens on; no header a client sends reaches them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLabelRender, markLabelRender } from '../../src/db/repositories/label-renders.js';
import { isoSeconds } from '../../src/lib/time.js';
import { createTestApp, json, makeClient, type TestApp } from '../support/app.js';
import { listen, rawRequest } from '../support/raw-http.js';

async function readyRender(t: TestApp): Promise<string> {
  const recipe = json(await t.client().post('/v1/recipes', { recipe: { name: 'Bread' } })).recipe.id;
  const token = `render-${Math.random().toString(36).slice(2)}`;
  await insertLabelRender(t.db.handle.db, {
    token,
    account_id: t.accountA.id,
    recipe_id: recipe,
    status: 'waiting',
    format: 'svg',
    complete: true,
    created_at: isoSeconds(t.clock.now()),
  });
  await markLabelRender(t.db.handle.db, token, { status: 'ready', bytes: Buffer.from('<svg/>') });
  return token;
}

const HOSTILE = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  forwarded: 'host=evil.example;proto=https',
};

describe('links in render status without PUBLIC_URL', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { TRUST_PROXY: 'true' });
    port = await listen(t.app);
  });
  afterAll(async () => t?.close());

  it('name the listen address whatever Host and forwarding headers say, and the link works', async () => {
    const token = await readyRender(t);
    const headers = Object.entries({ ...HOSTILE, authorization: `Token token=${t.accountA.key}` })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    const response = await rawRequest(port, `GET /v1/recipes/label_renders/${token} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`);
    expect(response.statusCode).toBe(200);
    const url = JSON.parse(response.body).label_render.url as string;
    expect(url).not.toContain('evil');
    expect(url.startsWith(`http://127.0.0.1:${port}/v1/label_renders/${token}/download?`)).toBe(true);
    const download = await makeClient(t.app, null).get(url.slice(`http://127.0.0.1:${port}`.length));
    expect(download.statusCode).toBe(200);
  });

  it('through inject (not listening) too: the configured host and port', async () => {
    const token = await readyRender(t);
    const response = await t.app.inject({
      url: `/v1/recipes/label_renders/${token}`,
      headers: { ...HOSTILE, authorization: `Token token=${t.accountA.key}` },
    });
    const url = json(response).label_render.url as string;
    expect(url).not.toContain('evil');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/label_renders\//);
  });
});

describe('links in render status with PUBLIC_URL', () => {
  it('use PUBLIC_URL whatever Host says', async () => {
    const t = await createTestApp('sqlite', { PUBLIC_URL: 'https://labels.example.com/' });
    try {
      const token = await readyRender(t);
      const response = await t.app.inject({
        url: `/v1/recipes/label_renders/${token}`,
        headers: { ...HOSTILE, authorization: `Token token=${t.accountA.key}` },
      });
      expect(json(response).label_render.url.startsWith(`https://labels.example.com/v1/label_renders/${token}/download?`)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
