// Matching a read line to a food (docs/api.md#recipe-text-matching): the account's own ingredients first
// (the same name, case and punctuation aside, wins outright; one holding every food word ranks
// before the library), then the public library by a score of four parts:
//   - coverage: how much of the line's food words the food's name holds, each word weighted by how
//     rare it is in the library ("unsalted" says more than "butter"; "of" nothing);
//   - head: whether the food is the line's head noun ("flour" in "all-purpose flour") or only holds it;
//   - plainness: the qualifiers of the food the line did not say, costed as the search's common-food
//     ranking costs them (src/core/usda/common-form.ts: a processing step 3, a part of the food 5, the
//     words that go without saying nothing);
//   - weighing: whether the food's household measures weigh the line's amount (its own measure of the
//     unit, its density, or none).
// A line is matched when its best food is clearly ahead, ambiguous when another differs little (the
// best is still the match), unmatched when no food scores enough or none can be weighed. Pure.
import { FORM_WORDS, type Food, headWeight, type LibraryIndex } from './foods.js';
import { lineFoodWords, plainWords } from './food-words.js';
import { type LineWarning, weigh, type Weighed } from './grams.js';
import type { IngredientLine } from './types.js';
import type { RecipeLanguage } from './units.js';

export interface Candidate {
  food: Food;
  /** 0-1 (an own ingredient of the same name scores above 1: it wins outright). */
  score: number;
  coverage: number;
  weighed: Weighed | null;
}

export type MatchStatus = 'matched' | 'ambiguous' | 'unmatched' | 'no_quantity';

export interface LineMatching {
  status: MatchStatus;
  /** The food offered as the line's match: the best candidate (also when it cannot weigh the line: then the line is unmatched). */
  best: Candidate | null;
  /** Up to four more. */
  alternatives: Candidate[];
  confidence: number;
  warnings: LineWarning[];
}

const MAX_ALTERNATIVES = 4;
/** Below this score no food is offered as the line's match. */
const MATCH_FLOOR = 0.5;
/** Scores closer than this make a line ambiguous. */
const CLOSE = 0.035;
/** Candidates weighed and scored in full, from the best of the quick scores. */
const WEIGHED_CANDIDATES = 16;
/** A line word held by at most this many library foods brings them all into the candidates. */
const RARE_POOL = 400;
/** A line word at least this telling that the best food lacks makes the line unmatched ("Dijon" mustard is no mustard oil). */
const TELLING = 0.7;
/** ... and one at least this telling makes it ambiguous. */
const NOTABLE = 0.55;

interface LineWords {
  food: string[];
  /** Head nouns of the line: its last food word, and the word before a form word ("basil leaves"). */
  heads: string[];
  /** Every word of the line (comment, size, unit), for measures and for qualifiers the line did say. */
  said: Set<string>;
  /** The line says the food is fresh ("minced ginger", "fresh basil"): dried and ground forms cost more. */
  fresh: boolean;
}

/** Words a unit lends the food: "2 cans tomatoes" are canned tomatoes. */
const UNIT_HINTS: Partial<Record<string, string[]>> = { can: ['canned'], package: ['package'], stick: ['stick'] };
/** Words that describe a food's state or cut, never which food it is: a food lacking one is still that food. */
const DESCRIPTIVE = new Set(
  'smoked roasted toasted dried dry crushed ground whole wide thin thick mashed shredded grated sliced chopped diced minced packed sifted cooked raw frozen canned drained peeled seeded pitted halved baby plain natural unsweetened sweetened salted lean extra virgin fine coarse granulated firm soft hard fat low reduced light dark regular quick instant fresh ripe large small medium spring'.split(
    ' ',
  ),
);
const FRESH_WORDS = ['fresh', 'minced', 'grated', 'chopped', 'sliced', 'diced', 'peeled', 'crushed', 'torn', 'julienned'];
const PRESERVED = new Set(['ground', 'dried', 'dehydrated', 'powder', 'powdered', 'dry']);

/** A food is named in a few words; a line's words past these are no food's name (and cost every candidate a look). */
const MAX_FOOD_WORDS = 12;

export function lineWords(line: IngredientLine, language: RecipeLanguage): LineWords {
  const food = lineFoodWords(line.name.slice(0, 200), language).slice(0, MAX_FOOD_WORDS);
  const said = new Set([
    ...food,
    ...plainWords(line.name.slice(0, 200)),
    ...(line.comment ? plainWords(line.comment.slice(0, 200)) : []),
    ...(line.size ? plainWords(line.size) : []),
    ...(line.sizeWord ? [line.sizeWord] : []),
    ...(line.unit ? (UNIT_HINTS[line.unit] ?? []) : []),
  ]);
  const last = food.at(-1);
  const heads = last === undefined ? [] : [last];
  if (last !== undefined && FORM_WORDS.has(last) && food.length > 1) heads.push(food.at(-2) as string);
  return { food, heads, said, fresh: FRESH_WORDS.some((w) => said.has(w)) && !said.has('dried') && !said.has('ground') };
}

/** How much a word says about which food is meant, from how many library foods hold it. */
export function weightOf(index: LibraryIndex, word: string): number {
  const n = index.size;
  const df = index.frequency(word);
  if (n === 0 || df === 0) return 1;
  return Math.min(1, Math.max(0.2, Math.log((n + 1) / (df + 1)) / Math.log(n + 1) + 0.15));
}

interface Scored {
  score: number;
  coverage: number;
}

/** What scoring a line against many foods reads again and again: each food word's weight, and whether the line denies anything. */
interface LineWeights {
  weights: Array<[string, number]>;
  total: number;
  denies: boolean;
}

function lineWeights(words: LineWords, index: LibraryIndex): LineWeights {
  const weights = words.food.map((word) => [word, weightOf(index, word) * (words.heads.includes(word) ? 1.5 : 1)] as [string, number]);
  return {
    weights,
    total: weights.reduce((sum, [, w]) => sum + w, 0),
    denies: words.said.has('without') || words.said.has('no') || words.said.has('free'),
  };
}

/** The score without weighing (weighing assumed possible), and the coverage. */
function quickScore(food: Food, words: LineWords, lw: LineWeights): Scored {
  let held = 0;
  for (const [word, weight] of lw.weights) {
    if (food.words.includes(word) && (lw.denies || !food.negated.includes(word))) held += weight;
  }
  const coverage = lw.total === 0 ? 0 : held / lw.total;
  if (coverage === 0) return { score: 0, coverage };
  let head = 0;
  for (const h of words.heads) {
    const sure = headWeight(food, h);
    head = Math.max(head, sure !== undefined ? sure : food.words.includes(h) && !food.negated.includes(h) ? 0.5 : 0);
  }
  let unsaid = 0;
  let saidExtra = 0;
  for (const q of food.costly) {
    if (q.word !== '' && (words.said.has(q.word) || words.food.includes(q.word))) {
      if (q.cost > 0 && !words.food.includes(q.word)) saidExtra++;
      continue;
    }
    unsaid += q.cost + (words.fresh && PRESERVED.has(q.word) ? 2 : 0);
  }
  // Canned is no raw or dried food: "2 cans chickpeas" are not dry chickpeas.
  if (food.rawOrDry && words.said.has('canned') && !food.words.includes('canned')) unsaid += 3;
  const plainness = 1 / (1 + unsaid / 4);
  // A food with household measures is likelier to be the one a recipe weighs (the quick score's tie-break).
  const measured = food.portions.length > 0 ? 0.005 : 0;
  const score = 0.5 * coverage + 0.2 * head + 0.2 * plainness + 0.1 + Math.min(0.06, 0.03 * saidExtra) + measured;
  return { score, coverage };
}

/** The full score: the quick one with weighing counted (its own measure, its density, or none). */
function fullScore(quick: Scored, line: IngredientLine, weighed: Weighed | null): number {
  if (line.quantity === null) return quick.score;
  if (weighed === null) return (quick.score - 0.1) * 0.85;
  return weighed.native ? quick.score : quick.score - 0.02;
}

/** Whether two close foods are one food for a baker: the same head, and neither adds an unsaid qualifier that counts. */
function sameFood(a: Food, b: Food, words: LineWords): boolean {
  if (a.head === null || a.head !== b.head) return false;
  const unsaid = (f: Food) => f.costly.filter((q) => !words.said.has(q.word)).length;
  return unsaid(a) <= 1 && unsaid(b) <= 1;
}

function candidatesOf(
  foods: Iterable<Food>,
  words: LineWords,
  index: LibraryIndex,
  line: IngredientLine,
  o: { language: RecipeLanguage },
): Candidate[] {
  const quick: Array<{ food: Food; s: Scored }> = [];
  const lw = lineWeights(words, index);
  for (const food of foods) {
    const s = quickScore(food, words, lw);
    if (s.coverage > 0) quick.push({ food, s });
  }
  quick.sort((a, b) => b.s.score - a.s.score || a.food.name.length - b.food.name.length);
  return quick.slice(0, WEIGHED_CANDIDATES).map(({ food, s }) => {
    const weighed = weigh(food, line, { language: o.language, said: words.said });
    return { food, score: fullScore(s, line, weighed), coverage: s.coverage, weighed };
  });
}

const byScore = (a: Candidate, b: Candidate) => b.score - a.score || a.food.name.length - b.food.name.length || a.food.id - b.food.id;

/**
 * Matches one line against the account's own foods (`own`, the ones the parse read for its words)
 * and the library index.
 */
export function matchLine(line: IngredientLine, own: readonly Food[], index: LibraryIndex, language: RecipeLanguage): LineMatching {
  const words = lineWords(line, language);
  const warnings: LineWarning[] = [];
  if (words.food.length === 0) {
    return { status: line.quantity === null ? 'no_quantity' : 'unmatched', best: null, alternatives: [], confidence: 0, warnings };
  }
  // 1. The account's own ingredient of the same name wins outright; one holding every food word comes before the library.
  const plain = words.food.join(' ');
  const ownCandidates = candidatesOf(own, words, index, line, { language });
  for (const c of ownCandidates) {
    if (c.food.plainName === plain || lineFoodWords(c.food.name, language).join(' ') === plain) c.score = Math.max(c.score, 0.99) + 1;
    else if (c.coverage >= 0.999) c.score += 0.5;
  }
  // 2. The library: foods headed by the line's head noun, and those holding its rarer words.
  const rare = [...words.food].sort((a, b) => index.frequency(a) - index.frequency(b));
  const pool = new Set(index.headedBy(words.heads));
  for (const [i, word] of rare.slice(0, 2).entries()) {
    if (index.frequency(word) <= (i === 0 ? RARE_POOL : RARE_POOL / 4)) for (const food of index.holding([word])) pool.add(food);
  }
  if (pool.size === 0) for (const food of index.holding(words.heads)) pool.add(food);
  const libraryCandidates = candidatesOf(pool, words, index, line, { language });
  const ranked = [...ownCandidates, ...libraryCandidates].sort(byScore);
  const [top, second] = ranked;
  const noQuantity = line.quantity === null;
  if (!top || top.score < MATCH_FLOOR || top.coverage < 0.34 || (!noQuantity && top.weighed === null)) {
    const offered = top && top.score >= MATCH_FLOOR && top.coverage >= 0.34;
    if (!noQuantity && offered && top.weighed === null) {
      warnings.push({
        code: 'no_measure',
        message: `${top.food.name} has no measure to weigh ${line.unit ? `"${line.unit}"` : 'a count'} by: choose it with grams, or with a unit it has.`,
      });
    }
    return {
      status: noQuantity ? 'no_quantity' : 'unmatched',
      best: offered ? top : null,
      alternatives: ranked.slice(offered ? 1 : 0, (offered ? 1 : 0) + MAX_ALTERNATIVES),
      confidence: 0,
      warnings,
    };
  }
  // A telling word of the line the food lacks: the food is another one ("rice vinegar" is no cider vinegar).
  const missing =
    top.score > 1
      ? []
      : words.food.filter(
          (w) =>
            !DESCRIPTIVE.has(w) &&
            !FORM_WORDS.has(w) &&
            (!top.food.words.includes(w) || (top.food.negated.includes(w) && !words.said.has('without'))),
        );
  const missingWeight = Math.max(0, ...missing.map((w) => weightOf(index, w)));
  if (missingWeight >= TELLING) {
    warnings.push({
      code: 'no_match',
      message: `No food of the library is "${line.name}" (it lacks "${missing.join(' ')}"); choose one, or skip the line.`,
    });
    return {
      status: noQuantity ? 'no_quantity' : 'unmatched',
      best: top,
      alternatives: ranked.slice(1, 1 + MAX_ALTERNATIVES),
      confidence: 0,
      warnings,
    };
  }
  const clamp = (n: number) => Math.max(0, Math.min(1, n));
  const ambiguous =
    (missingWeight >= NOTABLE || (second !== undefined && top.score - second.score < CLOSE && !sameFood(top.food, second.food, words))) &&
    top.score < 1;
  let confidence = clamp(Math.min(top.score, 1));
  if (second) confidence = clamp(confidence - Math.max(0, 0.1 - (top.score - second.score)));
  if (ambiguous) {
    warnings.push({
      code: 'ambiguous_match',
      message: second
        ? `"${line.name}" could also be ${second.food.name}; ${top.food.name} was taken. Choose another in choices if it is wrong.`
        : `${top.food.name} was taken for "${line.name}". Choose another in choices if it is wrong.`,
    });
  }
  return {
    status: noQuantity ? 'no_quantity' : ambiguous ? 'ambiguous' : 'matched',
    best: top,
    alternatives: ranked.slice(1, 1 + MAX_ALTERNATIVES),
    confidence: Number(confidence.toFixed(2)),
    warnings: [...warnings, ...(top.weighed?.warnings ?? [])],
  };
}
