// Multi-row inserts of the history tables, written as SQL text built once (docs/api.md#history).
import { CompiledQuery } from 'kysely';
import { isPostgres } from '../../locks.js';
import type { Executor } from '../../schema.js';

/** The column names of a row type, every one of them (a type error names any left out). */
export function everyColumnOf<Row>() {
  return <const Columns extends readonly (keyof Row & string)[]>(
    ...columns: Columns & (Exclude<keyof Row, Columns[number]> extends never ? unknown : never)
  ): Columns => columns;
}

// The text of each multi-row insert, by dialect, table, columns and row count: built once. History's
// inserts run inside every write's transaction, where Kysely's builder and compiler took longer than
// the statements (~12 µs for four revisions; BENCHMARKS.md "history"). The values are bound parameters.
const insertTexts = new Map<string, string>();

export function insertText(
  postgres: boolean,
  table: string,
  columns: readonly string[],
  rowCount: number,
  suffix: string,
  after = 0,
): string {
  const key = `${postgres} ${table} ${columns.join(',')} ${rowCount} ${suffix} ${after}`;
  let text = insertTexts.get(key);
  if (text === undefined) {
    // PostgreSQL numbers its parameters: these follow the `after` of a statement this one is part of.
    let parameter = after;
    const placeholder = () => (postgres ? `$${++parameter}` : '?');
    const row = () => `(${columns.map(placeholder).join(', ')})`;
    const values = Array.from({ length: rowCount }, row).join(', ');
    text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${values}${suffix}`;
    insertTexts.set(key, text);
  }
  return text;
}

/** `insert into <table> (columns) values (...), (...)<suffix>`, every column of every row bound. */
export async function insertValues<Row>(
  db: Executor,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
  suffix = '',
): Promise<void> {
  if (rows.length === 0) return;
  await db.executeQuery(CompiledQuery.raw(insertText(isPostgres(db), table, columns, rows.length, suffix), valuesOf(columns, rows)));
}

export const valuesOf = <Row>(columns: readonly (keyof Row & string)[], rows: readonly Row[]) =>
  rows.flatMap((row) => columns.map((column) => row[column]));
