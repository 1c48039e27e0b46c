// Type sizes and rule weights shared by the layouts, in points (1 SVG unit = 1 pt).

// 21 CFR 101.9(d) (docs/labeling.md#us-label-content): "Calories" >= 16 pt, numeral >= 22 pt, servings lines
// >= 10 pt, nutrient rows >= 8 pt, footnote >= 6 pt; 7 pt section bars, 3 pt bar under Calories,
// 1/4 pt hairlines, 1/2 pt box.
export const FDA = {
  titleMax: 30,
  servings: 10,
  calories: 16,
  caloriesNumeral: 22,
  row: 8,
  footnote: 7,
  thickBar: 7,
  mediumBar: 3,
  hairline: 0.25,
  box: 0.5,
  /** Indent per level (101.9(d)(7) sub-components are indented under their parent). */
  indent: 9,
  rowHeight: 11,
} as const;

// Health Canada Directory of NFt formats (docs/labeling.md#canada-layout): one sans-serif font, black on white,
// thin rules between rows, thick rules under the Calories line and before the minerals block.
export const CA = {
  title: 13,
  serving: 8,
  calories: 11,
  row: 8,
  footnote: 7,
  thickBar: 2.5,
  hairline: 0.5,
  box: 0.75,
  indent: 8,
  rowHeight: 11,
} as const;

/** Cap height and descender depth of Arimo, as fractions of the font size (for baseline placement). */
export const CAP = 0.716;
export const DESC = 0.212;

/** Statements printed under the table (ingredients, allergens). */
export const STATEMENT_SIZE = 8;

/** Outer margin so a half-point box stroke is not clipped at the SVG edge. */
export const MARGIN = 1;
export const PAD = 5;
