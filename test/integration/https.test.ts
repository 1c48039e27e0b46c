// HTTPS (docs/api.md#authentication): TLS_CERT/TLS_KEY make the server speak HTTPS itself; REQUIRE_HTTPS refuses
// plain HTTP with 403 HttpsRequired, trusting X-Forwarded-Proto only when TRUST_PROXY is set.
// Health endpoints stay reachable over plain HTTP.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { createTestApp, json, type TestApp } from '../support/app.js';

const OPENSSL = ['/usr/bin/openssl', '/usr/local/bin/openssl'].find((p) => existsSync(p)) ?? null;

describe('REQUIRE_HTTPS', () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Token token=${t.accountA.key}`, ...headers } });

  it.each([
    // [env, X-Forwarded-Proto, expected status]
    [{ REQUIRE_HTTPS: 'true' }, undefined, 403],
    [{ REQUIRE_HTTPS: 'true' }, 'https', 403], // forged: no trusted proxy
    [{ REQUIRE_HTTPS: 'true', TRUST_PROXY: 'true' }, 'https', 200],
    [{ REQUIRE_HTTPS: 'true', TRUST_PROXY: 'true' }, 'http', 403],
    [{ REQUIRE_HTTPS: 'true', TRUST_PROXY: 'true' }, undefined, 403],
    [{ REQUIRE_HTTPS: 'false' }, undefined, 200],
  ])('%j with X-Forwarded-Proto %s -> %i', async (env, proto, status) => {
    t = await createTestApp('sqlite', env);
    const response = await get('/v1/ingredients', proto ? { 'x-forwarded-proto': proto } : {});
    expect(response.statusCode).toBe(status);
    if (status === 403) {
      expect(json(response)).toMatchObject({ error: 'HttpsRequired' });
      // Refused before authentication and limits: nothing counted.
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });

  it('refuses the account page and unauthenticated API calls too, but not /healthz and /readyz', async () => {
    t = await createTestApp('sqlite', { REQUIRE_HTTPS: 'true' });
    expect((await t.app.inject({ method: 'GET', url: '/account' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ingredients' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz?x=1' })).statusCode).toBe(200);
  });
});

describe.skipIf(!OPENSSL)('TLS termination with TLS_CERT / TLS_KEY', () => {
  let dir: string;
  let server: RunningServer;
  let cert: Buffer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'recipal-tls-'));
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
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
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
      REQUIRE_HTTPS: 'true',
      TLS_CERT: join(dir, 'cert.pem'),
      TLS_KEY: join(dir, 'key.pem'),
    });
    server = await startServer(config, () => {});
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const request = (path: string): Promise<{ status: number; body: string; headers: Record<string, unknown> }> =>
    new Promise((resolve, reject) => {
      const url = new URL(path, server.url);
      https
        .get(url, { ca: cert }, (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, body, headers: response.headers }));
        })
        .on('error', reject);
    });

  it('serves over HTTPS with the configured certificate, and REQUIRE_HTTPS lets it through', async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect((await request('/healthz')).status).toBe(200);
    const account = await request('/account');
    expect(account.status).toBe(200);
    // Over HTTPS the sign-in cookie is Secure.
    expect(String(account.headers['set-cookie'])).toMatch(/; Secure/);
    const api = await request('/v1/ingredients');
    expect(api.status).toBe(401); // reached authentication: HTTPS was accepted
    expect(JSON.parse(api.body).error).toBe('NotAuthorized');
  });

  it('does not answer plain HTTP on the TLS port', async () => {
    const plain = server.url.replace('https://', 'http://');
    // The TLS layer reads the plain request as a broken handshake and drops the connection.
    await expect(fetch(`${plain}/healthz`)).rejects.toThrow();
  });
});
