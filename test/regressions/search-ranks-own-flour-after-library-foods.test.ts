// Regression: searching `flour`, the account's own "All-purpose flour" came 29th, after 28
// library foods headed "Flour, ...": a name prefix outranked the caller's own whole-word match. The
// caller's own whole-word matches now rank before every library match but an exact name
// (docs/api.md#search). On the genuine 2023 Foundation release.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { appWithFoundation2023, searchNames } from '../support/fdc-search.js';

describe.each(databaseKinds())('search for flour on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWithFoundation2023(kind, ['All-purpose flour']);
  });
  afterAll(() => t.close());

  it("puts the account's own All-purpose flour first, before the library's flours", async () => {
    const found = await searchNames(t, 'flour');
    expect(found[0]).toBe('All-purpose flour');
    expect(found.slice(1).every((name) => name.startsWith('Flour, '))).toBe(true);
    expect(found.length).toBeGreaterThan(20); // the library's flours are all still found
  });

  it("keeps it out of another account's results", async () => {
    expect(await searchNames(t, 'flour', t.accountB.key)).not.toContain('All-purpose flour');
  });
});
