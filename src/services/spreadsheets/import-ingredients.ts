// Ingredient rows (docs/api.md#bulk-work): each matches the account's own ingredient by id, else by name
// (exactly, else in another case when that is unique: names.ts), else creates one. The create/update rules are the API's own (applyIngredientWrite), with
// nutrients per 100 g: the columns an export writes, which are what the API returns (docs/api.md#ingredients).
// The rows are checked outside any write transaction, and written in one short one
// (docs/api.md#import-transaction).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { must } from '../../lib/must.js';
import { applyIngredientWrite, type Ingredient, type IngredientFields } from '../../core/ingredient.js';
import { foldLanguageColumns } from './language-columns.js';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { insertRowsNow, runEachNow, updateRowsNow } from '../../db/repositories/bulk-write.js';
import { wordsOf } from '../../db/repositories/ingredient-search/words.js';
import { fieldsToRow, replaceTags, rowToIngredient, updateIngredientRow } from '../../db/repositories/ingredients.js';
import { allOwnTags, type IngredientRow, insertIngredientBatch, ownIngredientRows } from '../../db/repositories/spreadsheets.js';
import type { Executor } from '../../db/schema.js';
import { ambiguousName, foldName, NameIndex } from './names.js';
import type { ReportBuilder } from './report.js';
import { changedFields, sameValue, type ImportRow } from './rows.js';

export interface ImportStep {
  /**
   * Where the rows are checked: the database outside any transaction for a planned import
   * (ImportPlan), the import's write transaction for the kinds checked and written in it.
   */
  db: Executor;
  /** SQLite's write connection (null on PostgreSQL): a planned import's writes run on it, in its transaction. */
  sqlite: SqliteDatabase | null;
  accountId: number;
  now: string;
  report: ReportBuilder;
  /**
   * Called after each row with the count done: reports progress, and every few rows gives the event
   * loop to other requests (checking 10,000 rows is seconds of work on the loop; awaited statements of
   * better-sqlite3 resolve at once and never let other requests in by themselves).
   */
  rowDone: (done: number) => Promise<void>;
}

/**
 * The writes of an import whose rows were checked outside its write transaction
 * (docs/api.md#import-transaction): in that transaction, `stillHolds` says whether what the check
 * read is still so (locking it), then `write` makes the writes, reporting each record's id.
 */
export interface ImportPlan {
  stillHolds(tx: Executor): Promise<boolean>;
  write(tx: Executor): Promise<void>;
  /** Reports the changes without writing them (a dry run: records it would create have no id). */
  planned(): void;
}

/** New ingredients per multi-row insert: ~30 columns each stays far below SQLite's 32,766 bound variables. */
const CREATE_BATCH = 200;

const FIELD_OF: Record<string, string> = { portions: 'description1', nutrients: 'calories' };

/** Which columns an update changes: the stored fields compared, named by the columns that set them. */
function ingredientChanges(existing: Ingredient, fields: IngredientFields, sent: Record<string, unknown>): string[] {
  const changed = changedFields(existing as unknown as Record<string, unknown>, fields as unknown as Record<string, unknown>).filter(
    (f) => f !== 'allergens_inferred',
  );
  return changed.flatMap((field) => {
    if (field === 'portions') return Object.keys(sent).filter((k) => /^(description|weight)\d+$/.test(k) && !sameSlot(existing, fields, k));
    if (field === 'nutrients')
      return Object.keys(sent)
        .filter((k) => k in fields.nutrients || k in existing.nutrients)
        .filter((k) => !sameValue(existing.nutrients[k] ?? null, fields.nutrients[k] ?? null));
    return [FIELD_OF[field] ?? field];
  });
}

function sameSlot(existing: Ingredient, fields: IngredientFields, key: string): boolean {
  const slot = Number(key.replace(/\D+/g, '')) - 1;
  const member = key.startsWith('weight') ? 'weight' : 'description';
  return sameValue(existing.portions[slot]?.[member] ?? null, fields.portions[slot]?.[member] ?? null);
}

/** What an ingredient import read when it checked its rows, to be found the same in its transaction. */
interface IngredientsRead {
  /** Every ingredient row of the account, by id: their names say which rows match a record and which create one. */
  rows: IngredientRow[];
  /** The ids of the records the rows matched, and their tags: what each row's update (or none) was decided against. */
  matched: Map<number, readonly string[]>;
}

/** Rows written on SQLite between two turns of the event loop. */
const WRITE_SLICE = 1_000;

const sameTags = (a: readonly string[], b: readonly string[]) => sameValue([...a].sort(), [...b].sort());

/**
 * Checks every ingredient row against the account's ingredients as `step.db` holds them (outside any
 * write transaction: docs/api.md#spreadsheet-imports), reporting each problem, and returns the writes
 * the rows make: made in one short transaction after checking that what was read still holds.
 */
export async function planIngredients(step: ImportStep, rows: readonly ImportRow[]): Promise<ImportPlan> {
  const { db, accountId, now, report } = step;
  const ownRows = await ownIngredientRows(db, accountId);
  const own = ownRows.map(rowToIngredient);
  const tags = await allOwnTags(db, accountId);
  const byId = new Map(own.map((i) => [i.id, i]));
  const byName = new NameIndex(own, (i) => i.name);
  const rowOf = new Map<string, number>();
  const read: IngredientsRead = { rows: ownRows, matched: new Map() };
  const creates: PlannedCreate[] = [];
  const updates: PlannedUpdate[] = [];

  for (const [n, { row, values, bad }] of rows.entries()) {
    await step.rowDone(n + 1);
    const { id, ...input } = values;
    foldLanguageColumns(input);
    const name = typeof input.name === 'string' ? input.name.trim() : undefined;
    let existing: Ingredient | undefined;
    if (typeof id === 'number') {
      existing = byId.get(id);
      if (!existing) {
        report.error(
          row,
          'id',
          `no ingredient with id ${id} belongs to this account (public library ingredients cannot be changed by an import)`,
        );
        continue;
      }
    } else if (name) {
      const named = byName.match(name);
      if (named.found.length > 1) {
        report.error(
          row,
          'name',
          ambiguousName(name, named, "this account's ingredients", (i) => i.name, 'add an id column to say which'),
        );
        continue;
      }
      existing = named.found[0];
      // Matched in another case, the name is how the row finds the ingredient, not a new name for it.
      if (existing && !named.exact) delete input.name;
    } else if (!bad) {
      report.error(row, 'name', "can't be blank");
      continue;
    }
    // A new record's name without regard to case: "Flour" and "flour" in one file are one ingredient twice.
    const key = existing ? `id:${existing.id}` : `name:${foldName(name ?? '')}`;
    const earlier = rowOf.get(key);
    if (earlier !== undefined) {
      report.error(
        row,
        existing && typeof id === 'number' ? 'id' : 'name',
        `names the same ingredient as row ${earlier}; one row per ingredient`,
      );
      continue;
    }
    rowOf.set(key, row);
    if (existing?.subrecipe) {
      report.error(
        row,
        typeof id === 'number' ? 'id' : 'name',
        'is a subrecipe ingredient: it follows its recipe; change the recipe instead',
      );
      continue;
    }
    const current = existing ? (tags.get(existing.id) ?? []) : [];
    if (existing) read.matched.set(existing.id, current);
    const result = applyIngredientWrite(existing ?? null, input, { nutrientBasis: 'per_100g' });
    if (!result.ok) {
      report.fieldErrors(row, result.errors);
      continue;
    }
    if (bad || report.hasErrors()) continue;
    const tagList = input.tag_list === undefined ? undefined : (result.tags ?? []);
    if (existing) {
      const fields = ingredientChanges(existing, result.fields, input);
      if (tagList !== undefined && !sameTags(current, tagList)) fields.push('tag_list');
      if (fields.length === 0) {
        report.unchanged++;
        continue;
      }
      const values = step.sqlite ? { ...fieldsToRow(result.fields), updated_at: now } : undefined;
      updates.push({ row, id: existing.id, fields: result.fields, tags: tagList, changed: [...new Set(fields)], values });
    } else {
      const values = step.sqlite ? createdRow(result.fields, accountId, now) : undefined;
      creates.push({ row, fields: result.fields, tags: tagList ?? [], values });
    }
  }

  return {
    stillHolds: (tx) => ingredientsStillRead(tx, accountId, read),
    async write(tx) {
      if (step.sqlite) {
        // In slices, each followed by a turn of the event loop: SQLite's read connection answers other
        // requests' reads meanwhile (each created row costs its search words and index entry, ~0.1 ms).
        for (let i = 0; i < Math.max(updates.length, creates.length); i += WRITE_SLICE) {
          if (i > 0) await nextTurn();
          const slice = { updates: updates.slice(i, i + WRITE_SLICE), creates: creates.slice(i, i + WRITE_SLICE) };
          writeIngredientsNow(step.sqlite, accountId, now, slice.updates, slice.creates, report);
        }
        return;
      }
      for (const update of updates) {
        await updateIngredientRow(tx, update.id, update.fields, now);
        if (update.tags !== undefined) await replaceTags(tx, accountId, update.id, update.tags);
        report.updated(update.row, update.id, update.fields.name, update.changed);
      }
      for (let i = 0; i < creates.length; i += CREATE_BATCH) {
        const batch = creates.slice(i, i + CREATE_BATCH);
        const ids = await insertIngredientBatch(tx, accountId, batch, now);
        batch.forEach((p, k) => report.created(p.row, must(ids[k], 'the id of an inserted row'), p.fields.name));
      }
    },
    planned() {
      for (const update of updates) report.updated(update.row, update.id, update.fields.name, update.changed);
      for (const create of creates) report.created(create.row, null, create.fields.name);
    },
  };
}

/** On SQLite, `values`: the row's columns, made while the rows are checked (outside the transaction). */
type PlannedUpdate = {
  row: number;
  id: number;
  fields: IngredientFields;
  tags: string[] | undefined;
  changed: string[];
  values?: Record<string, unknown>;
};
type PlannedCreate = { row: number; fields: IngredientFields; tags: string[]; values?: Record<string, unknown> };

/**
 * A new ingredient's row on SQLite, with its search_words as migration 059's trigger would write
 * them (wordsOf: the trigger's rule, so it skips its second write of the row).
 */
function createdRow(fields: IngredientFields, accountId: number, now: string): Record<string, unknown> {
  const row = fieldsToRow(fields);
  return { ...row, search_words: wordsOf(row.search_name), account_id: accountId, fdc_id: null, created_at: now, updated_at: now };
}

/** The writes on SQLite: prepared statements run one after another, no await between them (bulk-write.ts). */
function writeIngredientsNow(
  sqlite: SqliteDatabase,
  accountId: number,
  now: string,
  updates: readonly PlannedUpdate[],
  creates: readonly PlannedCreate[],
  report: ReportBuilder,
): void {
  updateRowsNow(
    sqlite,
    'ingredients',
    updates.map((u) => ({ id: u.id, values: u.values ?? { ...fieldsToRow(u.fields), updated_at: now } })),
  );
  const retagged = updates.filter((u) => u.tags !== undefined);
  runEachNow(
    sqlite,
    'delete from ingredient_tags where account_id = ? and ingredient_id = ?',
    retagged.map((u) => [accountId, u.id]),
  );
  const tagRows = (id: number, tags: readonly string[]) => tags.map((name) => ({ account_id: accountId, ingredient_id: id, name }));
  insertRowsNow(
    sqlite,
    'ingredient_tags',
    retagged.flatMap((u) => tagRows(u.id, u.tags ?? [])),
  );
  for (const u of updates) report.updated(u.row, u.id, u.fields.name, u.changed);
  const ids = insertRowsNow(
    sqlite,
    'ingredients',
    creates.map((c) => c.values ?? createdRow(c.fields, accountId, now)),
  );
  insertRowsNow(
    sqlite,
    'ingredient_tags',
    creates.flatMap((c, n) => tagRows(must(ids[n], 'the id of an inserted row'), c.tags)),
  );
  creates.forEach((c, n) => report.created(c.row, must(ids[n], 'the id of an inserted row'), c.fields.name));
}

/**
 * In the write transaction: whether the account's ingredients are as the rows were checked against:
 * the same ids with the same names (no record added, removed or renamed: each row matches what it
 * matched), each matched record's row and tags unchanged. They are locked until commit, as
 * updateIngredient locks its record (PostgreSQL; SQLite's transaction holds the one write lock).
 */
async function ingredientsStillRead(tx: Executor, accountId: number, read: IngredientsRead): Promise<boolean> {
  const rows = await ownIngredientRows(tx, accountId, 'update');
  if (rows.length !== read.rows.length) return false;
  for (const [n, row] of rows.entries()) {
    const then = must(read.rows[n], 'a row read before');
    if (row.id !== then.id || row.name !== then.name) return false;
    if (read.matched.has(row.id) && !sameRow(row, then)) return false;
  }
  if (read.matched.size === 0) return true;
  const tags = await allOwnTags(tx, accountId);
  for (const [id, then] of read.matched) if (!sameTags(tags.get(id) ?? [], then)) return false;
  return true;
}

/** Whether two readings of a row hold the same values (a column read as an object, e.g. a date, compared by value). */
function sameRow(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => a[k] === b[k] || (typeof a[k] === 'object' && isDeepStrictEqual(a[k], b[k])));
}
