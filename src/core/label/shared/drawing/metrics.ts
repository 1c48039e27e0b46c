// Type sizes and spaces every layout shares, in points (1 label unit = 1 pt).

/** Cap height and descender depth of Arimo, as fractions of the font size (for baseline placement). */
export const CAP = 0.716;
export const DESC = 0.212;

/** Statements printed under the table (ingredients, allergens). */
export const STATEMENT_SIZE = 8;

/** Outer margin so a half-point box stroke is not clipped at the drawing's edge. */
export const MARGIN = 1;
export const PAD = 5;
