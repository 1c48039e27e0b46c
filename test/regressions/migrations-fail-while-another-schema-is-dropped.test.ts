// Regression (found in CI): `recipal import usda` on PostgreSQL exited 1, and a test's set-up failed,
// with "schema t_... does not exist": Kysely's introspector, which our migrations use at every start,
// read every schema of the database and then looked each one up by name, so a schema someone else
// dropped in between failed our start. Introspection now reads only the search path's schemas.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createTestDatabase, POSTGRES_URL, type TestDatabase } from '../support/databases.js';

describe.skipIf(!POSTGRES_URL)('migrations on a PostgreSQL database whose other schemas come and go', () => {
  let ours: TestDatabase;
  let admin: pg.Client;
  const prefix = `churn_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  beforeAll(async () => {
    ours = await createTestDatabase('postgres');
    admin = new pg.Client({ connectionString: POSTGRES_URL! });
    await admin.connect();
  });
  afterAll(async () => {
    await ours.drop();
    await admin.end();
  });

  it('see only their own schema', async () => {
    await admin.query(`CREATE SCHEMA ${prefix}_other; CREATE TABLE ${prefix}_other.kysely_migration (name text)`);
    try {
      const tables = await ours.handle.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([ours.schema]));
      expect(tables.map((t) => t.name)).toContain('ingredients');
    } finally {
      await admin.query(`DROP SCHEMA ${prefix}_other CASCADE`);
    }
  });

  it('start while other schemas are created and dropped all the while', async () => {
    let churning = true;
    let cycles = 0;
    const churn = (async () => {
      while (churning) {
        const name = `${prefix}_${cycles++}`;
        await admin.query(`CREATE SCHEMA ${name}; CREATE TABLE ${name}.t (id serial primary key, a int, b text)`);
        await admin.query(`DROP SCHEMA ${name} CASCADE`);
      }
    })();
    try {
      for (let i = 0; i < 20; i++) {
        const handle = openDatabase(ours.config, { searchPath: ours.schema!, maxConnections: 1 });
        try {
          await expect(migrateToLatest(handle.db, 'postgres')).resolves.toEqual({ applied: [] });
        } finally {
          await handle.close();
        }
      }
    } finally {
      churning = false;
      await churn;
    }
    expect(cycles).toBeGreaterThan(0);
  });
});
