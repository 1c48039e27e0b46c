// Unknown is not zero (docs/api.md#unknown-is-never-zero): which food lines of a recipe have no value for a nutrient,
// through subrecipes at any depth. The recipe's `nutrition` sums the known values; this says whose
// values were not there to sum, so labels can warn, withhold claims and refuse to look final.
import { FDA_MANDATORY_NUTRIENTS, LABEL_NUTRIENTS } from '../label/shared/label-nutrients.js';
import type { NutrientValues } from '../nutrients.js';
import { usableNutrientAmount } from '../bounds.js';

/** One ingredient whose value for a nutrient is unknown, and how much of it is in the batch. */
export interface MissingContribution {
  ingredient_id: number;
  name: string;
  /** Net grams of the ingredient in this recipe's batch (a subrecipe's share counted through). */
  grams: number;
  /** The recipe whose line holds the ingredient (a subrecipe's id for nested lines). */
  recipe_id: number;
}

/** Label nutrient key -> the ingredients with no value for it; only keys with at least one entry. */
export type MissingNutrients = Record<string, MissingContribution[]>;

// Label rows read some nutrients from either of two stored forms (src/core/label/shared/label-nutrients.ts
// resolveAmount): an ingredient that has either one is known for that row.
const SOURCES: Readonly<Record<string, readonly string[]>> = {
  vitamin_d: ['vitamin_d_mcg', 'vitamin_d_IU'],
  vitamin_a: ['vitamin_a_rae', 'vitamin_a_IU'],
  folate: ['folate_dietary_equivalents', 'folate'],
};

/** Every label row key except the combined Canadian saturated + trans %DV row (its parts are rows of their own). */
export const TRACKED_NUTRIENTS: readonly string[] = LABEL_NUTRIENTS.map((n) => n.key).filter((k) => k !== 'fat_saturated_trans');

// Keys outside the list (the combined saturated + trans row, anything unknown) never have gaps of their own.
const TRACKED: ReadonlyMap<string, readonly string[]> = new Map(TRACKED_NUTRIENTS.map((k) => [k, SOURCES[k] ?? [k]]));
const NONE: readonly MissingContribution[] = [];

/** Rows printed on every label by default: 21 CFR 101.9(c) mandatory rows (FDR B.01.401's are a subset). */
export const DEFAULT_LABEL_NUTRIENTS: readonly string[] = FDA_MANDATORY_NUTRIENTS;

// Plain loops and no closure per call: a recipe read asks every label row of every recipe in its tree.
function known(nutrients: NutrientValues, sources: readonly string[]): boolean {
  for (const source of sources) {
    const value = nutrients[source];
    if (usableNutrientAmount(value)) return true;
  }
  return false;
}

/** Adds an ingredient's gap to `entries`, one entry per (recipe, ingredient), grams summed. */
function addGap(entries: Map<string, MissingContribution>, entry: MissingContribution): void {
  const id = `${entry.recipe_id}:${entry.ingredient_id}`;
  const found = entries.get(id);
  if (found) found.grams += entry.grams;
  else entries.set(id, { ...entry });
}

/** A food line as the index reads it: a plain ingredient, or a subrecipe's own index and the share of its batch used. */
export interface MissingSourceLine {
  recipe_id: number;
  ingredient: { id: number; name: string; nutrients: NutrientValues };
  /** Net grams of the line. */
  grams: number;
  subrecipe: { missing: MissingIndex; share: number } | null;
}

/**
 * Per nutrient, on demand: labels ask for the fifteen or so rows they print, not for every nutrient,
 * so each key is worked out the first time it is asked for (label data stays within its time budget).
 */
export class MissingIndex {
  private readonly memo = new Map<string, readonly MissingContribution[]>();

  constructor(private readonly lines: readonly MissingSourceLine[]) {}

  /** The ingredients with no value for `key` (a label row key), one entry per (recipe, ingredient), grams summed. */
  get(key: string): readonly MissingContribution[] {
    const hit = this.memo.get(key);
    if (hit) return hit;
    const sources = TRACKED.get(key);
    if (!sources) return NONE;
    let entries: Map<string, MissingContribution> | undefined;
    for (const line of this.lines) {
      if (line.subrecipe) {
        // A subrecipe's per-100 g values cover only what its own lines know: its gaps are this line's gaps.
        const below = line.subrecipe.missing.get(key);
        if (below.length === 0) continue;
        entries ??= new Map();
        for (const entry of below) addGap(entries, { ...entry, grams: entry.grams * line.subrecipe.share });
      } else if (!known(line.ingredient.nutrients, sources)) {
        entries ??= new Map();
        addGap(entries, { ingredient_id: line.ingredient.id, name: line.ingredient.name, grams: line.grams, recipe_id: line.recipe_id });
      }
    }
    const result: readonly MissingContribution[] = entries ? [...entries.values()] : NONE;
    this.memo.set(key, result);
    return result;
  }

  /** The given keys that have gaps, in that order. */
  pick(keys: readonly string[]): MissingNutrients {
    const out: MissingNutrients = {};
    for (const key of keys) {
      const entries = this.get(key);
      if (entries.length > 0 && !(key in out)) out[key] = [...entries];
    }
    return out;
  }
}

/** What a recipe response shows: the rows its labels print (defaults plus label_settings.optional_nutrients). */
export function declaredMissing(missing: MissingIndex, optional: readonly string[] = []): MissingNutrients {
  return missing.pick([...DEFAULT_LABEL_NUTRIENTS, ...optional]);
}

/** A plain record (tests, callers that already know the gaps) as a lookup. */
export type MissingLookup = Pick<MissingIndex, 'get'>;

export function missingLookup(record: MissingNutrients): MissingLookup {
  return { get: (key) => record[key] ?? [] };
}
