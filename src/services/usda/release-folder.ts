// Lists a folder given to `recipal import usda`: a release itself, or a folder of several releases
// (each in its own folder, as ../usda-fdc keeps foundation_2021-04-28, foundation_2023-04-20 and
// supporting_2021-04-28), resolved to the newest by src/core/usda/release-folder.ts.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { chooseRelease, type FolderKind, type FoundFolder } from '../../core/usda/release-folder.js';
import { UsdaImportError } from './source.js';

const FOOD_LISTS = ['foundation_food.csv', 'sr_legacy_food.csv'];
const LOOKUPS = ['nutrient.csv', 'measure_unit.csv', 'food_category.csv'];

export type ResolvedSource =
  | { kind: 'sr28'; dir: string; note: string | null }
  | { kind: 'fdc'; source: string; supporting: string | undefined; note: string | null };

async function namesIn(dir: string): Promise<Set<string>> {
  return new Set((await readdir(dir)).map((n) => n.toLowerCase()));
}

function classify(names: Set<string>): { kind: FolderKind; complete: boolean } {
  if (names.has('food_des.txt')) return { kind: 'sr28', complete: true };
  if (FOOD_LISTS.some((f) => names.has(f))) return { kind: 'fdc', complete: LOOKUPS.every((f) => names.has(f)) };
  if (LOOKUPS.some((f) => names.has(f))) return { kind: 'fdc_supporting', complete: false };
  return { kind: 'unknown', complete: false };
}

/**
 * What SOURCE names: a URL or ZIP as is; a folder holding one release as is (an unzipped USDA release
 * keeps one inner folder, which the FDC reader walks into); a folder of several releases as its newest.
 */
export async function resolveSource(source: string, supporting: string | undefined): Promise<ResolvedSource> {
  const plain: ResolvedSource = { kind: 'fdc', source, supporting, note: null };
  if (/^https?:\/\//i.test(source)) return plain;
  let isDir = false;
  try {
    isDir = (await stat(source)).isDirectory();
  } catch {
    return plain; // the FDC reader says "no such file or folder"
  }
  if (!isDir) return plain;
  const own = classify(await namesIn(source));
  if (own.kind === 'sr28') return { kind: 'sr28', dir: source, note: null };
  if (own.kind === 'fdc' || supporting !== undefined) return plain;
  const found: FoundFolder[] = [];
  for (const entry of await readdir(source, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    found.push({ name: entry.name, ...classify(await namesIn(join(source, entry.name))) });
  }
  const releases = found.filter((f) => f.kind === 'fdc' || f.kind === 'sr28');
  // One release in one inner folder: the layout of USDA's own ZIPs, read as before.
  const [only] = releases;
  if (releases.length === 1 && only?.kind === 'fdc' && only.complete) return plain;
  const choice = chooseRelease(
    source,
    found.sort((a, b) => a.name.localeCompare(b.name)),
  );
  if (!choice.ok) throw new UsdaImportError(choice.error);
  if (choice.kind === 'sr28') return { kind: 'sr28', dir: join(source, choice.folder), note: choice.note };
  return {
    kind: 'fdc',
    source: join(source, choice.folder),
    supporting: choice.supporting === null ? undefined : join(source, choice.supporting),
    note: choice.note,
  };
}
