// The account page shows the account's audit trail (docs/api.md#history), and its own key changes are in it.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const cookieOf = (response: LightMyRequestResponse, name: string) =>
  [response.headers['set-cookie'] ?? []]
    .flat()
    .map(String)
    .find((c) => c.startsWith(`${name}=`))!
    .split(';', 1)[0]!;
const csrfOf = (body: string) => /name="csrf" value="([^"]+)"/.exec(body)![1]!;

describe.each(databaseKinds())('audit on the account page on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the writes of the account, including a key made on the page, and none of another account', async () => {
    const ingredient = json(await t.client().post('/v1/ingredients', flourBody({ name: 'Audited flour' }))).ingredient.id;
    await t.client(t.accountB.key).post('/v1/ingredients', flourBody({ name: 'Not yours' }));
    const signInForm = await t.app.inject({ method: 'GET', url: '/account' });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/account/session',
      headers: { ...FORM, cookie: cookieOf(signInForm, 'recipal_login') },
      payload: new URLSearchParams({ csrf: csrfOf(signInForm.body), api_key: t.accountA.key }).toString(),
    });
    const cookie = cookieOf(signedIn, 'recipal_session');
    const page = await t.app.inject({ method: 'GET', url: '/account', headers: { cookie } });
    const made = await t.app.inject({
      method: 'POST',
      url: '/account/keys',
      headers: { ...FORM, cookie },
      payload: `csrf=${csrfOf(page.body)}`,
    });
    expect(made.statusCode).toBe(200);
    const audit = /<table id="audit">([\s\S]*?)<\/table>/.exec(made.body)![1]!;
    expect(audit).toContain(`create ingredient ${ingredient}`);
    expect(audit).toContain('create api_key');
    expect(audit).toContain(t.accountA.key.slice(0, 12));
    expect(audit).not.toContain(t.accountB.key.slice(0, 12));
    const events = json(await t.client().get('/v1/audit_events?resource=api_key')).map((e: any) => e.audit_event);
    expect(events).toEqual([
      expect.objectContaining({ action: 'create', key_prefix: t.accountA.key.slice(0, 12), request_id: expect.any(String) }),
    ]);
  });
});
