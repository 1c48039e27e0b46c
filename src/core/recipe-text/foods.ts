// The foods a line may be matched to, as matching reads them: the public library held as an index of
// its words (built once per library version; services/recipe-text keeps it), and an account's own
// ingredients, read for each parse. Each food carries its words, its head nouns and what each of its
// other words costs a line that did not say it. Pure.
import { searchText } from '../../lib/text.js';
import { CLASS_PREFIXES, commonFormQualifiers } from '../usda/common-form.js';
import { buildUnitsAndGrams, type Portion } from '../units.js';
import { nameFoodWords, rewrite, singular } from './food-words.js';
import type { WeighableFood } from './grams.js';

/** What matching needs of an ingredient row. */
export interface FoodRow {
  id: number;
  name: string;
  source: string | null;
  /** The account's id for its own ingredients; null for the library. */
  account_id: number | null;
  category: string | null;
  portions: ReadonlyArray<Portion | null>;
  subrecipe: boolean;
}

export interface Qualifier {
  word: string;
  cost: number;
}

export interface Food extends WeighableFood {
  id: number;
  source: string | null;
  own: boolean;
  // Arrays, not sets: a food has a dozen words at most, and ~9,000 foods' sets held ~30 MB where arrays hold a third.
  /** The name's words, rewritten and singular (food-words.ts). */
  words: readonly string[];
  /** Head nouns with how surely each names the food: the last word of its first parts ("Soup, chicken broth": soup 1, broth 0.6). */
  heads: ReadonlyArray<readonly [string, number]>;
  /** Words the name denies ("no broth", "without salt"): held only for a line that denies them too. */
  negated: readonly string[];
  /** The name's words as one text, for "same name" (case and punctuation aside). */
  plainName: string;
  /** The words of the name other than its head that cost a line which did not say them, and what each costs. */
  costly: readonly Qualifier[];
  /** The name says raw, dry or dried (no canned food). */
  rawOrDry: boolean;
}

/** Words that say which form of a food, not which food: "ginger root", "basil leaves", "garlic powder". */
export const FORM_WORDS = new Set([
  'root',
  'leaf',
  'powder',
  'floret',
  'half',
  'piece',
  'chunk',
  'flake',
  'kernel',
  'seed',
  'stick',
  'crumb',
  'slice',
  'wedge',
  'morsel',
  'bit',
]);

const NEGATORS = new Set(['no', 'without', 'not', 'non', 'free']);

/**
 * First parts of USDA descriptions that name a class, not the food: "Soup, chicken broth", "Salad
 * dressing, mayonnaise", "Sauce, worcestershire" (beside common-form.ts's class prefixes).
 */
const CLASS_WORDS = new Set([
  ...CLASS_PREFIXES,
  'soup',
  'sauce',
  'salad dressing',
  'tomato products',
  'spices',
  'candies',
  'beverages',
  'syrups',
  'sweeteners',
  'leavening agents',
  'alcoholic beverage',
  'snacks',
  'cereals ready to eat',
]);

/** A part of a food sold or eaten apart, named alone in a part of the name ("Potatoes, raw, skin"). */
const PARTS = new Set(['skin', 'peel', 'seed', 'leaf', 'stem', 'top', 'hull', 'bran', 'germ', 'stalk', 'giblet', 'roe']);
/** Words that join others and say nothing themselves. */
const CONNECTORS = new Set([
  'made',
  'from',
  'with',
  'and',
  'or',
  'in',
  'of',
  'the',
  'a',
  'includes',
  'include',
  'type',
  'style',
  'all',
  'ns',
  'as',
  'to',
  'nfs',
]);

/** Words that make a food a variant a line must ask for: lighter, leaner, a substitute, a mix. */
const VARIANTS = new Set([
  'low',
  'lowfat',
  'reduced',
  'light',
  'lite',
  'nonfat',
  'fat',
  'skim',
  'diet',
  'substitute',
  'imitation',
  'meatless',
  'baby',
  'mix',
  'dry',
  'pie',
  'sodium',
  'calorie',
  'sugar',
  'sweetener',
  'sucralose',
  'flavored',
  'fortified',
  'seasoned',
  'instant',
  'drink',
  'beverage',
  'cocktail',
  'spread',
  'deli',
]);

/**
 * Qualifiers that go without saying in a recipe, by head noun, beyond the search's common forms
 * (src/core/usda/common-form.ts): the words USDA adds to the food a cook simply names.
 */
const RECIPE_UNSAID: Readonly<Record<string, readonly string[]>> = {
  tomato: ['red', 'ripe', 'year', 'round', 'average'],
  chicken: ['broiler', 'broilers', 'fryer', 'fryers', 'meat', 'only'],
  mushroom: ['white'],
  cucumber: ['peel'],
  raisin: ['seedless'],
  potato: ['flesh'],
  cornmeal: ['degermed', 'enriched', 'yellow'],
  rice: ['white', 'long', 'grain', 'enriched', 'regular'],
  bread: ['white', 'commercially', 'prepared', 'soft'],
  soup: ['ready', 'serve'],
  sauce: ['ready', 'serve'],
  broth: ['ready', 'serve'],
  powder: ['double', 'acting', 'sodium', 'aluminum', 'sulfate', 'straight', 'phosphate'],
  onion: ['yellow'],
  beef: ['ground', 'lean', 'meat'],
  bean: ['mature', 'seeds', 'seed'],
  chickpea: ['mature', 'seeds', 'seed', 'garbanzo', 'bean', 'bengal', 'gram'],
  cheese: ['whole', 'milk'],
  cream: ['fluid', 'cultured'],
  yogurt: ['whole', 'milk'],
  spinach: ['mature'],
  pepper: ['sweet'],
  oil: ['salad', 'cooking'],
  pasta: ['enriched'],
  squash: ['summer'],
  apple: ['with', 'skin'],
  carrot: ['mature'],
  lemon: ['without', 'peel'],
  garlic: ['raw'],
  almond: [],
  walnut: ['english'],
  coconut: ['meat'],
  milk: ['fluid'],
};

const segmentsOf = (name: string) =>
  searchText(name)
    .replace(/\([^)]*\)/g, ' ')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

// Parts of names repeat across the library ("raw", "without salt", "cooked, boiled"): their words are
// remembered (pure memo: same text, same words), which makes building the index ~4x faster.
const WORDS_MEMO = new Map<string, string[]>();
const WORDS_MEMO_LIMIT = 50_000;

function wordsOf(text: string, recipe: boolean): string[] {
  const key = `${recipe ? 'r' : 'l'}${text}`;
  let words = WORDS_MEMO.get(key);
  if (!words) {
    words = rewrite(text, recipe ? 'en' : null, recipe)
      .split(' ')
      .filter((w) => w.length > 0)
      .map(singular);
    if (WORDS_MEMO.size >= WORDS_MEMO_LIMIT) WORDS_MEMO.clear();
    WORDS_MEMO.set(key, words);
  }
  return words;
}

/**
 * Head nouns and how surely each names the food: the last word of the name's first part (after a
 * USDA class, which counts 0.8: "Sauce, worcestershire"), then of its next two parts (0.6, 0.5:
 * "Soup, beef broth or bouillon"), and the word before a form word ("Ginger root").
 */
function headsOf(name: string, recipe: boolean): Map<string, number> {
  let segments = segmentsOf(name);
  const heads = new Map<string, number>();
  const add = (w: string | undefined, weight: number) => {
    if (w !== undefined && !heads.has(w)) heads.set(w, weight);
  };
  const classWord = segments.length > 1 && CLASS_WORDS.has(segments[0] ?? '') ? segments[0] : undefined;
  if (classWord !== undefined) segments = segments.slice(1);
  [1, 0.6, 0.5].forEach((weight, i) => {
    const segment = segments[i];
    if (segment === undefined) return;
    for (const part of segment.split(/\s+or\s+/)) {
      const words = wordsOf(part, recipe);
      if (words.length === 0 || NEGATORS.has(words[0] ?? '')) continue;
      const last = words.at(-1);
      add(last, weight);
      if (last !== undefined && FORM_WORDS.has(last) && words.length > 1) add(words.at(-2), weight);
    }
  });
  if (classWord !== undefined) add(wordsOf(classWord, recipe).at(-1), 0.8);
  return heads;
}

/** Words after "no", "without", "not" in a part of the name. */
function negatedOf(name: string, recipe: boolean): Set<string> {
  const out = new Set<string>();
  for (const segment of segmentsOf(name)) {
    const words = wordsOf(segment, recipe);
    const at = words.findIndex((w) => NEGATORS.has(w) && w !== 'free');
    if (at >= 0) for (const w of words.slice(at + 1)) out.add(w);
  }
  return out;
}

function qualifiersOf(
  name: string,
  category: string | null,
  heads: Map<string, number>,
  negated: Set<string>,
  recipe: boolean,
): Qualifier[] {
  const common = recipe ? null : commonFormQualifiers(name, category);
  const [head] = heads.keys();
  const unsaid = new Set(RECIPE_UNSAID[head ?? ''] ?? []);
  const segments = segmentsOf(name);
  const classWord = segments.length > 1 && CLASS_WORDS.has(segments[0] ?? '');
  const firstSegment = wordsOf((classWord ? segments[1] : segments[0]) ?? '', recipe);
  const beforeHead = new Set(firstSegment.slice(0, -1));
  const classWords = new Set(classWord ? wordsOf(segments[0] ?? '', recipe) : []);
  const parts = new Set(
    segments
      .slice(1)
      .map((s) => wordsOf(s, recipe))
      .filter((w) => w.length === 1 && PARTS.has(w[0] ?? ''))
      .map((w) => w[0] as string),
  );
  const costs = new Map<string, number>();
  // The search's costs for the words it scores; words it leaves out (composition notes such as
  // "3.25% milkfat, with added vitamin D") cost nothing. An own ingredient's words cost one each.
  const base = common ? new Map(common.qualifiers.flatMap((q) => wordsOf(q.word, recipe).map((w) => [w, q.cost] as const))) : null;
  const deniesSaltOrSugar = [...negated].some((w) => w === 'salt' || w === 'sugar');
  for (const word of wordsOf(segments.join(', '), recipe)) {
    let cost = base ? (base.get(word) ?? 0) : 1;
    // The food's own head costs a line that names another ("Tomato powder" for "tomatoes", "Cocoa mix" for "cocoa").
    if (heads.get(word) === 1 || word === common?.head) cost = Math.max(cost, FORM_WORDS.has(word) || word === 'mix' ? 3 : 1);
    if (unsaid.has(word) || CONNECTORS.has(word) || negated.has(word) || classWords.has(word) || word === 'unprepared') cost = 0;
    else if (NEGATORS.has(word)) cost = deniesSaltOrSugar ? 3 : 1;
    else if (parts.has(word)) cost = 5;
    else if (cost > 0) {
      if (VARIANTS.has(word)) cost = Math.max(cost, 3);
      // A word before the head in the name's first part makes another food: "sweet potato", "turkey bacon".
      if (beforeHead.has(word)) cost += 2;
    }
    costs.set(word, Math.max(costs.get(word) ?? 0, cost));
  }
  const qualifiers = [...costs].map(([word, cost]) => ({ word, cost }));
  // A branded or composite food (no common form) is no plain food a recipe names.
  if (!recipe && !common) qualifiers.push({ word: '', cost: 3 });
  return qualifiers;
}

const NONE: readonly string[] = Object.freeze([]);

/** How surely a word names the food as its head (undefined: it is no head of it). */
export function headWeight(food: Food, word: string): number | undefined {
  for (const [head, weight] of food.heads) if (head === word) return weight;
  return undefined;
}

export function foodOf(row: FoodRow): Food {
  const portions = row.portions.filter((p): p is Portion => p !== null);
  const own = row.account_id !== null;
  const heads = headsOf(row.name, own);
  const negated = negatedOf(row.name, own);
  const words = nameFoodWords(row.name, own);
  const qualifiers = qualifiersOf(row.name, row.category, heads, negated, own);
  let table: Record<string, number> | undefined;
  return {
    id: row.id,
    name: row.name,
    source: row.source,
    own,
    portions,
    // Built when first weighed: most foods of the library are never candidates.
    get unitsAndGrams() {
      table ??= buildUnitsAndGrams(portions);
      return table;
    },
    head: heads.keys().next().value ?? null,
    heads: [...heads],
    words,
    negated: negated.size === 0 ? NONE : [...negated],
    costly: qualifiers.filter((q) => q.cost > 0),
    rawOrDry: words.includes('raw') || words.includes('dry') || words.includes('dried'),
    plainName: words.join(' '),
  };
}

/** The public library as an index of its words: which foods hold each word, and how common each word is. */
export class LibraryIndex {
  readonly foods: readonly Food[];
  private readonly postings = new Map<string, number[]>();
  private readonly headPostings = new Map<string, number[]>();

  /** The index of foods already read (buildLibraryIndex reads rows without holding the event loop). */
  constructor(foods: readonly Food[]) {
    this.foods = foods;
    // The memo served the build; held on, it would keep ~30,000 parts of names for nothing.
    WORDS_MEMO.clear();
    const post = (map: Map<string, number[]>, word: string, i: number) => {
      let list = map.get(word);
      if (!list) map.set(word, (list = []));
      list.push(i);
    };
    this.foods.forEach((food, i) => {
      for (const word of food.words) post(this.postings, word, i);
      for (const [head] of food.heads) post(this.headPostings, head, i);
    });
  }

  /** The foods that have the word as a head noun (of any part of the name). */
  headedBy(words: readonly string[]): Food[] {
    const seen = new Set<number>();
    for (const word of words) for (const i of this.headPostings.get(word) ?? []) seen.add(i);
    return [...seen].map((i) => this.foods[i] as Food);
  }

  get size(): number {
    return this.foods.length;
  }

  /** How many foods hold the word. */
  frequency(word: string): number {
    return this.postings.get(word)?.length ?? 0;
  }

  /** The foods holding any of the words. */
  holding(words: readonly string[]): Food[] {
    const seen = new Set<number>();
    for (const word of words) for (const i of this.postings.get(word) ?? []) seen.add(i);
    return [...seen].map((i) => this.foods[i] as Food);
  }
}

/** The library's rows as an index, read in slices with a pause between them (the caller's event loop stays free). */
export async function buildLibraryIndex(rows: readonly FoodRow[], pause: () => Promise<void>, slice = 400): Promise<LibraryIndex> {
  const foods: Food[] = [];
  for (let i = 0; i < rows.length; i += slice) {
    for (const row of rows.slice(i, i + slice)) foods.push(foodOf(row));
    await pause();
  }
  return new LibraryIndex(foods);
}
