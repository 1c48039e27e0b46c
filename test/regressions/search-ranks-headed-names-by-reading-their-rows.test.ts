// The common-food class (common_head, common_score) joined the tests that rank the library names a
// one-word query heads, but the index those names are read from did not carry the two columns: ranking
// "chicken"'s 2,000 headed names read 2,000 rows (PostgreSQL: a bitmap heap scan; p50 1.5x the query
// before the class, BENCHMARKS.md "search"). Migration 048 puts them in the index. Here: the statements
// a best-classes search runs read ingredients_public_search_words alone (SQLite: a covering index;
// PostgreSQL: an index-only scan, with the plain scans the planner could fall back on turned off so
// the plan shows what the index can answer, not what the planner guesses for a small table).
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchBestClassesOnly } from '../../src/db/repositories/ingredient-search/index.js';
import { insertPublicRows, publicRowValues, refreshLibraryStatistics } from '../../src/db/repositories/public-library.js';
import { createTestDatabase, databaseKinds, POSTGRES_URL, type TestDatabase } from '../support/databases.js';
import { plainIngredientFields } from '../support/ingredient-fields.js';
import { preparedDuring, statementsDuring } from '../support/prepared-statements.js';

const NOW = '2026-11-27T00:00:00Z';
const INDEX = 'ingredients_public_search_words';
const NAMES = ['Chicken, whole', 'Chicken breast, roasted', 'Chicken soup', 'Chickens', 'Rice, chicken flavour', 'Chicken pie'];

describe.each(databaseKinds())('search-ranks-headed-names-by-reading-their-rows (%s)', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    // Other library names around them, so that PostgreSQL's statistics make the word's range of the
    // index the plan (with six rows in all, any index read whole is as cheap).
    const others = Array.from({ length: 3000 }, (_, i) => `Rice, lot ${i}`);
    const rows = [...NAMES, ...others].map((name, i) => publicRowValues(plainIngredientFields(name), 3_000_000 + i));
    await db.handle.db.transaction().execute((tx) => insertPublicRows(tx, rows, NOW));
    await refreshLibraryStatistics(db.handle.db, kind);
  });
  afterAll(() => db?.drop());

  const search = () => searchBestClassesOnly(db.handle.db, kind, { accountId: 1, q: 'chicken', offset: 0, limit: 3 });

  // SQLite prepares each text once per connection: the first search shows its statements.
  let prepared: string[] = [];

  it('finds the headed names (the path under test is the one taken)', async () => {
    let found: string[] = [];
    prepared = await preparedDuring(async () => {
      found = (await search())?.items.map((i) => i.name) ?? [];
    });
    expect(found).toEqual(['Chickens', 'Chicken, whole', 'Chicken pie']);
  });

  it('reads the headed names off the index alone', async () => {
    if (kind === 'sqlite') {
      const statements = prepared.filter((text) => text.includes(INDEX));
      expect(statements.length).toBeGreaterThan(0);
      if (db.config.kind !== 'sqlite') throw new Error('a SQLite database');
      const raw = new Database(db.config.path, { readonly: true });
      for (const text of statements) {
        const parameters = new Array<null>(text.split('?').length - 1).fill(null);
        const details = (raw.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...parameters) as { detail: string }[]).map((p) => p.detail);
        const uses = details.filter((d) => d.includes(`INDEX ${INDEX}`));
        expect(uses.length).toBeGreaterThan(0);
        for (const detail of uses) expect(detail).toContain(`USING COVERING INDEX ${INDEX}`);
      }
      raw.close();
      return;
    }
    const statements = (await statementsDuring(search)).filter((s) => s.text.includes('search_words'));
    expect(statements.length).toBeGreaterThan(0);
    const client = new pg.Client({ connectionString: POSTGRES_URL ?? undefined });
    await client.connect();
    try {
      await client.query(`SET search_path = ${db.schema}`);
      await client.query('SET enable_seqscan = off');
      await client.query('SET enable_bitmapscan = off');
      for (const { text, values } of statements) {
        const plan = (await client.query(`EXPLAIN ${text}`, values)).rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']);
        const uses = plan.filter((line) => line.includes(`using ${INDEX}`));
        if (text.includes('WITH best')) expect(uses.length).toBeGreaterThan(0);
        for (const line of uses) expect(line).toContain(`Index Only Scan using ${INDEX}`);
      }
    } finally {
      await client.end();
    }
  });
});
