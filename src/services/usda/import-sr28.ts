// `recipal import usda-sr`: USDA Standard Reference Release 28 into the public library beside the
// FoodData Central foods, by the same library rules (src/core/usda/release.ts buildLibraryFood):
// energy from Nutr_No 208 (else 4/9/4), inferred allergens, sweeteners' added sugars, zero by nature,
// statement names; household measures (WEIGHT) as units; `source` "usda-sr28:<NDB_No>". Matched by
// NDB_No (ndb_no, migration 038): importing it again updates the same rows in place.
import { ENERGY_SOURCE_TEXT, buildLibraryFood } from '../../core/usda/release.js';
import { SR28_TITLE, sr28Source } from '../../core/usda/sr28.js';
import type { ServiceContext } from '../context.js';
import {
  completedImport,
  emptySummary,
  failedImport,
  type ImportEvents,
  type KeyedFood,
  type UsdaImportResult,
  writeLibraryFoods,
} from './library-writer.js';
import { readSr28 } from './sr28-reader.js';

/** "SR28": how a taken name is told apart from the same description of another release. */
export const SR28_QUALIFIER = 'SR28';

export async function importSr28(
  ctx: ServiceContext,
  options: { dir: string; events?: ImportEvents; chosen?: string | null },
): Promise<UsdaImportResult> {
  const started = Date.now();
  const events = options.events ?? {};
  try {
    const contents = await readSr28(options.dir, events.onRead);
    const summary = emptySummary(SR28_TITLE);
    summary.chosen = options.chosen ?? null;
    const good: KeyedFood[] = [];
    for (const food of contents.foods) {
      // 208 is FDC's 1008: a food without it has its energy computed 4/9/4, and its source says so.
      const built = buildLibraryFood(food, (energy) =>
        energy === 'fdc_1008' ? sr28Source(food.ndbText) : `${sr28Source(food.ndbText)}; ${ENERGY_SOURCE_TEXT[energy]}`,
      );
      // Every refused value is reported: with the food's flags, or beside the reason it was skipped.
      if (!built.ok) summary.skipped.push({ ndb_no: food.ndbText, name: built.name, reasons: [built.reason, ...food.refused] });
      else good.push({ ...built, flags: [...food.refused, ...built.flags], key: food.ndbNo, ref: { ndb_no: food.ndbText } });
    }
    await writeLibraryFoods(ctx, good, 'ndb_no', SR28_QUALIFIER, summary, events);
    const result = completedImport(summary, { ...contents, foodsInRelease: contents.foods.length }, started);
    if (result.ok) result.summary.encodings = contents.encodings;
    return result;
  } catch (error) {
    return failedImport(error);
  }
}
