// Added sugars of a public-library sweetener. FDC has no added-sugars values for these foods, yet a
// sugar, syrup, honey or molasses used as an ingredient is added sugar (21 CFR 101.9(c)(6)(iii): "sugars
// that are either added during the processing of foods, or are packaged as such, and include sugars
// (free, mono- and disaccharides), sugars from syrups and honey..."). So their added sugars equal their
// total sugars. Other foods keep added sugars unknown: FDC cannot tell which of their sugars were added.
import type { NutrientValues } from '../nutrients.js';

// The food is the sweetener itself: FDC names it first ("Sugars, granulated", "Syrups, maple",
// "Honey", "Molasses"). "Sugar-free" foods and foods merely sweetened with one do not qualify.
const SWEETENER = /^(sugars?|syrups?|honey|molasses|sweeteners?)(,|$)/;

export function isSweetener(description: string): boolean {
  return SWEETENER.test(description.trim().toLowerCase());
}

/** Sets added_sugar from sugar for a sweetener; says why when it cannot (total sugars unknown). */
export function sweetenerAddedSugars(description: string, nutrients: NutrientValues): { set: boolean; flag: string | null } {
  if (!isSweetener(description) || nutrients.added_sugar !== undefined) return { set: false, flag: null };
  if (nutrients.sugar === undefined) return { set: false, flag: 'sweetener without a total sugars value: added sugars unknown' };
  nutrients.added_sugar = nutrients.sugar;
  return { set: true, flag: null };
}
