// Regression: `npm install` on Node 20, which the README promises, warned EBADENGINE for
// cookie@2 and content-disposition@3 (both Node >= 22), pulled in by @fastify/cookie, light-my-request
// and @fastify/static. package.json `overrides` now pins versions that support Node 18 and up
// (docs/decisions.md, "Dependencies that warned on Node 20"). Checked here on the lockfile npm installs
// from, and through the app: the cookie the account page sets is written by the pinned cookie package.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';

const root = resolve(import.meta.dirname, '../..');
const packageJson = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lockfile = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const require = createRequire(import.meta.url);

/** The oldest Node our own engines field accepts (">=20.19" -> 20.19.0). */
const oldestNode = semver.minVersion(packageJson.engines.node)!.version;

describe('npm install on the oldest Node 20 the project supports', () => {
  it('installs no package whose engines field excludes that Node', () => {
    expect(oldestNode.startsWith('20.')).toBe(true);
    const refused = Object.entries(lockfile.packages)
      .filter(([, pkg]) => pkg.engines && !Array.isArray(pkg.engines) && typeof pkg.engines.node === 'string')
      .filter(([, pkg]) => !semver.satisfies(oldestNode, (pkg.engines as { node: string }).node, { includePrerelease: true }))
      .map(([path, pkg]) => `${path}@${pkg.version} (node ${(pkg.engines as { node: string }).node})`);
    expect(refused).toEqual([]);
  });

  it('resolves cookie and content-disposition to versions with the functions their users call', () => {
    const from = (dependent: string, name: string) => require(require.resolve(name, { paths: [resolve(root, 'node_modules', dependent)] }));
    const cookie = from('@fastify/cookie', 'cookie');
    expect(typeof cookie.parseCookie).toBe('function'); // @fastify/cookie
    expect(typeof cookie.stringifySetCookie).toBe('function'); // @fastify/cookie, light-my-request
    expect(typeof from('light-my-request', 'cookie').stringifySetCookie).toBe('function');
    const contentDisposition = from('@fastify/static', 'content-disposition');
    expect(contentDisposition.create('label 1.pdf')).toBe('attachment; filename="label 1.pdf"'); // @fastify/static
  });
});

describe('the account page sets its sign-in cookie through the pinned cookie package', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers GET /account with an HttpOnly, SameSite=Lax login cookie', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/account' });
    expect(page.statusCode).toBe(200);
    const login = [page.headers['set-cookie'] ?? []]
      .flat()
      .map(String)
      .find((line) => line.startsWith('recipal_login='));
    expect(login).toMatch(/; HttpOnly/i);
    expect(login).toMatch(/; SameSite=Lax/i);
    // Site-wide: the account page and the label studio share the sign-in (docs/studio.md).
    expect(login).toMatch(/; Path=\/;/i);
  });
});
