// Which release of a folder of USDA releases to import (docs/api.md#public-library): the newest, by the date in
// its folder name (USDA names releases by date: "FoodData_Central_foundation_food_csv_2023-04-20";
// SR28 was published in September 2015), with the Supporting Data of its date when it ships its lookup
// tables separately. Pure: the caller lists the folders.
import { releaseDateIn } from './release.js';

/** SR28's publication (USDA, "Composition of Foods Raw, Processed, Prepared", Release 28, September 2015). */
export const SR28_DATE = '2015-09-01';

export type FolderKind = 'fdc' | 'fdc_supporting' | 'sr28' | 'unknown';

export interface FoundFolder {
  name: string;
  kind: FolderKind;
  /** An FDC release holding its own lookup tables (nutrient.csv, measure_unit.csv, food_category.csv). */
  complete: boolean;
}

export type ReleaseChoice =
  | { ok: true; kind: 'fdc' | 'sr28'; folder: string; supporting: string | null; note: string }
  | { ok: false; error: string };

const dateOf = (f: FoundFolder) => (f.kind === 'sr28' ? SR28_DATE : (releaseDateIn(f.name) ?? ''));

/** The newest readable release of the folders found; an error naming what was found when none is. */
export function chooseRelease(folder: string, found: readonly FoundFolder[]): ReleaseChoice {
  const releases = found.filter((f) => f.kind === 'fdc' || f.kind === 'sr28');
  const supporting = found.filter((f) => f.kind === 'fdc_supporting');
  const candidates = releases
    .filter((f) => f.kind === 'sr28' || f.complete || supporting.length > 0)
    .sort((a, b) => dateOf(b).localeCompare(dateOf(a)) || a.name.localeCompare(b.name));
  const chosen = candidates[0];
  if (!chosen) {
    const seen = found.length > 0 ? found.map((f) => `${f.name} (${describe(f)})`).join(', ') : 'nothing';
    return {
      ok: false,
      error: `${folder}: no USDA release to import (a FoodData Central CSV release or SR28's ASCII files). Found: ${seen}.`,
    };
  }
  const withSupport =
    chosen.kind === 'fdc' && !chosen.complete
      ? (supporting.find((s) => dateOf(s) === dateOf(chosen)) ??
        [...supporting].sort((a, b) => dateOf(b).localeCompare(dateOf(a)))[0] ??
        null)
      : null;
  const others = releases.filter((f) => f !== chosen).map((f) => f.name);
  const note =
    `${chosen.name}${withSupport ? ` with ${withSupport.name}` : ''}` +
    (others.length > 0 ? `: the newest of ${releases.length} releases (also found ${others.join(', ')})` : '');
  return { ok: true, kind: chosen.kind === 'sr28' ? 'sr28' : 'fdc', folder: chosen.name, supporting: withSupport?.name ?? null, note };
}

function describe(f: FoundFolder): string {
  if (f.kind === 'fdc_supporting') return 'FoodData Central Supporting Data, no foods';
  if (f.kind === 'fdc') return 'FoodData Central release without its lookup tables';
  return 'not a USDA release';
}
