// Sugars-based ingredients (FDR B.01.001(1)): (a) an ingredient that is a monosaccharide or a
// disaccharide or a combination of them, (b) a sweetening agent, (c) an ingredient that contains sugars
// and is added as a functional substitute for a sweetening agent. A Canadian list of ingredients groups
// them after "Sugars" / "Sucres" (B.01.008.3; src/core/recipe/statement.ts).
//
// An ingredient says so with `sugars_based`; when it does not (null), its name decides: the words below
// are those of the CFIA's "Examples of sugars-based ingredients that require grouping" (List of
// ingredients and allergens on food labels, Annex 1 A and B): sugars, syrups, honey, molasses and the
// named mono- and disaccharides. Functional substitutes (Annex 1 C: fruit juice, condensed milk, ...)
// are not inferred: whether one replaces a sweetener depends on the recipe, so the account sets
// `sugars_based: true` on them. Sugar alcohols and high-intensity sweeteners are never sugars-based.
// docs/labeling.md#canada-sugars-grouped.
import type { Ingredient } from '../../ingredient.js';

/** English head nouns: the last word of a name's first comma part ("brown sugar", "Sugars, brown"). */
const ENGLISH_HEADS = new Set([
  'sugar',
  'sugars',
  'syrup',
  'syrups',
  'honey',
  'molasses',
  'dextrose',
  'glucose',
  'fructose',
  'sucrose',
  'saccharose',
  'lactose',
  'maltose',
  'galactose',
  'isomaltose',
  'isomaltulose',
  'glucose-fructose',
  'panocha',
]);

/** French head nouns: the first word ("sucre glace", "sirop d'érable", "cassonade"). */
const FRENCH_HEADS = new Set(['sucre', 'sucres', 'sirop', 'sirops', 'miel', 'melasse', 'cassonade', 'saccharose']);

/** Whole names of Annex 1 whose head noun is not one of the above. */
const WHOLE_NAMES = new Set([
  'corn sweetener',
  'corn syrup solids',
  'glucose solids',
  'glucose solid',
  'fructose solids',
  'oat syrup solids',
  'cane juice',
  'cane juice crystals',
  'dehydrated cane juice',
  'evaporated cane juice',
  'maple water',
  'concentrated maple water',
  'malted barley extract',
  'barley malt',
]);

/** A name with any of these words is a sweetener's substitute or a food free of sugar, never sugars-based. */
const NOT_SUGARS = new Set(['free', 'sugarless', 'substitute', 'substitutes', 'alcohol', 'alcohols', 'sans', 'artificial', 'unsweetened']);

const words = (text: string): string[] =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9,'\- ]+/g, ' ')
    .split(/[\s']+/)
    .filter((w) => w !== '');

// Statements are built on every recipe read, and the same names recur: remember the answers (a pure
// memo: same name, same answer), bounded so that a library of thousands of names cannot grow it forever.
const BY_NAME = new Map<string, boolean>();
const BY_NAME_LIMIT = 5000;

/** Whether a name (English or French) names a sugars-based ingredient by the rule above. */
export function nameIsSugarsBased(name: string | null | undefined): boolean {
  if (!name) return false;
  let answer = BY_NAME.get(name);
  if (answer === undefined) {
    answer = judgeName(name);
    if (BY_NAME.size >= BY_NAME_LIMIT) {
      const oldest = BY_NAME.keys().next();
      if (!oldest.done) BY_NAME.delete(oldest.value);
    }
    BY_NAME.set(name, answer);
  }
  return answer;
}

/** Every name the lists above hold, each sugars-based on its own (the unit tests judge each). */
export const SUGARS_BASED_NAMES: readonly string[] = [...ENGLISH_HEADS, ...FRENCH_HEADS, ...WHOLE_NAMES];

/**
 * Every word that can make a name sugars-based above holds one of these (the "-ose" sugars, the heads,
 * the whole names' key words). A name in plain ASCII without any of them is not sugars-based, and is
 * answered without the Unicode folding and word splitting below (most names, on every ingredient read).
 */
const MAY_BE_SUGARS = /sugar|syrup|honey|molasses|ose|panocha|sweetener|cane|maple|malt|sucre|sirop|miel|melasse|cassonade/i;
const ASCII = /^[\x20-\x7e]*$/;

function judgeName(name: string): boolean {
  if (ASCII.test(name) && !MAY_BE_SUGARS.test(name)) return false;
  const firstPart = words(name.split(',')[0] ?? '').map((w) => w.replace(/,/g, ''));
  const [first] = firstPart;
  if (first === undefined) return false;
  const all = words(name.replace(/,/g, ' ')).flatMap((w) => w.split('-'));
  if (all.some((w) => NOT_SUGARS.has(w))) return false;
  return WHOLE_NAMES.has(firstPart.join(' ')) || ENGLISH_HEADS.has(firstPart.at(-1) ?? first) || FRENCH_HEADS.has(first);
}

/**
 * The ingredient's own `sugars_based` when set, else the name rule. A subrecipe and a non-food item are
 * never inferred: a subrecipe's statement groups its own sugars (its components stay in its parentheses).
 */
export function isSugarsBased(ingredient: Pick<Ingredient, 'sugars_based' | 'name' | 'name_fr' | 'subrecipe' | 'food'>): boolean {
  if (ingredient.sugars_based !== null) return ingredient.sugars_based;
  if (ingredient.subrecipe || !ingredient.food) return false;
  return nameIsSugarsBased(ingredient.name) || nameIsSugarsBased(ingredient.name_fr);
}
