// What reading one recipe line yields (docs/api.md#recipe-text), before any food is matched.
import type { CanonicalUnit } from './units.js';

export const SIZES = ['small', 'medium', 'large', 'extra large'] as const;
export type Size = (typeof SIZES)[number];

/** One amount as written: a number (the lower end of a range) and its unit (null: a count). */
export interface Measure {
  quantity: number;
  /** The upper end of a range ("3-4 cups"), else null. */
  quantityMax: number | null;
  unit: CanonicalUnit | null;
}

/** Why a line carries no amount to weigh. */
export type NoQuantityReason = 'to taste' | 'for serving' | 'optional' | 'as needed' | 'no amount';

export interface IngredientLine {
  kind: 'ingredient';
  /** The amount the line is about, with "plus" parts added into the first part's unit where they share a kind. */
  quantity: number | null;
  quantityMax: number | null;
  unit: CanonicalUnit | null;
  /** Each part of the amount as written ("1 cup plus 2 tablespoons": two parts); empty without a quantity. */
  parts: Measure[];
  /**
   * Other amounts the line gives for the same food: in parentheses ("1 cup (2 sticks)"), after a
   * slash ("225g/8oz"), or one container's content ("2 (14.5-ounce) cans": 14.5 oz, `each`).
   */
  alternates: Array<Measure & { each: boolean }>;
  size: Size | null;
  /** The size word as written when it is none of the four ("jumbo"), for choosing a household measure. */
  sizeWord: string | null;
  /** A counted piece that is no unit ("3 stalks celery": stalk), for choosing a household measure. */
  countNoun: string | null;
  /** The food's words ("unsalted butter"). */
  name: string;
  /** Preparation and notes ("softened", "to taste", "2 sticks"), or null. */
  comment: string | null;
  /** Set when the line has no amount to weigh (and so is left out of a recipe unless chosen). */
  noQuantity: NoQuantityReason | null;
  /** "optional" was said of a line that has an amount. */
  optional: boolean;
}

export interface SectionLine {
  kind: 'section';
  /** The header as a title: "For the icing". */
  title: string;
}

export type ReadLine = IngredientLine | SectionLine;
