import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { insertRowsNow } from '../../src/db/repositories/bulk-write.js';

describe('insertRowsNow', () => {
  it('inserts rows many to a statement and answers each row its own id, in order, across shapes of row', () => {
    const sqlite = new Database(':memory:');
    sqlite.exec('create table t (id integer primary key autoincrement, name text not null, note text)');
    sqlite.exec("insert into t (name) values ('before')");
    const rows = [
      ...Array.from({ length: 45 }, (_, i) => ({ name: `a${i}` })),
      { name: 'noted', note: 'x' },
      ...Array.from({ length: 9 }, (_, i) => ({ name: `b${i}` })),
    ];
    const ids = insertRowsNow(sqlite, 't', rows);
    expect(ids).toHaveLength(rows.length);
    const byId = new Map(
      (sqlite.prepare('select id, name from t').all() as Array<{ id: number; name: string }>).map((r) => [r.id, r.name]),
    );
    expect(ids.map((id) => byId.get(id))).toEqual(rows.map((r) => r.name));
    expect(new Set(ids).size).toBe(rows.length);
    sqlite.close();
  });
});
