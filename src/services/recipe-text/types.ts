// What a parse answers (docs/api.md#recipe-text): each line read and matched, the sections, the total grams.
// The studio's "new recipe from text" page shows these as they are; the API serializes them.
import type { MatchStatus } from '../../core/recipe-text/matching.js';
import type { CanonicalUnit } from '../../core/recipe-text/units.js';
import type { GramsFrom, LineWarning } from '../../core/recipe-text/grams.js';
import type { Size } from '../../core/recipe-text/types.js';

export type LineStatus = MatchStatus | 'section';

/** A food offered for a line: its match or an alternative. */
export interface LineFood {
  ingredient_id: number;
  name: string;
  source: string | null;
  /** The ingredient's unit key used ("1 cup"), null when the line cannot be weighed by it. */
  unit: string | null;
  quantity: number | null;
  grams: number | null;
  grams_from: GramsFrom | null;
  /** 0-1. */
  confidence: number;
}

export interface ParsedLine {
  line: number;
  input: string;
  quantity: number | null;
  quantity_max: number | null;
  unit: CanonicalUnit | null;
  size: Size | null;
  name: string | null;
  comment: string | null;
  status: LineStatus;
  match: LineFood | null;
  alternatives: LineFood[];
  warnings: LineWarning[];
}

export interface ParsedSection {
  title: string;
  /** The line of the section's header. */
  first_line: number;
}

export interface ParsedRecipeText {
  lines: ParsedLine[];
  sections: ParsedSection[];
  /** The grams of the lines that have a match (matched and ambiguous). */
  total_grams: number;
  /** Lines without a match: each must be chosen or skipped to create a recipe. */
  unresolved: number;
}
