// Races on the public library's unique names: imports run by the CLI (`recipal ingredients import`),
// several at once, each through its own connection pool on PostgreSQL. All succeed; every name is
// there once, updated by whichever import came last (docs/api.md#concurrent-writes).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { concurrentPublicImports } from './scenarios.js';
import { createImportContexts, type ImportContexts } from './support.js';

const ROUNDS = 4;

describe.each(databaseKinds())('public library imports on %s', (kind) => {
  let r: ImportContexts;
  beforeAll(async () => {
    r = await createImportContexts(kind);
  });
  afterAll(async () => {
    await r?.close();
  });

  // Concurrent imports, each through its own pool on PostgreSQL, both saw a name free and the second
  // failed on the unique index. Imports now take the library lock in turn.
  describe('regression: concurrent-public-imports-collide-on-unique-names', () => {
    it('concurrent imports of the same names all succeed and leave each name once', () =>
      concurrentPublicImports(r.t, r.contexts, 6, ROUNDS));
  });
});
