// Column helpers so one migration serves SQLite and PostgreSQL.
import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
import type { Dialect } from '../schema.js';

/** An auto-incrementing integer primary key (SQLite rowid alias, PostgreSQL serial: int4, returned as a number). */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Floating point amounts: REAL in SQLite, double precision in PostgreSQL. */
export const real = (dialect: Dialect) => (dialect === 'postgres' ? 'double precision' : 'real') as 'real';

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
