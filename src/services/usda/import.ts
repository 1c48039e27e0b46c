// `recipal import usda`: reads a FoodData Central release (all of it, before writing anything, so a
// bad file leaves the database untouched), then upserts its foods into the public library by fdc_id,
// one transaction per batch. Re-running a release updates the foods whose stored values differ (a
// database loaded by an older importer gets the new energy, allergens and added sugars), a newer
// release updates the same rows (recipes read ingredients live, so their nutrition follows), and an
// older release than the one loaded changes nothing unless forced (docs/api.md §8).
import { lockForTransaction, LockSpace } from '../../db/locks.js';
import {
  buildPublicIngredient,
  releaseQualifier,
  releaseTitle,
  uniquePublicName,
  type BuiltFood,
  type EnergySource,
  type ReleaseInfo,
} from '../../core/usda/release.js';
import {
  changedColumns,
  findByFdcIds,
  insertPublicRows,
  newestLoadedRelease,
  publicNamesIn,
  publicRowValues,
  refreshLibraryStatistics,
  updatePublicRow,
  type PublicRowValues,
} from '../../db/repositories/public-library.js';
import { isoSeconds } from '../../lib/time.js';
import type { ServiceContext } from '../context.js';
import { recordLibraryChange } from '../history/index.js';
import { readRelease, type ReadProgress } from './reader.js';
import { combineFiles, openReleaseFiles, UsdaImportError, type SourceEvents } from './source.js';

export const BATCH_SIZE = 500;

export interface ImportEvents extends SourceEvents {
  onRead?(progress: ReadProgress): void;
  onWrite?(progress: { done: number; total: number }): void;
}

export interface FoodNote {
  fdc_id: number;
  name: string;
  reasons: string[];
}

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
  /** Foods by where their energy came from (docs/api.md §8). */
  energy_sources: Record<EnergySource, number>;
  skipped: FoodNote[];
  flagged: FoodNote[];
  /** Foods stored under another name because their FDC description was already a public name. */
  renamed: Array<{ fdc_id: number; description: string; name: string }>;
  unknown_nutrient_rows: number;
  unknown_nutrient_ids: number[];
  elapsed_ms: number;
}

export type UsdaImportResult =
  | { ok: true; summary: UsdaImportSummary }
  /** `older_release`: the library holds a newer release of the same kind; nothing was written. */
  | { ok: false; error: string; reason: 'failed' | 'older_release' };

export interface UsdaImportOptions {
  source: string;
  supportingSource?: string;
  /** Import even a release older than the one loaded (its values replace the newer ones). */
  force?: boolean;
  events?: ImportEvents;
}

export async function importUsda(ctx: ServiceContext, options: UsdaImportOptions): Promise<UsdaImportResult> {
  const started = Date.now();
  const events = options.events ?? {};
  try {
    const primary = await openReleaseFiles(options.source, events);
    let supporting = null;
    try {
      if (options.supportingSource) supporting = await openReleaseFiles(options.supportingSource, events);
    } catch (error) {
      await primary.close();
      throw error;
    }
    const files = combineFiles(primary, supporting);
    let contents: Awaited<ReturnType<typeof readRelease>>;
    try {
      contents = await readRelease(files, events.onRead);
    } finally {
      await files.close();
    }
    const loaded = await newestLoadedRelease(ctx.database.db, releaseTitle({ ...contents.release, date: '' }));
    const older = loaded !== null && isOlder(contents.release.date, loaded);
    if (older && !options.force) {
      const title = releaseTitle(contents.release);
      const newer = releaseTitle({ ...contents.release, date: loaded });
      return {
        ok: false,
        reason: 'older_release',
        error: `${title} is older than ${newer}, already loaded: nothing changed. Use --force to import it anyway (its values replace the newer ones).`,
      };
    }
    const built = contents.foods.map((food) => buildPublicIngredient(food, contents.release));
    const summary = await writeFoods(ctx, built, contents.release, events);
    summary.forced_over = older ? releaseTitle({ ...contents.release, date: loaded }) : null;
    for (const id of contents.missingFoods)
      summary.skipped.push({ fdc_id: id, name: '', reasons: ['listed as a release food but absent from food.csv'] });
    return {
      ok: true,
      summary: {
        ...summary,
        foods_in_release: contents.foods.length + contents.missingFoods.length,
        unknown_nutrient_rows: contents.unknownNutrientRows,
        unknown_nutrient_ids: contents.unknownNutrientIds,
        elapsed_ms: Date.now() - started,
      },
    };
  } catch (error) {
    if (error instanceof UsdaImportError) return { ok: false, error: error.message, reason: 'failed' };
    throw error;
  }
}

/** Release dates are YYYY-MM-DD (text order is date order); an undated release is never judged older. */
function isOlder(date: string, loaded: string): boolean {
  const iso = /^\d{4}-\d{2}-\d{2}$/;
  return iso.test(date) && iso.test(loaded) && date < loaded;
}

type WriteSummary = Omit<UsdaImportSummary, 'foods_in_release' | 'unknown_nutrient_rows' | 'unknown_nutrient_ids' | 'elapsed_ms'>;

const noEnergySources = (): Record<EnergySource, number> => ({ fdc_1008: 0, fdc_2048: 0, fdc_2047: 0, calculated_4_9_4: 0, unknown: 0 });

interface PlannedWrite {
  kind: 'insert' | 'update';
  id: number | null;
  values: PublicRowValues;
}

async function writeFoods(
  ctx: ServiceContext,
  built: readonly BuiltFood[],
  release: ReleaseInfo,
  events: ImportEvents,
): Promise<WriteSummary> {
  const summary: WriteSummary = {
    release: releaseTitle(release),
    forced_over: null,
    created: 0,
    updated: 0,
    unchanged: 0,
    allergens_inferred: 0,
    added_sugars_set: 0,
    energy_sources: noEnergySources(),
    skipped: [],
    flagged: [],
    renamed: [],
  };
  const good = built.filter((b): b is Extract<BuiltFood, { ok: true }> => {
    if (!b.ok) summary.skipped.push({ fdc_id: b.fdcId, name: b.name, reasons: [b.reason] });
    return b.ok;
  });
  const db = ctx.database.db;
  const now = isoSeconds(ctx.clock.now());
  const total = good.length;
  let done = 0;
  for (let start = 0; start < good.length; start += BATCH_SIZE) {
    const batch = good.slice(start, start + BATCH_SIZE);
    // Planning reads inside the batch's transaction, so names and fdc_ids seen are the ones written against.
    await db.transaction().execute(async (tx) => {
      // Concurrent imports (two CLI runs) plan one after the other (docs/api.md §1.10).
      await lockForTransaction(tx, LockSpace.publicLibrary, 0);
      const existing = await findByFdcIds(
        tx,
        batch.map((b) => b.fdcId),
      );
      const qualifiersOf = (b: (typeof batch)[number]) => [b.fields.category ?? null, releaseQualifier(release)];
      // Every name a food might take, so one query tells which are free.
      const candidates = batch.flatMap((b) => {
        const n = b.fields.name;
        return [
          n,
          ...qualifiersOf(b)
            .filter(Boolean)
            .map((q) => `${n} (${q})`),
          `${n} (FDC ${b.fdcId})`,
        ];
      });
      const owners = await publicNamesIn(tx, candidates);
      const writes: PlannedWrite[] = [];
      for (const food of batch) {
        const stored = existing.get(food.fdcId);
        if (stored && stored.account_id !== null) {
          summary.skipped.push({
            fdc_id: food.fdcId,
            name: food.fields.name,
            reasons: ['its fdc_id is already held by a private ingredient'],
          });
          continue;
        }
        const ownId = stored?.id ?? null;
        const description = food.fields.name;
        const name = uniquePublicName(description, qualifiersOf(food), food.fdcId, (candidate) => {
          const owner = owners.get(candidate);
          return owner !== undefined && owner !== ownId;
        });
        if (name !== description) summary.renamed.push({ fdc_id: food.fdcId, description, name });
        if (stored && stored.name !== name && owners.get(stored.name) === stored.id) owners.delete(stored.name);
        owners.set(name, ownId ?? -food.fdcId);
        const values = publicRowValues({ ...food.fields, name }, food.fdcId);
        summary.energy_sources[food.energy]++;
        if (food.fields.allergens_inferred) summary.allergens_inferred++;
        if (food.addedSugars) summary.added_sugars_set++;
        if (food.flags.length > 0) summary.flagged.push({ fdc_id: food.fdcId, name, reasons: food.flags });
        if (!stored) writes.push({ kind: 'insert', id: null, values });
        else if (changedColumns(stored, values).length > 0) writes.push({ kind: 'update', id: stored.id, values });
        else summary.unchanged++;
      }
      for (const w of writes) if (w.kind === 'update') await updatePublicRow(tx, w.id!, w.values, now);
      // Recipes using a changed food get their revision in the same transaction (docs/api.md §9).
      await recordLibraryChange(
        tx,
        ctx,
        writes.filter((w) => w.kind === 'update').map((w) => w.id!),
      );
      await insertPublicRows(
        tx,
        writes.filter((w) => w.kind === 'insert').map((w) => w.values),
        now,
      );
      summary.created += writes.filter((w) => w.kind === 'insert').length;
      summary.updated += writes.filter((w) => w.kind === 'update').length;
    });
    done += batch.length;
    events.onWrite?.({ done, total });
  }
  if (summary.created + summary.updated > 0) await refreshLibraryStatistics(db, ctx.database.dialect);
  return summary;
}
