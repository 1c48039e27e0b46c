// Values a library food's nature fixes at zero where USDA leaves them blank (docs/labeling.md "Zero by
// nature"). Unknown is never zero (docs/api.md#trust-and-completeness), except here, each rule with its reason, and each
// value so set named on the ingredient (`nutrients_inferred: {"cholesterol": "plant food"}`):
// - cholesterol 0 in foods of plant origin: cholesterol is a sterol only animals make (plants make
//   phytosterols, which 21 CFR 101.9(c)(3) does not count as cholesterol). Plant foods are those of
//   USDA's plant food groups (the same names in SR28's FD_GROUP and FDC's food_category), and fats and
//   oils pressed from plants; a food whose description names an animal ingredient (the importer's
//   milk, egg, fish and shellfish allergens, or meat words) is not one.
// - added sugars 0 in single-ingredient raw commodities other than sugars and syrups: added sugars are
//   sugars added during processing or packaged as such (21 CFR 101.9(c)(6)(iii)); a food that is only
//   itself, unprocessed, has none added. Sweeteners carry added sugars equal to their sugars instead
//   (added-sugars.ts).
// - trans fat 0 in foods without fat: trans fatty acids are part of total fat (21 CFR 101.9(c)(2)(ii)),
//   so a food whose total fat is a known 0 has none.
// Never energy: a blank calorie is computed by docs/api.md#public-library's order or stays unknown.
import type { NutrientValues } from '../nutrients.js';
import type { AllergenMap } from '../allergens/values.js';
import { isSweetener } from './added-sugars.js';

export const ZERO_BY_NATURE_REASONS = {
  cholesterol: 'plant food',
  added_sugar: 'single-ingredient food',
  fat_trans: 'no fat',
} as const;

export type InferredNutrients = Record<string, string>;

/** USDA food groups of plant foods (SR28 FD_GROUP descriptions; FDC food_category uses the same names). */
const PLANT_GROUPS = new Set(
  [
    'Spices and Herbs',
    'Fruits and Fruit Juices',
    'Vegetables and Vegetable Products',
    'Nut and Seed Products',
    'Legumes and Legume Products',
    'Cereal Grains and Pasta',
  ].map((g) => g.toLowerCase()),
);

const FATS_AND_OILS = 'fats and oils';
/** Oils pressed from plants: "Oil, canola", "Vegetable oil, palm kernel", "Olive oil"; not fish or animal fats. */
const PLANT_OIL = /^(oil|vegetable oil|[a-z -]+ oil)\b/;
const ANIMAL_WORDS =
  /\b(beef|pork|lamb|veal|chicken|turkey|duck|goose|meat|meats|bacon|ham|sausage|lard|tallow|suet|gelatin|fish|cod liver|anchov|herring|salmon|sardine|menhaden|whale|seal|shark|animal|ghee|butter|cream|milk|cheese|egg|eggs|honey|mutton)\b/;
const ANIMAL_ALLERGENS = ['milk', 'egg', 'fish', 'crustacean_shellfish', 'mollusc'];

/** Groups of single-ingredient commodities, and the descriptions that are such a commodity there. */
const COMMODITY_GROUPS = new Set(
  [
    'Fruits and Fruit Juices',
    'Vegetables and Vegetable Products',
    'Nut and Seed Products',
    'Legumes and Legume Products',
    'Cereal Grains and Pasta',
    'Spices and Herbs',
    'Fats and Oils',
  ].map((g) => g.toLowerCase()),
);
/** In the dairy and egg group only plain milk, cream, butter and eggs are one ingredient. */
const DAIRY_COMMODITY =
  /^(milk, (whole|reduced fat|lowfat|nonfat|fluid)|cream, (fluid|heavy|light|half)|butter, (salted|without salt|stick)|eggs?, )/;
const DAIRY_GROUP = 'dairy and egg products';
/** Words of a food that is more than one ingredient, or processed with others. */
const NOT_ONE_INGREDIENT =
  /\b(sweetened|sugar|sugars|syrup|syrups|honey|candied|glazed|frosted|prepared|mix|mixes|with|and|sauce|juice|drink|beverage|nectar|flavored|chocolate|dessert|jam|jelly|preserves|pie|cake|cookie|bread|ready-to-eat|babyfood|breaded|batter|dressing|seasoned|spread|topping|condensed|imitation|substitute|pudding|filling|canned|pickled|cocktail|margarine|shortening|blend|blended|dried|dehydrated|extract|flavor|flavoring)\b/;

/** "with" phrases that add no other ingredient: salt said present or absent, the skin, added vitamins. */
const NOT_ANOTHER_INGREDIENT = /\bwith(out)? (salt( added)?|skin)\b|\bwith added (vitamins?|calcium)[^,]*/g;

export interface NatureInput {
  description: string;
  category: string | null;
  /** Allergens the importer inferred: milk, egg, fish and shellfish say the food is not of plant origin. */
  allergens: AllergenMap;
}

const lower = (text: string | null) => (text ?? '').trim().toLowerCase();

export function isPlantFood(food: NatureInput): boolean {
  const group = lower(food.category);
  const description = lower(food.description);
  if (ANIMAL_ALLERGENS.some((a) => a in food.allergens) || ANIMAL_WORDS.test(description)) return false;
  if (PLANT_GROUPS.has(group)) return true;
  return group === FATS_AND_OILS && PLANT_OIL.test(description);
}

export function isSingleIngredientCommodity(food: NatureInput): boolean {
  const group = lower(food.category);
  const description = lower(food.description);
  if (isSweetener(description) || NOT_ONE_INGREDIENT.test(description.replace(NOT_ANOTHER_INGREDIENT, ''))) return false;
  if (group === DAIRY_GROUP) return DAIRY_COMMODITY.test(description);
  if (group === FATS_AND_OILS) return isPlantFood(food) || /^butter, /.test(description);
  return COMMODITY_GROUPS.has(group);
}

/**
 * Sets the zero-by-nature values the source left blank (never one it gave), and returns what it set
 * with the reason for each.
 */
export function applyZeroByNature(food: NatureInput, nutrients: NutrientValues): InferredNutrients {
  const inferred: InferredNutrients = {};
  if (nutrients.cholesterol === undefined && isPlantFood(food)) {
    nutrients.cholesterol = 0;
    inferred.cholesterol = ZERO_BY_NATURE_REASONS.cholesterol;
  }
  if (nutrients.added_sugar === undefined && isSingleIngredientCommodity(food)) {
    nutrients.added_sugar = 0;
    inferred.added_sugar = ZERO_BY_NATURE_REASONS.added_sugar;
  }
  if (nutrients.fat_trans === undefined && nutrients.fat === 0) {
    nutrients.fat_trans = 0;
    inferred.fat_trans = ZERO_BY_NATURE_REASONS.fat_trans;
  }
  return inferred;
}
