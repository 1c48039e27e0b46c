// Ingredient rows (docs/api.md#bulk-work): each matches the account's own ingredient by id, else by name
// (exactly, else in another case when that is unique: names.ts), else creates one. The create/update rules are the API's own (applyIngredientWrite), with
// nutrients per 100 g: the columns an export writes, which are what the API returns (docs/api.md#ingredients).
import { must } from '../../lib/must.js';
import { applyIngredientWrite, type Ingredient, type IngredientFields } from '../../core/ingredient.js';
import { foldLanguageColumns } from './language-columns.js';
import { findReadableIngredient, replaceTags, tagsFor, updateIngredientRow } from '../../db/repositories/ingredients.js';
import { allOwnIngredients, allOwnTags, insertIngredientBatch } from '../../db/repositories/spreadsheets.js';
import type { Executor } from '../../db/schema.js';
import { ambiguousName, foldName, NameIndex } from './names.js';
import type { ReportBuilder } from './report.js';
import { changedFields, sameValue, type ImportRow } from './rows.js';

export interface ImportStep {
  tx: Executor;
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

export async function importIngredients(step: ImportStep, rows: readonly ImportRow[]): Promise<void> {
  const { tx, accountId, now, report } = step;
  const own = await allOwnIngredients(tx, accountId);
  const tags = await allOwnTags(tx, accountId);
  const byId = new Map(own.map((i) => [i.id, i]));
  const byName = new NameIndex(own, (i) => i.name);
  const rowOf = new Map<string, number>();
  let pending: Array<{ row: number; fields: IngredientFields; tags: string[] }> = [];
  const flush = async () => {
    const ids = await insertIngredientBatch(tx, accountId, pending, now);
    pending.forEach((p, n) => report.created(p.row, must(ids[n], 'the id of an inserted row'), p.fields.name));
    pending = [];
  };

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
    // Locked until commit, as updateIngredient does: a concurrent update through the API applies before or
    // after this row, each on the other's result (no lost update), and the rules see the current record.
    if (existing) existing = (await findReadableIngredient(tx, existing.id, accountId, 'update')) ?? existing;
    const result = applyIngredientWrite(existing ?? null, input, { nutrientBasis: 'per_100g' });
    if (!result.ok) {
      report.fieldErrors(row, result.errors);
      continue;
    }
    if (bad || report.hasErrors()) continue;
    const tagList = input.tag_list === undefined ? undefined : (result.tags ?? []);
    if (existing) {
      const fields = ingredientChanges(existing, result.fields, input);
      const current = (await tagsFor(tx, accountId, [existing.id])).get(existing.id) ?? tags.get(existing.id) ?? [];
      if (tagList !== undefined && !sameValue([...current].sort(), [...tagList].sort())) fields.push('tag_list');
      if (fields.length === 0) {
        report.unchanged++;
        continue;
      }
      await updateIngredientRow(tx, existing.id, result.fields, now);
      if (tagList !== undefined) await replaceTags(tx, accountId, existing.id, tagList);
      report.updated(row, existing.id, result.fields.name, [...new Set(fields)]);
    } else {
      pending.push({ row, fields: result.fields, tags: tagList ?? [] });
      if (pending.length >= CREATE_BATCH) await flush();
    }
  }
  if (!report.hasErrors()) await flush();
}
