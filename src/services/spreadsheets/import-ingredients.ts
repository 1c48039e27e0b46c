// Ingredient rows (docs/api.md#bulk-work): each matches the account's own ingredient by id, else by name
// (exactly, else in another case when that is unique: names.ts), else creates one. The create/update rules are the API's own (applyIngredientWrite), with
// nutrients per 100 g: the columns an export writes, which are what the API returns (docs/api.md#ingredients).
// The rows are checked outside any write transaction, and written in one short one
// (docs/api.md#import-transaction).
import { isDeepStrictEqual } from 'node:util';
import { must } from '../../lib/must.js';
import { applyIngredientWrite, type Ingredient, type IngredientFields } from '../../core/ingredient.js';
import { foldLanguageColumns } from './language-columns.js';
import { findReadableIngredients, replaceTags, tagsFor, updateIngredientRow } from '../../db/repositories/ingredients.js';
import { allOwnIngredients, allOwnTags, insertIngredientBatch, ownIngredientNames } from '../../db/repositories/spreadsheets.js';
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

/** Ids looked up per statement in the write transaction. */
const LOOKUP_BATCH = 500;

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
  /** The name of every ingredient of the account, by id: which rows match a record, and which create one. */
  names: Map<number, string>;
  /** The records the rows matched, and their tags: what each row's update (or none) was decided against. */
  matched: Map<number, { ingredient: Ingredient; tags: readonly string[] }>;
}

const sameTags = (a: readonly string[], b: readonly string[]) => sameValue([...a].sort(), [...b].sort());

/**
 * Checks every ingredient row against the account's ingredients as `step.db` holds them (outside any
 * write transaction: docs/api.md#spreadsheet-imports), reporting each problem, and returns the writes
 * the rows make: made in one short transaction after checking that what was read still holds.
 */
export async function planIngredients(step: ImportStep, rows: readonly ImportRow[]): Promise<ImportPlan> {
  const { db, accountId, now, report } = step;
  const own = await allOwnIngredients(db, accountId);
  const tags = await allOwnTags(db, accountId);
  const byId = new Map(own.map((i) => [i.id, i]));
  const byName = new NameIndex(own, (i) => i.name);
  const rowOf = new Map<string, number>();
  const read: IngredientsRead = { names: new Map(own.map((i) => [i.id, i.name])), matched: new Map() };
  const creates: Array<{ row: number; fields: IngredientFields; tags: string[] }> = [];
  const updates: Array<{ row: number; id: number; fields: IngredientFields; tags: string[] | undefined; changed: string[] }> = [];

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
    if (existing) read.matched.set(existing.id, { ingredient: existing, tags: current });
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
      updates.push({ row, id: existing.id, fields: result.fields, tags: tagList, changed: [...new Set(fields)] });
    } else {
      creates.push({ row, fields: result.fields, tags: tagList ?? [] });
    }
  }

  return {
    stillHolds: (tx) => ingredientsStillRead(tx, accountId, read),
    async write(tx) {
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

/**
 * In the write transaction: whether the account's ingredients are as the rows were checked against:
 * the same names on the same ids (no record added, removed or renamed: each row matches what it
 * matched), and each matched record and its tags unchanged. The matched records are locked until
 * commit, as updateIngredient does (PostgreSQL; SQLite's transaction holds the one write lock).
 */
async function ingredientsStillRead(tx: Executor, accountId: number, read: IngredientsRead): Promise<boolean> {
  const names = await ownIngredientNames(tx, accountId);
  if (names.length !== read.names.size || names.some((n) => read.names.get(n.id) !== n.name)) return false;
  const ids = [...read.matched.keys()];
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
    const slice = ids.slice(i, i + LOOKUP_BATCH);
    const now = await findReadableIngredients(tx, slice, accountId, 'update');
    const tagsNow = await tagsFor(tx, accountId, slice);
    for (const id of slice) {
      const then = must(read.matched.get(id), 'a matched ingredient');
      const found = now.get(id);
      if (!found || !isDeepStrictEqual(found, then.ingredient) || !sameTags(tagsNow.get(id) ?? [], then.tags)) return false;
    }
  }
  return true;
}
