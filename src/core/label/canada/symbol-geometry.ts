// Geometry of the front-of-package nutrition symbol ("High in" / "Élevé en"), in points.
//
// Sources (docs/labeling.md#canada-front-of-pack):
// - FDR Schedule K.1 ("Nutrition Symbols and Formats", referred to by B.01.350(1) and B.01.351(1)):
//   the figures 1(EH)-7(EH), 1(EV)-7(EV), 1(BH)-7(BH) and 1(BV)-7(BV) fix the layout drawn here.
//   Horizontal (EH, FH, BH): heading at the top; under it a left-justified magnifying glass with the
//   three bars stacked to its right, their left ends a concave curve following the lens with white
//   space between; "Health Canada" / "Santé Canada" centred at the bottom. Vertical (EV, FV, BV):
//   the magnifying glass at the top left with the heading to its right, the bars stacked under
//   both, white space at both ends. Bilingual: English first, the two wordings joined by " / "
//   (horizontal) or stacked (vertical). Black on white in a thin black outline (B.01.351(1)).
// - Versions 1 to 7 of Schedule K.1 (principal display surface > 30 cm², table to B.01.352) always
//   show the three bars in the regulation's order (saturated fat, sugars, sodium); a nutrient that
//   is not high is a white bar in a thin black outline, with no words.
// - Directory of Nutrition Symbol Specifications (incorporated by B.01.352(3); its draft, 2018, was
//   called the "Directory of Nutrition Symbol Formats"): its tables give, per range of principal
//   display surface, the symbol's minimum size (column 3) and its buffer (column 4, B.01.355(2)).
//   Those sizes depend on the package, which a recipe does not know, so they are not encoded: the
//   symbol is drawn at the base size below, which is enlarged or reduced only as a whole
//   (B.01.352(4): proportional enlargement vertically and horizontally); the printer sizes it for
//   the package. The proportions here are ours, set so each variant matches its Schedule K.1
//   figure's layout; they are not the Directory's dimension tables, which we could not consult.

export type SymbolOrientation = 'horizontal' | 'vertical';

export interface SymbolGeometry {
  /** White space between the outline and the content, and between content blocks. */
  padding: number;
  /** The thin black outline of the box and of empty bars. */
  outline: number;
  /** "High in" / "Élevé en": bold. */
  headingSize: number;
  /** Words on the bars: bold, white on black. */
  barTextSize: number;
  /** Height of one bar, and of one extra line of a stacked bilingual bar. */
  barHeight: number;
  extraLineHeight: number;
  /** White space between stacked bars. */
  barGap: number;
  /** From the bar's left end (the lens curve on horizontal symbols) to its words, and after them. */
  barTextInset: number;
  /** "Health Canada" / "Santé Canada": regular. */
  footerSize: number;
  /** Magnifying glass: outer radius of the lens ring, ring weight, handle length beyond the ring and weight. */
  lensRadius: number;
  lensRing: number;
  handleLength: number;
  handleWeight: number;
  /** White space between the lens and the bars' concave ends (horizontal) or the heading (vertical). */
  lensGap: number;
}

export const SYMBOL_GEOMETRY: Record<SymbolOrientation, SymbolGeometry> = {
  // Schedule K.1 figures 1(EH)-7(EH), 1(FH)-7(FH), 1(BH)-7(BH): a lens about as tall as the bar stack.
  horizontal: {
    padding: 4,
    outline: 0.75,
    headingSize: 14,
    barTextSize: 11,
    barHeight: 13,
    extraLineHeight: 11,
    barGap: 2,
    barTextInset: 4,
    footerSize: 7,
    lensRadius: 19,
    lensRing: 5.5,
    handleLength: 11,
    handleWeight: 7,
    lensGap: 2.5,
  },
  // Schedule K.1 figures 1(EV)-7(EV), 1(FV)-7(FV), 1(BV)-7(BV): a small lens beside the heading, full-width bars.
  vertical: {
    padding: 4,
    outline: 0.75,
    headingSize: 13,
    barTextSize: 11,
    barHeight: 17,
    extraLineHeight: 11,
    barGap: 2,
    barTextInset: 4,
    footerSize: 7,
    lensRadius: 9,
    lensRing: 3,
    handleLength: 6,
    handleWeight: 4,
    lensGap: 3,
  },
};
