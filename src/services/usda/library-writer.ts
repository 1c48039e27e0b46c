// Writes built USDA foods into the public library (FoodData Central by fdc_id, SR28 by NDB_No), and
// the import report both importers give.
import { lockForTransaction, LockSpace } from '../../db/locks.js';
import { uniquePublicName, type BuiltLibraryFood, type EnergySource } from '../../core/usda/release.js';
import {
  changedColumns,
  findByKeys,
  insertPublicRows,
  libraryRowValues,
  publicNamesIn,
  refreshLibraryStatistics,
  updatePublicRow,
  type LibraryKeyColumn,
  type PublicRowValues,
} from '../../db/repositories/public-library.js';
import { isoSeconds } from '../../lib/time.js';
import type { ServiceContext } from '../context.js';
import { recordLibraryChange } from '../history/index.js';
import type { ReadProgress } from './reader.js';
import { type SourceEvents, UsdaImportError } from './source.js';

export const BATCH_SIZE = 500;

export interface ImportEvents extends SourceEvents {
  onRead?(progress: ReadProgress): void;
  onWrite?(progress: { done: number; total: number }): void;
}

/** A food of the report: FDC foods by fdc_id, SR28 foods by NDB_No (as USDA writes it). */
export type FoodNote = ({ fdc_id: number; ndb_no?: undefined } | { ndb_no: string; fdc_id?: undefined }) & {
  name: string;
  reasons: string[];
};

export type RenamedFood = ({ fdc_id: number; ndb_no?: undefined } | { ndb_no: string; fdc_id?: undefined }) & {
  description: string;
  name: string;
};

export interface UsdaImportSummary {
  release: string;
  /** The newer release of the same kind already loaded, when --force imported an older one over it. */
  forced_over: string | null;
  foods_in_release: number;
  /** Foods new to the library. */
  created: number;
  /** Foods already imported (matched by fdc_id) whose stored values changed. */
  updated: number;
  unchanged: number;
  /** Foods whose allergens the importer inferred (src/core/usda/allergen-inference.ts). */
  allergens_inferred: number;
  /** Sweeteners whose added sugars were set to their total sugars (21 CFR 101.9(c)(6)(iii)). */
  added_sugars_set: number;
  /** Foods by where their energy came from (docs/api.md#public-library). */
  energy_sources: Record<EnergySource, number>;
  skipped: FoodNote[];
  flagged: FoodNote[];
  /** Foods stored under another name because their FDC description was already a public name. */
  renamed: RenamedFood[];
  /** Foods whose blank values were set to zero by nature (docs/labeling.md "Zero by nature"). */
  zero_by_nature: number;
  /** How a folder of several releases was resolved ("the newest of ..."), else null. */
  chosen: string | null;
  unknown_nutrient_rows: number;
  unknown_nutrient_ids: number[];
  /** SR28: how each file's text was read (Latin-1 as USDA wrote it, or UTF-8 where a copy was saved so). */
  encodings?: Record<string, string>;
  elapsed_ms: number;
}

export type UsdaImportResult =
  | { ok: true; summary: UsdaImportSummary }
  /** `older_release`: the library holds a newer release of the same kind; nothing was written. */
  | { ok: false; error: string; reason: 'failed' | 'older_release' };

export type WriteSummary = Omit<UsdaImportSummary, 'foods_in_release' | 'unknown_nutrient_rows' | 'unknown_nutrient_ids' | 'elapsed_ms'>;

/** An import that ran to its end (either importer): what it wrote, with what the release held and how long it took. */
export function completedImport(
  summary: WriteSummary,
  read: { foodsInRelease: number; unknownNutrientRows: number; unknownNutrientIds: number[] },
  startedMs: number,
): UsdaImportResult {
  return {
    ok: true,
    summary: {
      ...summary,
      foods_in_release: read.foodsInRelease,
      unknown_nutrient_rows: read.unknownNutrientRows,
      unknown_nutrient_ids: read.unknownNutrientIds,
      elapsed_ms: Date.now() - startedMs,
    },
  };
}

/** A release that could not be read is a failed import with its reason; anything else is a bug and is thrown on. */
export function failedImport(error: unknown): UsdaImportResult {
  if (error instanceof UsdaImportError) return { ok: false, error: error.message, reason: 'failed' };
  throw error;
}

const noEnergySources = (): Record<EnergySource, number> => ({ fdc_1008: 0, fdc_2048: 0, fdc_2047: 0, calculated_4_9_4: 0, unknown: 0 });

/** A built food with the release key it is matched by on re-import (fdc_id or SR28's NDB_No). */
export type KeyedFood = Extract<BuiltLibraryFood, { ok: true }> & { key: number; ref: FoodRef };
/** How the report and a fallback name refer to a food: fdc_id 321360, NDB_No 01001. */
export type FoodRef = { fdc_id: number } | { ndb_no: string };

const refLabel = (ref: FoodRef) => ('fdc_id' in ref ? `FDC ${ref.fdc_id}` : `NDB ${ref.ndb_no}`);

type PlannedWrite = { kind: 'insert'; id: null; values: PublicRowValues } | { kind: 'update'; id: number; values: PublicRowValues };
type PlannedUpdate = Extract<PlannedWrite, { kind: 'update' }>;

export function emptySummary(title: string): WriteSummary {
  return {
    release: title,
    forced_over: null,
    created: 0,
    updated: 0,
    unchanged: 0,
    allergens_inferred: 0,
    added_sugars_set: 0,
    zero_by_nature: 0,
    energy_sources: noEnergySources(),
    skipped: [],
    flagged: [],
    renamed: [],
    chosen: null,
  };
}

/**
 * Writes built foods into the public library, matched by `keyColumn` (fdc_id for FoodData Central,
 * ndb_no for SR28): new foods inserted, stored ones updated in place when a value differs (ids stay),
 * one transaction per batch. Names stay unique: a taken description gets the food group, then the
 * release, then the food's number in parentheses.
 */
export async function writeLibraryFoods(
  ctx: ServiceContext,
  foods: readonly KeyedFood[],
  keyColumn: LibraryKeyColumn,
  releaseName: string,
  summary: WriteSummary,
  events: ImportEvents,
): Promise<WriteSummary> {
  const db = ctx.database.db;
  const now = isoSeconds(ctx.clock.now());
  const total = foods.length;
  let done = 0;
  for (let start = 0; start < foods.length; start += BATCH_SIZE) {
    const batch = foods.slice(start, start + BATCH_SIZE);
    // Planning reads inside the batch's transaction, so names and keys seen are the ones written against.
    await db.transaction().execute(async (tx) => {
      // Concurrent imports (two CLI runs) plan one after the other (docs/api.md#concurrent-writes).
      await lockForTransaction(tx, LockSpace.publicLibrary, 0);
      const existing = await findByKeys(
        tx,
        keyColumn,
        batch.map((b) => b.key),
      );
      const qualifiersOf = (b: KeyedFood) => [b.fields.category ?? null, releaseName];
      // Every name a food might take, so one query tells which are free.
      const candidates = batch.flatMap((b) => {
        const n = b.fields.name;
        return [
          n,
          ...qualifiersOf(b)
            .filter(Boolean)
            .map((q) => `${n} (${q})`),
          `${n} (${refLabel(b.ref)})`,
        ];
      });
      const owners = await publicNamesIn(tx, candidates);
      const writes: PlannedWrite[] = [];
      for (const [index, food] of batch.entries()) {
        const stored = existing.get(food.key);
        if (stored && stored.account_id !== null) {
          summary.skipped.push({
            ...food.ref,
            name: food.fields.name,
            reasons: [`its ${keyColumn} is already held by a private ingredient`],
          });
          continue;
        }
        const ownId = stored?.id ?? null;
        const description = food.fields.name;
        const name = uniquePublicName(description, qualifiersOf(food), refLabel(food.ref), (candidate) => {
          const owner = owners.get(candidate);
          return owner !== undefined && owner !== ownId;
        });
        if (name !== description) summary.renamed.push({ ...food.ref, description, name });
        if (stored && stored.name !== name && owners.get(stored.name) === stored.id) owners.delete(stored.name);
        owners.set(name, ownId ?? -(start + index + 1));
        const values = libraryRowValues({ ...food.fields, name }, keyColumn, food.key, food.common);
        summary.energy_sources[food.energy]++;
        if (food.fields.allergens_inferred) summary.allergens_inferred++;
        if (food.addedSugars) summary.added_sugars_set++;
        if (Object.keys(food.fields.nutrients_inferred ?? {}).length > 0) summary.zero_by_nature++;
        if (food.flags.length > 0) summary.flagged.push({ ...food.ref, name, reasons: food.flags });
        if (!stored) writes.push({ kind: 'insert', id: null, values });
        else if (changedColumns(stored, values).length > 0) writes.push({ kind: 'update', id: stored.id, values });
        else summary.unchanged++;
      }
      const updates = writes.filter((w): w is PlannedUpdate => w.kind === 'update');
      for (const w of updates) await updatePublicRow(tx, w.id, w.values, now);
      // Recipes using a changed food get their revision in the same transaction (docs/api.md#history).
      await recordLibraryChange(
        tx,
        ctx,
        updates.map((w) => w.id),
      );
      await insertPublicRows(
        tx,
        writes.filter((w) => w.kind === 'insert').map((w) => w.values),
        now,
      );
      summary.created += writes.filter((w) => w.kind === 'insert').length;
      summary.updated += updates.length;
    });
    done += batch.length;
    events.onWrite?.({ done, total });
  }
  if (summary.created + summary.updated > 0) await refreshLibraryStatistics(db, ctx.database.dialect);
  return summary;
}
