// API responses carried no Cache-Control: no-store or X-Content-Type-Options: nosniff,
// and a server terminating TLS itself sent no Strict-Transport-Security. Every response now has
// the first two (label files, error bodies and /docs included); HSTS is sent under TLS only.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';

const OPENSSL = ['/usr/bin/openssl', '/usr/local/bin/openssl'].find((p) => existsSync(p)) ?? null;

describe('security headers over plain HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('every API response, success or error, is no-store and nosniff, without HSTS', async () => {
    const c = t.client();
    const recipe = json(await c.post('/v1/recipes', { recipe: { name: 'Bread' } })).recipe.id;
    const ingredient = json(await c.post('/v1/ingredients', flourBody())).ingredient.id;
    await c.post(`/v1/recipes/${recipe}/recipe_ingredients`, { ingredient_id: ingredient });
    const responses = [
      await c.get('/v1/recipes'),
      await c.get(`/v1/recipes/${recipe}`),
      await c.get(`/v1/recipes/${recipe}/label.svg`),
      await c.get('/v1/recipes/999999'),
      await c.post('/v1/recipes', {}),
      await t.client('nope').get('/v1/recipes'),
      await t.app.inject('/nowhere'),
      await t.app.inject('/v1/openapi.json'),
      await t.app.inject('/healthz'),
      await t.app.inject('/docs/'),
      await t.app.inject('/account'),
    ];
    for (const response of responses) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
    // The HTML pages keep their own framing and script policies.
    expect((await t.app.inject('/docs/')).headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
    expect((await t.app.inject('/account')).headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  });
});

describe.skipIf(!OPENSSL)('security headers under TLS', () => {
  let dir: string;
  let server: RunningServer;
  let cert: Buffer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'recipal-hsts-'));
    execFileSync(
      OPENSSL!,
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    cert = execFileSync(OPENSSL!, ['x509', '-in', join(dir, 'cert.pem')]);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      PORT: '0',
      DATABASE_URL: join(dir, 'tls.db'),
      TLS_CERT: join(dir, 'cert.pem'),
      TLS_KEY: join(dir, 'key.pem'),
    });
    server = await startServer(config, () => {});
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (path: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      https
        .get(new URL(path, server.url), { ca: cert }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.headers));
        })
        .on('error', reject);
    });

  it('sends Strict-Transport-Security on answers and errors alike', async () => {
    for (const path of ['/healthz', '/v1/recipes', '/nowhere', '/v1/recipes/%ff', '/account']) {
      const headers = await get(path);
      expect({ path, hsts: headers['strict-transport-security'] }).toEqual({ path, hsts: 'max-age=31536000' });
      expect(headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
