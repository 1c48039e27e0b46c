// Regression: a key lookup in flight while the key was revoked put its stale answer into the authentication cache after the revoke cleared it, so requests after the revoke's response were served with the revoked key; two concurrent revokes both reported success.
// Runs on SQLite, and on PostgreSQL (several app instances on one schema) when DATABASE_URL is set.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { revokeKeyWhileInUse } from '../races/scenarios.js';
import { createRaceApp, type RaceApp } from '../races/support.js';

describe.each(databaseKinds())('revoking a key in use on %s', (kind) => {
  let r: RaceApp;
  beforeAll(async () => {
    r = await createRaceApp(kind);
  });
  afterAll(async () => {
    await r?.close();
  });

  it('serves nothing with the key after the revoke answers', () => revokeKeyWhileInUse(r, 12, 4));
});
