// `recipal import usda`: reads a FoodData Central release (all of it, before writing anything, so a
// bad file leaves the database untouched), then upserts its foods into the public library by fdc_id,
// one transaction per batch. Re-running a release updates the foods whose stored values differ (a
// database loaded by an older importer gets the new energy, allergens and added sugars), a newer
// release updates the same rows (recipes read ingredients live, so their nutrition follows), and an
// older release than the one loaded changes nothing unless forced (docs/api.md#public-library).
import { buildPublicIngredient, releaseQualifier, releaseTitle, type BuiltFood, type ReleaseInfo } from '../../core/usda/release.js';
import { newestLoadedRelease } from '../../db/repositories/public-library.js';
import type { ServiceContext } from '../context.js';
import { importSr28 } from './import-sr28.js';
import {
  completedImport,
  emptySummary,
  failedImport,
  writeLibraryFoods,
  type ImportEvents,
  type KeyedFood,
  type UsdaImportResult,
  type WriteSummary,
} from './library-writer.js';
import { readRelease } from './reader.js';
import { resolveSource } from './release-folder.js';
import { combineFiles, openReleaseFiles } from './source.js';

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
    // A folder of several releases is its newest; a folder of SR28's files is SR28 (docs/api.md#public-library).
    const resolved = await resolveSource(options.source, options.supportingSource);
    if (resolved.kind === 'sr28') return await importSr28(ctx, { dir: resolved.dir, events, chosen: resolved.note });
    const primary = await openReleaseFiles(resolved.source, events);
    let supporting = null;
    try {
      if (resolved.supporting) supporting = await openReleaseFiles(resolved.supporting, events);
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
    summary.chosen = resolved.note;
    for (const id of contents.missingFoods)
      summary.skipped.push({ fdc_id: id, name: '', reasons: ['listed as a release food but absent from food.csv'] });
    return completedImport(summary, { ...contents, foodsInRelease: contents.foods.length + contents.missingFoods.length }, started);
  } catch (error) {
    return failedImport(error);
  }
}

/** Release dates are YYYY-MM-DD (text order is date order); an undated release is never judged older. */
function isOlder(date: string, loaded: string): boolean {
  const iso = /^\d{4}-\d{2}-\d{2}$/;
  return iso.test(date) && iso.test(loaded) && date < loaded;
}

async function writeFoods(
  ctx: ServiceContext,
  built: readonly BuiltFood[],
  release: ReleaseInfo,
  events: ImportEvents,
): Promise<WriteSummary> {
  const summary = emptySummary(releaseTitle(release));
  const good: KeyedFood[] = [];
  for (const b of built) {
    if (!b.ok) summary.skipped.push({ fdc_id: b.fdcId, name: b.name, reasons: [b.reason] });
    else good.push({ ...b, key: b.fdcId, ref: { fdc_id: b.fdcId } });
  }
  return writeLibraryFoods(ctx, good, 'fdc_id', releaseQualifier(release), summary, events);
}
