// Regression: SQLite with two workers (the default: one per core) answered 500 SQLITE_BUSY when
// four accounts imported 10,000-row files: the processes waited on each other's write lock past
// busy_timeout (5 s), and the failure was a bug's answer. Imports now hold the writer briefly
// (RELIABILITY.md#sqlite-one-writer), and a write that still finds the file locked (another worker's
// long write, another program on the file) answers 503 DatabaseBusy with Retry-After, nothing
// written. Here another connection on the same file holds the write lock (as another worker
// does) while the app's own busy wait is shortened to 1 ms: no clock is waited on beyond that.
import { availableParallelism } from 'node:os';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestApp, flourBody, json, type TestApp } from '../support/app.js';
import { expectError } from '../support/error-shape.js';

describe('WORKERS by database', () => {
  it('defaults to one process per core on SQLite and PostgreSQL (the mixed workload needs both cores); WORKERS sets it', () => {
    expect(loadConfig({ DATABASE_URL: './data/x.db' }).workers).toBe(availableParallelism());
    expect(loadConfig({}).workers).toBe(availableParallelism());
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).workers).toBe(availableParallelism());
    expect(loadConfig({ DATABASE_URL: './data/x.db', WORKERS: '3' }).workers).toBe(3);
  });
});

describe('a write that finds the SQLite file locked by another process', () => {
  let t: TestApp;
  let other: SqliteDatabase.Database;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const path = t.db.config.kind === 'sqlite' ? t.db.config.path : '';
    other = new SqliteDatabase(path);
  });
  afterAll(async () => {
    if (other.inTransaction) other.exec('rollback');
    other.close();
    await t.close();
  });

  it('answers 503 DatabaseBusy with Retry-After, in the error shape, and writes nothing', async () => {
    const sqlite = t.db.handle.sqlite!;
    const before = json(await t.client().get('/v1/ingredients')).length;
    sqlite.pragma('busy_timeout = 1');
    other.exec('begin immediate');
    try {
      const res = await t.client().post('/v1/ingredients', flourBody({ name: 'Locked out' }));
      const body = expectError(res, 503, 'DatabaseBusy');
      expect(res.headers['retry-after']).toBe('1');
      expect(String(body.message)).not.toMatch(/SQLITE|sql/i);
    } finally {
      other.exec('rollback');
      sqlite.pragma('busy_timeout = 5000');
    }
    expect(json(await t.client().get('/v1/ingredients')).length).toBe(before);
    expect((await t.client().post('/v1/ingredients', flourBody({ name: 'After' }))).statusCode).toBe(201);
  });
});
