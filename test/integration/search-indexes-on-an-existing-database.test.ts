// Migrations 032 and 033 (the best-classes search indexes: SQLite, PostgreSQL) and 034 (SQLite: the
// FTS table holds the library's names only) on a database that already holds a library: the
// schema as of migration 031, 6,000 public ingredients (5,000 of them "steamed") and some of an
// account's own, then the upgrade. Search answers as ranking every match does, and takes the
// best-classes path; on SQLite the account's names have left the FTS table. Rows are seeded with the
// columns the table had at 031 only: today's row values name columns later migrations add.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrationsFor } from '../../src/db/migrations/index.js';
import {
  searchBestClassesOnly,
  searchIngredients,
  searchIngredientsRankingAll,
} from '../../src/db/repositories/ingredient-search/index.js';
import { fieldsToRow } from '../../src/db/repositories/ingredients.js';
import { insertPublicRows, publicRowValues } from '../../src/db/repositories/public-library.js';
import type { Dialect } from '../../src/db/schema.js';
import { databaseKinds, insertAccountRow, POSTGRES_URL } from '../support/databases.js';
import { plainIngredientFields } from '../support/ingredient-fields.js';

const NOW = '2026-11-24T00:00:00Z';

/** The ingredients table's columns as the database has them now (here: at migration 031). */
async function columnsAt031(handle: DatabaseHandle, kind: Dialect): Promise<Set<string>> {
  const found =
    kind === 'sqlite'
      ? await sql<{ name: string }>`SELECT name FROM pragma_table_info('ingredients')`.execute(handle.db)
      : await sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
          WHERE table_name = 'ingredients' AND table_schema = current_schema()`.execute(handle.db);
  return new Set(found.rows.map((r) => r.name));
}

describe.each(databaseKinds())('migrations 032 and 033 on an existing %s database with a library', (kind: Dialect) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let account: number;

  beforeAll(async () => {
    let schema: string | undefined;
    if (kind === 'postgres') {
      schema = `t_${process.pid}_${Date.now().toString(36)}_m032`;
      const admin = new pg.Client({ connectionString: POSTGRES_URL! });
      await admin.connect();
      await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public').catch(() => undefined);
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      handle = openDatabase({ kind: 'postgres', url: POSTGRES_URL! }, { searchPath: schema, maxConnections: 2 });
      cleanup = async () => {
        await handle.close();
        const c = new pg.Client({ connectionString: POSTGRES_URL! });
        await c.connect();
        await c.query(`DROP SCHEMA ${schema} CASCADE`);
        await c.end();
      };
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'recipal-m032-'));
      handle = openDatabase({ kind: 'sqlite', path: join(dir, 'test.db') });
      cleanup = async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      };
    }
    const db = handle.db;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => migrationsFor(kind) },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const before = await migrator.migrateTo('031_sqlite_search_words');
    expect(before.error).toBeUndefined();
    account = await insertAccountRow(db, 'A', NOW);
    const columns = await columnsAt031(handle, kind);
    const asAt031 = <T extends object>(row: T): T => Object.fromEntries(Object.entries(row).filter(([k]) => columns.has(k))) as T;
    const rows = Array.from({ length: 6000 }, (_, i) =>
      publicRowValues(plainIngredientFields(`${['beef', 'kale', 'rice'][i % 3]} ${i % 6 ? 'steamed' : 'raw'}, lot ${i}`), 1_000_000 + i),
    );
    await db
      .transaction()
      .execute((tx) =>
        insertPublicRows(tx, [...rows, publicRowValues(plainIngredientFields('Steamed, whole'), 2_000_000)].map(asAt031), NOW),
      );
    for (const name of ['Steamed rice', 'Oversteamed']) {
      await db
        .insertInto('ingredients')
        .values({ ...asAt031(fieldsToRow(plainIngredientFields(name))), account_id: account, created_at: NOW, updated_at: NOW } as never)
        .execute();
    }
    const after = await migrateToLatest(db, kind);
    expect(after.applied).toEqual(
      expect.arrayContaining(['032_search_best_classes', '033_postgres_search_best_classes', '034_sqlite_search_library_only']),
    );
  }, 120_000);
  afterAll(() => cleanup());

  it('answers as ranking every match does, pages and totals alike', async () => {
    for (const q of ['steamed', 'kale', 'raw', 'rice steamed']) {
      for (const offset of [0, 20, 4990, 5000, 6000]) {
        const o = { accountId: account, q, offset, limit: 20 };
        const got = await searchIngredients(handle.db, kind, o);
        const expected = await searchIngredientsRankingAll(handle.db, kind, o);
        expect({ o, total: got.total, ids: got.items.map((i) => i.id) }).toEqual({
          o,
          total: expected.total,
          ids: expected.items.map((i) => i.id),
        });
      }
    }
  });

  it('takes the best-classes path on the upgraded database', async () => {
    const indexes =
      kind === 'sqlite'
        ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE name LIKE 'ingredients_public_search_%'`.execute(handle.db)
        : await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
            WHERE indexname LIKE 'ingredients_public_search_%' AND schemaname = current_schema()`.execute(handle.db);
    expect(indexes.rows.map((r) => r.name).sort()).toEqual(['ingredients_public_search_order', 'ingredients_public_search_words']);
    const page = await searchBestClassesOnly(handle.db, kind, { accountId: account, q: 'steamed', offset: 0, limit: 20 });
    expect(page?.total).toBe(5003); // broad enough to walk for class 4
    expect(page?.items.map((i) => i.name).slice(0, 3)).toEqual(['Steamed rice', 'Steamed, whole', 'beef steamed, lot 3']);
  });

  // SQLite's FTS table only (not defined at all on PostgreSQL, so a PostgreSQL run skips nothing).
  if (kind === 'sqlite') {
    it("leaves the library's names alone in the FTS table, and still finds the account's", async () => {
      const library = await sql<{ id: number }>`SELECT rowid AS id FROM ingredient_search ORDER BY rowid`.execute(handle.db);
      const publicIds = await sql<{ id: number }>`SELECT id FROM ingredients WHERE account_id IS NULL ORDER BY id`.execute(handle.db);
      expect(library.rows).toEqual(publicIds.rows);
      expect(library.rows).toHaveLength(6001);
      const mine = await searchIngredients(handle.db, kind, { accountId: account, q: 'oversteamed', offset: 0, limit: 20 });
      expect(mine.items.map((i) => i.name)).toEqual(['Oversteamed']);
    });
  }
});
