// How common a library food is as the thing a baker means by its name (docs/api.md#search,
// "the common food first"). USDA describes foods as "<head>, <qualifier>, <qualifier>..." ("Wheat
// flour, white, all-purpose, enriched, bleached"; "Milk, whole, 3.25% milkfat"; "Leavening agents,
// baking soda"). A food's head noun is the last word of its head, after a USDA class prefix
// ("Leavening agents", "Spices", "Nuts") is set aside; its score counts the qualifiers that make it
// something other than the plain, common form: each word a baker would have to say to mean it
// ("rice" flour, "whipped" butter), three for a processing step (dried, canned, cooked), five for a
// part of the food sold apart (an egg's yolk), none for
// the words that go without saying (raw, fresh, a flour's "all-purpose", an egg's "whole").
// Computed once at import and stored with the row (migration 038); search ranks a query's head noun
// among the foods with that head, lowest score first. Branded, restaurant, baby and composite foods
// have no common form.
import { searchText } from '../../lib/text.js';

export interface CommonForm {
  /** The head noun, singular and lower-case ("flour", "milk", "egg", "soda"). */
  head: string;
  /** 0 for the plain common form; higher is further from it. */
  score: number;
}

/** USDA's class prefixes: the food is named by the next part ("Leavening agents, yeast, baker's"). */
export const CLASS_PREFIXES: ReadonlySet<string> = new Set([
  'leavening agents',
  'spices',
  'nuts',
  'seeds',
  'cereals',
  'beverages',
  'candies',
  'alcoholic beverage',
  'fish',
  'crustaceans',
  'mollusks',
  'sweeteners',
]);

/** Food groups (SR28 FD_GROUP / FDC food_category) of prepared dishes and branded products: no common form. */
const NO_COMMON_FORM_GROUPS = new Set(
  [
    'Baby Foods',
    'Fast Foods',
    'Restaurant Foods',
    'Meals, Entrees, and Side Dishes',
    'American Indian/Alaska Native Foods',
    'Soups, Sauces, and Gravies',
    'Snacks',
  ].map((g) => g.toLowerCase()),
);

/** Words that go without saying for any food. */
const ALWAYS_UNSAID = new Set([
  'raw',
  'fresh',
  'plain',
  'regular',
  'fluid',
  'commercial',
  'all',
  'varieties',
  'grade',
  'a',
  'large',
  'nfs',
]);

/**
 * The qualifiers a food's common form carries, by head noun: what a baker gets when asking for
 * "flour" (enriched bleached all-purpose wheat flour), "butter" (salted or unsalted, in sticks),
 * "eggs" (whole chicken eggs, shell, large). A documented choice of this service, one line a noun.
 */
const UNSAID_BY_HEAD: Readonly<Record<string, readonly string[]>> = {
  flour: ['wheat', 'white', 'all-purpose', 'all', 'purpose', 'enriched', 'bleached', 'unbleached'],
  milk: ['whole', 'with', 'added', 'vitamin', 'd'],
  egg: ['whole', 'egg', 'chicken', 'shell'],
  butter: ['salted', 'unsalted', 'with', 'without', 'salt', 'stick'],
  sugar: ['granulated', 'white'],
  salt: ['table', 'iodized'],
  yeast: ["baker's", 'bakers', 'active', 'dry'],
  cocoa: ['dry', 'powder', 'unsweetened'],
  chocolate: ['baking', 'unsweetened', 'semisweet', 'squares'],
  oat: ['whole', 'grain', 'rolled', 'old', 'fashioned', 'regular', 'and', 'quick', 'not', 'fortified', 'dry'],
  cheese: ['full', 'fat', 'block'],
  soda: ['baking'],
  cream: ['heavy', 'whipping'],
};

/** Processing steps (3 each): the food is not the raw commodity a baker buys by that name. */
const PROCESSED =
  /^(dried|dehydrated|frozen|canned|cooked|boiled|baked|fried|roasted|toasted|prepared|imitation|substitute|mix|reconstituted|condensed|evaporated|powdered|instant|microwaved|stewed|braised|smoked)$/;

/** Parts of a food sold apart (5 each): an egg's yolk or white is another ingredient than the egg. */
const PART_BY_HEAD: Readonly<Record<string, readonly string[]>> = {
  egg: ['yolk', 'yolks', 'white', 'whites'],
};

/** "sugars" -> "sugar", "oats" -> "oat", "molasses" stays. The same rule the search applies to a query's head. */
export function singularHead(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(word) || word === 'molasses') return word;
  if (/(ch|sh|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && word.length > 3) return word.slice(0, -1);
  return word;
}

/** Brand names are in capitals in SR28 ("Cereals ready-to-eat, QUAKER, ..."); a few capitalised codes are not brands. */
const isBranded = (description: string) =>
  description.split(/[\s,()/]+/).some((w) => /^[A-Z][A-Z'&.-]{2,}$/.test(w) && !/^(NFS|USDA|RTE|NS|UPC|NLEA)$/.test(w));

const tokens = (text: string) =>
  text
    .split(/[\s,()/]+/)
    .map((w) => w.trim())
    .filter((w) => w.length > 0);

/** A qualifier of a food's description and what saying it costs (0: goes without saying; 1 a plain qualifier; 3 processing; 5 a part). */
export interface QualifierCost {
  word: string;
  cost: number;
}

/**
 * The head noun of a description and the cost of each of its qualifiers, as commonForm scores them;
 * null for foods without a common form. Matching recipe lines (src/core/recipe-text) counts only the
 * qualifiers a line did not say.
 */
export function commonFormQualifiers(description: string, category: string | null): { head: string; qualifiers: QualifierCost[] } | null {
  if (category && NO_COMMON_FORM_GROUPS.has(category.toLowerCase())) return null;
  if (isBranded(description)) return null;
  let segments = searchText(description)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (segments.length > 1 && CLASS_PREFIXES.has(segments[0] ?? '')) segments = segments.slice(1);
  const [first] = segments;
  if (first === undefined) return null;
  const headWords = tokens(first);
  const last = headWords.at(-1);
  if (last === undefined) return null; // a first part of punctuation alone names no food
  const head = singularHead(last);
  // "3.25% milkfat", "70-85% cacao solids", "with added vitamin A and vitamin D", "includes ...": composition notes.
  const qualifiers = [
    ...headWords.slice(0, -1),
    ...segments.slice(1).flatMap((s) => (/%|^includes\b|^ns as to\b|^with added\b/.test(s) ? [] : tokens(s))),
  ];
  const unsaid = new Set(UNSAID_BY_HEAD[head] ?? []);
  const parts = new Set(PART_BY_HEAD[head] ?? []);
  return {
    head,
    qualifiers: qualifiers.map((word) => ({
      word,
      cost:
        ALWAYS_UNSAID.has(word) || unsaid.has(word) || singularHead(word) === head ? 0 : parts.has(word) ? 5 : PROCESSED.test(word) ? 3 : 1,
    })),
  };
}

export function commonForm(description: string, category: string | null): CommonForm | null {
  const read = commonFormQualifiers(description, category);
  if (!read) return null;
  return { head: read.head, score: read.qualifiers.reduce((sum, q) => sum + q.cost, 0) };
}
