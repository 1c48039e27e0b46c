// Reads one recipe line as people write it (docs/api.md#recipe-text-reading) into its amount, unit,
// size, food words and comment: "2 1/4 cups all-purpose flour", "1 cup (2 sticks) unsalted butter,
// softened", "2 (14.5-ounce) cans diced tomatoes", "1 cup plus 2 tablespoons flour", "225g/8oz
// butter", "Salt to taste", "For the icing:". Pure; the food is matched elsewhere (matching.ts).
import { numberAt, type NumberRead, skipSpaces, spellFractions, wordAt } from './numbers.js';
import { isSectionHeader } from './sections.js';
import type { IngredientLine, Measure, NoQuantityReason, ReadLine, Size } from './types.js';
import { CONTAINERS, type CanonicalUnit, countNoun, MULTI_WORD_UNITS, UNIT_INFO, unitWord } from './units.js';

/** Bullets and checkboxes that recipe sites and documents put before a line. */
const BULLET = /^(?:[-*•·▪▫◦‣⁃▢☐□■●○✓✔✗>]+\s*)+/;

/**
 * The line made regular: fractions spelled out, dashes as hyphens, every kind of space as one space,
 * typographic quotes plain, bullets and a list number before an amount gone.
 */
export function prepareLine(raw: string): string {
  return spellFractions(raw.normalize('NFC'))
    .replace(/[\u2010-\u2015\u2212\u2043\ufe58\ufe63\uff0d]/g, '-')
    .replace(/[\s\u00a0\u2000-\u200b\u202f\u205f\u3000\ufeff]+/g, ' ')
    .replace(/[\u2018\u2019\u201b\u0060\u00b4\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/\u00d7/g, 'x')
    .trim()
    .replace(BULLET, '')
    .replace(/^\d{1,2}[.)]\s+(?=\d)/, '')
    .trim();
}

/** Lower case, one UTF-16 unit for one (so positions in it are positions in the line as written). */
function lowerInPlace(s: string): string {
  let out = '';
  for (const c of s) {
    const lower = c.toLowerCase();
    out += lower.length === c.length ? lower : c;
  }
  return out;
}

const SIZE_WORDS: ReadonlyMap<string, { size: Size; word: string | null }> = new Map([
  ['small', { size: 'small', word: null }],
  ['smallish', { size: 'small', word: null }],
  ['medium', { size: 'medium', word: null }],
  ['medium-sized', { size: 'medium', word: null }],
  ['medium-size', { size: 'medium', word: null }],
  ['large', { size: 'large', word: null }],
  ['large-sized', { size: 'large', word: null }],
  ['large-size', { size: 'large', word: null }],
  ['big', { size: 'large', word: null }],
  ['extra-large', { size: 'extra large', word: null }],
  ['x-large', { size: 'extra large', word: null }],
  ['xl', { size: 'extra large', word: null }],
  ['jumbo', { size: 'extra large', word: 'jumbo' }],
]);

/** Words about how full a measure is or how sure the amount: kept as comment, never food. */
const MEASURE_MODIFIERS = new Set([
  'heaping',
  'heaped',
  'rounded',
  'level',
  'levelled',
  'leveled',
  'scant',
  'generous',
  'good',
  'full',
  'about',
  'approximately',
  'approx',
  'approx.',
  'around',
  'roughly',
]);

/** Words after "a" that make it no number: "a few sprigs", "a little oil", "a splash of milk". */
const VAGUE_AFTER = new Set([
  'little',
  'bit',
  'few',
  'splash',
  'drizzle',
  'sprinkle',
  'sprinkling',
  'touch',
  'squeeze',
  'glug',
  'knob',
  'handful',
  'dusting',
]);

/** Words that say how a measure was filled and steer which household measure it is ("1 cup packed"). */
const FILL_WORDS = new Set(['packed', 'firmly', 'lightly', 'loosely', 'unpacked', 'sifted', 'spooned']);

interface Read {
  measure: Measure;
  end: number;
}

interface AmountRead {
  parts: Measure[];
  alternates: Array<Measure & { each: boolean }>;
  size: Size | null;
  sizeWord: string | null;
  /** Words read between the number and the food that belong in the comment ("heaping", "about"). */
  notes: string[];
  /** Words that belong before the food's name ("packed"). */
  nameWords: string[];
  end: number;
}

const isLetter = (c: string | undefined) => c !== undefined && /\p{L}/u.test(c);
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/**
 * A unit at `i` of the line (`s` as written, `l` lower-case): the longest spelling that is a whole
 * word there ("fl. oz.", "tbsp.", "c", "g" in "200g"); "T" and "t" by their case.
 */
function unitAt(s: string, l: string, i: number): { unit: CanonicalUnit; factor: number; end: number } | null {
  for (const spelling of MULTI_WORD_UNITS) {
    if (l.startsWith(spelling, i) && !isLetter(l[i + spelling.length])) {
      const found = unitWord(spelling);
      if (found) return { ...found, end: withPeriod(l, i + spelling.length) };
    }
  }
  const word = wordAt(s, i);
  if (!word) return null;
  const found = unitWord(word);
  if (!found) return null;
  // A lone letter is a unit only as a word of its own: "2 c flour", "1 T. sugar", never "2 cloves".
  const end = i + word.length;
  if (word.length === 1 && !(l[end] === undefined || ' .(),;/'.includes(l[end] ?? ''))) return null;
  return { ...found, end: withPeriod(l, end) };
}

/** Past a period that ends an abbreviation ("tbsp."), but not a decimal point. */
const withPeriod = (l: string, end: number) => (l[end] === '.' && !isDigit(l[end + 1]) ? end + 1 : end);

/** A number and its range at `i`: "3", "3-4", "3 to 4", "2 or 3", "1/2-1". */
function rangeAt(l: string, i: number): { low: NumberRead; high: number | null; end: number } | null {
  const low = numberAt(l, i);
  if (!low) return null;
  let end = low.end;
  let high: number | null = null;
  const k = skipSpaces(l, end);
  let after: number | null = null;
  if (l[k] === '-' || l[k] === '~') after = skipSpaces(l, k + 1);
  else {
    const word = wordAt(l, k);
    if (word === 'to' || word === 'or') after = skipSpaces(l, k + word.length);
  }
  if (after !== null && !low.word) {
    const top = numberAt(l, after);
    if (top && !top.word && top.value > low.value) {
      high = top.value;
      end = top.end;
    }
  }
  return { low, high, end };
}

/** A number (or range) with a mass or volume unit at `i`: "14.5-ounce", "400g", "1 1/4 cups", "8 oz". */
function measureAt(s: string, l: string, i: number, needUnit: boolean): Read | null {
  const range = rangeAt(l, i);
  if (!range) return null;
  let k = range.end;
  // "14.5-ounce", "8-oz." (the hyphen of a compound adjective).
  if (l[k] === '-' && isLetter(l[k + 1])) k++;
  k = skipSpaces(l, k);
  const unit = unitAt(s, l, k);
  if (!unit) {
    if (needUnit) return null;
    return { measure: { quantity: range.low.value, quantityMax: range.high, unit: null }, end: range.end };
  }
  return {
    measure: {
      quantity: range.low.value * unit.factor,
      quantityMax: range.high === null ? null : range.high * unit.factor,
      unit: unit.unit,
    },
    end: unit.end,
  };
}

/** Skips words of a set at `i` (and the spaces after each), collecting them. */
function skipWords(l: string, i: number, words: ReadonlySet<string> | ReadonlyMap<string, unknown>, into: string[]): number {
  for (;;) {
    const k = skipSpaces(l, i);
    const word = wordAt(l, k);
    const hyphen = l[k + word.length] === '-' && isLetter(l[k + word.length + 1]);
    const hyphenated = hyphen ? `${word}-${wordAt(l, k + word.length + 1)}` : word;
    // "good-quality" is no "good": a hyphenated word counts only whole.
    const found = words.has(hyphenated) ? hyphenated : !hyphen && words.has(word) ? word : null;
    if (!found) return i;
    into.push(found);
    i = k + found.length;
  }
}

/** The size among words read before the food ("large", "extra-large", "jumbo"). */
function sizeOf(words: readonly string[]): { size: Size | null; sizeWord: string | null } {
  for (const w of words) {
    const found = SIZE_WORDS.get(w);
    if (found) return { size: found.size, sizeWord: found.word };
  }
  return { size: null, sizeWord: null };
}

/** "extra large" written as two words. */
function extraLarge(l: string, i: number): number | null {
  const k = skipSpaces(l, i);
  if (wordAt(l, k) !== 'extra') return null;
  const m = skipSpaces(l, k + 5);
  return wordAt(l, m) === 'large' ? m + 5 : null;
}

/**
 * The leading amount of a line at `i`: a number or range, its unit, a size, and what follows it:
 * "plus" parts, a container's content ("2 (14.5-ounce) cans", "1 14-ounce can", "2 x 400g tins"),
 * and alternates after a slash ("225g/8oz").
 */
function amountAt(s: string, l: string, start: number): AmountRead | null {
  const notes: string[] = [];
  const nameWords: string[] = [];
  let i = skipWords(l, start, MEASURE_MODIFIERS, notes);
  i = skipSpaces(l, i);
  const range = rangeAt(l, i);
  if (!range) return null;
  // "a" and "an" are numbers only before a unit, a size or a food: "a pinch of salt", "an egg".
  const alternates: AmountRead['alternates'] = [];
  let count: Measure = { quantity: range.low.value, quantityMax: range.high, unit: null };
  let k = range.end;
  const sizeWords: string[] = [];

  // "2 x 400g tins", "3 x eggs".
  let j = skipSpaces(l, k);
  if (l[j] === 'x' && (l[j + 1] === ' ' || isDigit(l[j + 1])) && !range.low.word) {
    const inner = measureAt(s, l, skipSpaces(l, j + 1), true);
    if (inner) {
      alternates.push({ ...inner.measure, each: true });
      k = inner.end;
      const container = unitAt(s, l, skipSpaces(l, k));
      if (container && CONTAINERS.has(container.unit)) {
        count = { ...count, unit: container.unit };
        k = container.end;
      }
      return finish(s, l, k, [count], alternates, sizeWords, notes, nameWords);
    }
    k = j + 1;
  }

  // "2 (14.5-ounce) cans": the content of each container in parentheses before the container.
  j = skipSpaces(l, k);
  if (l[j] === '(') {
    const close = l.indexOf(')', j);
    const inner = close > 0 ? measureAt(s, l, skipSpaces(l, j + 1), true) : null;
    if (inner && skipSpaces(l, inner.end) === close) {
      const after = skipSpaces(l, close + 1);
      const afterSize: string[] = [];
      const m = skipWords(l, after, SIZE_WORDS, afterSize);
      const container = unitAt(s, l, skipSpaces(l, m));
      if (container) {
        sizeWords.push(...afterSize);
        alternates.push({ ...inner.measure, each: true });
        count = { ...count, unit: container.unit };
        return finish(s, l, container.end, [count], alternates, sizeWords, notes, nameWords);
      }
      // "2 (4 oz) bars chocolate": a counted piece holding the amount; the noun is read with the food.
      if (countNoun(wordAt(l, skipSpaces(l, m)))) {
        sizeWords.push(...afterSize);
        alternates.push({ ...inner.measure, each: true });
        return { parts: [count], alternates, ...sizeOf(sizeWords), notes, nameWords, end: m };
      }
    }
  }

  // "1 14-ounce can", "2 15-oz. cans", "one 8 oz package": a count, then the content, then a container.
  if (isDigit(l[j])) {
    const inner = measureAt(s, l, j, true);
    if (inner) {
      const m = skipSpaces(l, inner.end);
      const container = unitAt(s, l, m);
      if (container && UNIT_INFO[container.unit].kind === 'piece') {
        alternates.push({ ...inner.measure, each: true });
        count = { ...count, unit: container.unit };
        return finish(s, l, container.end, [count], alternates, sizeWords, notes, nameWords);
      }
    }
  }

  // Sizes and modifiers before the unit: "1 heaping tablespoon", "1 small can", "2 extra large eggs".
  for (;;) {
    const before = k;
    k = skipWords(l, k, SIZE_WORDS, sizeWords);
    const xl = extraLarge(l, k);
    if (xl !== null) {
      sizeWords.push('extra-large');
      k = xl;
    }
    k = skipWords(l, k, MEASURE_MODIFIERS, notes);
    k = skipWords(l, k, FILL_WORDS, nameWords);
    if (k === before) break;
  }
  let unitStart = skipSpaces(l, k);
  if (l[unitStart] === '-' && isLetter(l[unitStart + 1]) && !range.low.word) unitStart++;
  const unit = unitAt(s, l, unitStart);
  if (unit) {
    count = {
      quantity: count.quantity * unit.factor,
      quantityMax: count.quantityMax === null ? null : count.quantityMax * unit.factor,
      unit: unit.unit,
    };
    k = unit.end;
    // "1 can (14 oz)", "2 cans (15 oz each)", "1 package (8 ounces) cream cheese".
    j = skipSpaces(l, k);
    if (l[j] === '(' && UNIT_INFO[unit.unit].kind === 'piece') {
      const close = l.indexOf(')', j);
      const inner = close > 0 ? measureAt(s, l, skipSpaces(l, j + 1), true) : null;
      if (inner) {
        const rest = l.slice(inner.end, close).trim();
        if (rest === '' || rest === 'each' || rest === 'total') {
          alternates.push({ ...inner.measure, each: rest !== 'total' && CONTAINERS.has(unit.unit) });
          k = close + 1;
        }
      }
    }
  } else if (range.low.word && VAGUE_AFTER.has(wordAt(l, skipSpaces(l, k)))) {
    // "an egg" is one; "a little", "a few", "a splash" are no amounts.
    return null;
  }
  return finish(s, l, k, [count], alternates, sizeWords, notes, nameWords);
}

/** After the main amount: "plus" parts, slash alternates, a size, "of". */
function finish(
  s: string,
  l: string,
  at: number,
  parts: Measure[],
  alternates: AmountRead['alternates'],
  sizeWords: string[],
  notes: string[],
  nameWords: string[],
): AmountRead {
  let k = at;
  for (;;) {
    const j = skipSpaces(l, k);
    const word = wordAt(l, j);
    let next: number | null = null;
    if (word === 'plus' || word === 'and') next = skipSpaces(l, j + word.length);
    else if (l[j] === '+') next = skipSpaces(l, j + 1);
    if (next === null) break;
    const more = measureAt(s, l, next, true);
    if (!more) break;
    parts.push(more.measure);
    k = more.end;
  }
  // "225g/8oz", "200ml/7fl oz", "1 cup/250ml".
  for (;;) {
    const j = skipSpaces(l, k);
    if (l[j] !== '/') break;
    const other = measureAt(s, l, skipSpaces(l, j + 1), true);
    if (!other) break;
    alternates.push({ ...other.measure, each: false });
    k = other.end;
    // "1kg/2lb 4oz": the second part of a compound alternate.
    const compound = measureAt(s, l, skipSpaces(l, k), true);
    if (compound && compound.measure.unit === 'oz' && other.measure.unit === 'lb') k = compound.end;
  }
  // "1 lb 4 oz": a compound mass.
  const first = parts[0];
  if (parts.length === 1 && first?.unit === 'lb') {
    const ounces = measureAt(s, l, skipSpaces(l, k), true);
    if (ounces?.measure.unit === 'oz') {
      parts.push(ounces.measure);
      k = ounces.end;
    }
  }
  for (;;) {
    const before = k;
    k = skipWords(l, k, SIZE_WORDS, sizeWords);
    const xl = extraLarge(l, k);
    if (xl !== null) {
      sizeWords.push('extra-large');
      k = xl;
    }
    k = skipWords(l, k, MEASURE_MODIFIERS, notes);
    k = skipWords(l, k, FILL_WORDS, nameWords);
    if (k === before) break;
  }
  const j = skipSpaces(l, k);
  if (wordAt(l, j) === 'of') k = j + 2;
  return { parts, alternates, ...sizeOf(sizeWords), notes, nameWords, end: k };
}

/** Phrases that say a line has no amount to weigh, or is a choice (docs/api.md#recipe-text). */
const NO_QUANTITY_PHRASES: ReadonlyArray<[RegExp, NoQuantityReason]> = [
  [/\b(?:or |and )?(?:salt and pepper |season )?to taste\b/, 'to taste'],
  [
    /\b(?:for|to) (?:serving|serve|garnish|garnishing|decorat(?:e|ing|ion)|dusting|dust|sprinkling|brushing|greasing|grease|frying|drizzling|topping)\b/,
    'for serving',
  ],
  [/\boptional(?:ly)?\b/, 'optional'],
  [/\b(?:as|if) (?:needed|necessary|required|desired)\b/, 'as needed'],
];

/** Preparation words before the food ("finely chopped walnuts"): comment, not food. */
const PREPARATION = new Set([
  'chopped',
  'finely',
  'roughly',
  'coarsely',
  'thinly',
  'thickly',
  'freshly',
  'diced',
  'minced',
  'sliced',
  'melted',
  'softened',
  'cooled',
  'warmed',
  'beaten',
  'lightly',
  'whisked',
  'peeled',
  'cored',
  'seeded',
  'deseeded',
  'pitted',
  'halved',
  'quartered',
  'cubed',
  'trimmed',
  'rinsed',
  'drained',
  'washed',
  'crumbled',
  'mashed',
  'grated',
  'shredded',
  'zested',
  'juiced',
  'squeezed',
  'sifted',
  'crushed',
  'torn',
  'snipped',
  'julienned',
  'room-temperature',
  'well',
  'very',
  'and',
]);

/** Words that only describe a food, and may stand before a comma in its name ("boneless, skinless chicken"). */
const DESCRIBING = new Set([
  'boneless',
  'skinless',
  'bone-in',
  'skin-on',
  'fresh',
  'ripe',
  'large',
  'small',
  'medium',
  'organic',
  'free-range',
  'lean',
  'cold',
  'thick',
  'thin',
  'raw',
  'cooked',
  'frozen',
  'whole',
]);

/** Foods whose name starts with a preparation word: "crushed tomatoes" is a can, not a way of cutting. */
const PREPARED_FOODS = [
  /^crushed (?:tomato|red pepper|pineapple)/,
  /^diced tomato/,
  /^(?:grated|shredded) (?:parmesan|cheese|coconut|cheddar)/,
  /^whipped (?:cream|topping)/,
  /^(?:cold|hot|warm|boiling|lukewarm|ice) water/,
  /^(?:cold|hot|warm) (?:coffee|milk)/,
  /^mashed (?:potato|banana)/,
  /^(?:cooked|chopped) (?:rice)/,
];

/** Text in brackets anywhere in the rest of the line: comment, and amounts to fall back on. */
function takeBrackets(rest: string): { text: string; groups: string[] } {
  const groups: string[] = [];
  let text = '';
  let depth = 0;
  let group = '';
  for (const c of rest) {
    if (c === '(' || c === '[') {
      if (depth > 0) group += c;
      depth++;
    } else if ((c === ')' || c === ']') && depth > 0) {
      depth--;
      if (depth === 0) {
        groups.push(group.trim());
        group = '';
        text += ' ';
      } else group += c;
    } else if (depth > 0) group += c;
    else text += c;
  }
  if (depth > 0 && group.trim()) groups.push(group.trim());
  return { text: text.replace(/ +/g, ' ').trim(), groups };
}

/** Amounts in a bracket ("2 sticks", "about 1 cup chopped", "1 stick; 113g", "8 oz / 227g"). */
function bracketAmounts(group: string): Array<Measure & { each: boolean }> {
  const found: Array<Measure & { each: boolean }> = [];
  for (const piece of group.split(/;|,|\s\/\s|(?<!\d\s?)\/(?!\s?\d)| or /)) {
    const prepared = piece.trim();
    const l = lowerInPlace(prepared);
    const start = skipWords(l, 0, MEASURE_MODIFIERS, []);
    const read = measureAt(prepared, l, skipSpaces(l, start), false);
    if (!read) continue;
    const each = /\beach\b/.test(l.slice(read.end));
    // A count in brackets ("(2 sticks)" reads as 2 stick) or a bare number is kept only with a unit.
    if (read.measure.unit !== null) found.push({ ...read.measure, each });
  }
  return found;
}

const tidy = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:.\-–]+|[\s,;:\-–]+$/g, '')
    .trim();

/** How far from a line's end an amount written after the food may start. */
const TRAILING_AMOUNT_CHARS = 40;

/** An amount written after the food: "Flour, 2 cups", "Butter - 100g", "sugar 200g", "Eggs x 3". */
function trailingAmount(s: string, l: string): { at: number; amount: AmountRead } | null {
  const times = /\s+x\s*(\d+)\s*$/.exec(l);
  if (times) {
    const value = Number(times[1]);
    return {
      at: times.index,
      amount: {
        parts: [{ quantity: value, quantityMax: null, unit: null }],
        alternates: [],
        size: null,
        sizeWord: null,
        notes: [],
        nameWords: [],
        end: l.length,
      },
    };
  }
  // The last place a number starts after a separator or a space, whose amount runs to the end; an
  // amount after the food is short ("- 100g", ", 2 1/2 cups"), so only the line's end is searched.
  for (let i = l.length - 1; i > Math.max(0, l.length - TRAILING_AMOUNT_CHARS); i--) {
    if (!(isDigit(l[i]) && !isDigit(l[i - 1]) && l[i - 1] !== '.' && l[i - 1] !== ',' && l[i - 1] !== '/')) continue;
    const before = l.slice(0, i);
    if (!/[\s,:\-–(]$/.test(before) || !/\p{L}/u.test(before)) continue;
    const amount = amountAt(s, l, i);
    if (!amount) continue;
    const rest = l.slice(amount.end).trim();
    if (rest !== '' && rest !== ')' && rest !== 'each') continue;
    if (amount.parts[0]?.unit === null && !/[,:\-–]\s*$/.test(before)) continue;
    return { at: i, amount };
  }
  return null;
}

/** Splits "butter or margarine" into the food read ("butter") and the alternative (comment). */
function firstAlternative(name: string): { name: string; other: string | null } {
  const m = /\s+(?:or|\/)\s+/.exec(name);
  if (!m) return { name, other: null };
  const first = name.slice(0, m.index).trim();
  const second = name.slice(m.index + m[0].length).trim();
  // "vegetable or canola oil": the first alternative lacks the noun the second ends with.
  const firstWords = first.split(' ');
  const secondWords = second.split(' ');
  if (firstWords.length === 1 && secondWords.length > 1) {
    return { name: `${first} ${secondWords.at(-1)}`, other: `or ${second}` };
  }
  return { name: first, other: `or ${second}` };
}

/** A unit with no number before it is one of it: "Pinch of salt", "dash of hot sauce", "small bunch coriander". */
function unitWithoutNumber(s: string, l: string): AmountRead | null {
  const sizes: string[] = [];
  const k = skipSpaces(l, skipWords(l, 0, SIZE_WORDS, sizes));
  const unit = unitAt(s, l, k);
  if (!unit || !['pinch', 'dash', 'bunch', 'sprig', 'handful'].includes(unit.unit)) return null;
  return finish(s, l, unit.end, [{ quantity: 1, quantityMax: null, unit: unit.unit }], [], sizes, [], []);
}

/** "Juice of 1 lemon" is one lemon's juice: "1 lemon juice", which reads as a count of the fruit. */
const JUICE_OF = /^(?:the )?(juice|zest|grated zest|finely grated zest|zest and juice|juice and zest) of (.+)$/i;

/** No amount, only a word for a little: "a few sprigs of thyme", "a splash of milk", "some parsley". */
const VAGUE =
  /^(?:a (?:few|little|bit of|splash of|drizzle of|sprinkle of|sprinkling of|touch of|squeeze of|glug of|knob of|handful of|dusting of|good pinch of)|some|several|handful of)\s+/i;

export function readLine(raw: string): ReadLine {
  let s = prepareLine(raw);
  const header = isSectionHeader(s);
  if (header !== null) return { kind: 'section', title: header };
  const comments: string[] = [];
  const juice = JUICE_OF.exec(s);
  if (juice?.[1] && juice[2]) {
    const what = juice[1].toLowerCase();
    const food = juice[2];
    const l = lowerInPlace(food);
    const counted = amountAt(food, l, 0);
    const part = what.includes('juice') ? 'juice' : 'zest';
    if (counted && counted.parts[0]?.unit === null) {
      const rest = food
        .slice(counted.end)
        .trim()
        .split(/\s*,\s*/);
      s = `${food.slice(0, counted.end)} ${rest[0]} ${part}${rest.length > 1 ? `, ${rest.slice(1).join(', ')}` : ''}`;
      if (what !== part)
        comments.push(
          what
            .replace(part, '')
            .replace(/\band\b/, '')
            .trim(),
        );
    }
  }
  const vague = VAGUE.exec(s);
  if (vague) {
    comments.push(vague[0].trim());
    s = s.slice(vague[0].length);
    const first = wordAt(s.toLowerCase(), 0);
    if (countNoun(first) || unitWord(first)) s = s.slice(wordAt(s, 0).length).replace(/^\s*of\s+/i, '');
  }
  const l = lowerInPlace(s);

  let amount = vague ? null : (amountAt(s, l, 0) ?? unitWithoutNumber(s, l));
  let rest: string;
  if (amount) {
    rest = s.slice(amount.end);
  } else {
    const trailing = vague ? null : trailingAmount(s, l);
    if (trailing) {
      amount = trailing.amount;
      rest = s.slice(0, trailing.at);
    } else rest = s;
  }
  comments.push(...(amount?.notes ?? []));

  // Brackets anywhere: their amounts are alternates, their words comment.
  const { text, groups } = takeBrackets(rest);
  const alternates = [...(amount?.alternates ?? [])];
  for (const group of groups) {
    alternates.push(...bracketAmounts(group));
    comments.push(group);
  }

  // The food's words run to the first comma, semicolon or spaced dash; the rest is comment. A comma
  // after words that only describe the food ("boneless, skinless chicken breasts") does not end it.
  const separator = /\s*(?:,|;|\s[-–]\s|\s\*\s)\s*/g;
  let split: RegExpExecArray | null;
  let name = text;
  let from = 0;
  while ((split = separator.exec(text)) !== null) {
    const before = text.slice(from, split.index).trim().toLowerCase().split(/\s+/);
    if (before.every((w) => DESCRIBING.has(w)) && split[0].trim() === ',') {
      from = split.index + split[0].length;
      continue;
    }
    name = text.slice(0, split.index);
    comments.push(text.slice(split.index + split[0].length));
    break;
  }

  let noQuantity: NoQuantityReason | null = null;
  let optional = false;
  const lowerAll = [name, ...comments].join(' ').toLowerCase();
  for (const [phrase, reason] of NO_QUANTITY_PHRASES) {
    const lowerName = name.toLowerCase();
    const m = phrase.exec(lowerName);
    if (m) {
      comments.push(name.slice(m.index, m.index + m[0].length));
      name = `${name.slice(0, m.index)} ${name.slice(m.index + m[0].length)}`;
    }
    if (m || phrase.test(lowerAll)) {
      if (reason === 'optional') optional = true;
      else noQuantity ??= reason;
    }
  }
  // "plus more for the pan", "divided", "at room temperature": comment.
  name = name.replace(/\b(?:plus|and) (?:more|extra)\b.*$/i, (m) => {
    comments.push(m);
    return '';
  });
  name = name.replace(/\b(?:at )?room[- ]temperature\b|\bdivided\b|\bor more\b|\bor less\b/gi, (m) => {
    comments.push(m);
    return '';
  });
  name = tidy(name.replace(/^of\s+/i, ''));

  // Preparation words before the food ("finely chopped walnuts"), unless they name a product ("crushed tomatoes").
  const words = name.split(' ');
  let lead = 0;
  while (lead < words.length - 1 && PREPARATION.has((words[lead] ?? '').toLowerCase())) {
    if (PREPARED_FOODS.some((p) => p.test(words.slice(lead).join(' ').toLowerCase()))) break;
    lead++;
  }
  if (lead > 0) {
    comments.unshift(words.slice(0, lead).join(' '));
    name = words.slice(lead).join(' ');
  }
  // "1 lemon, juiced": the juice of one lemon.
  if (/\bjuiced\b/i.test(comments.join(' ')) && !/\bjuice\b/i.test(name)) name = `${name} juice`;
  const alternative = firstAlternative(name);
  name = alternative.name;
  if (alternative.other) comments.push(alternative.other);

  // "4 garlic cloves", "2 thyme sprigs", "3 celery stalks": the unit or counted piece after the food.
  let parts = amount?.parts ?? [];
  let countWord: string | null = null;
  const nameWords = name.split(' ');
  const last = nameWords.at(-1) ?? '';
  if (parts.length === 1 && parts[0]?.unit === null && nameWords.length > 1) {
    const trailingUnit = unitWord(last);
    if (trailingUnit && UNIT_INFO[trailingUnit.unit].kind === 'piece') {
      parts = [{ ...(parts[0] as Measure), unit: trailingUnit.unit }];
      name = nameWords.slice(0, -1).join(' ');
    } else if (countNoun(last)) {
      countWord = countNoun(last) ?? null;
      name = nameWords.slice(0, -1).join(' ');
    }
  }
  // "3 stalks celery", "2 ears corn": a counted piece before the food.
  if (parts.length === 1 && parts[0]?.unit === null && countWord === null) {
    const first = name.split(' ')[0] ?? '';
    const noun = countNoun(first);
    if (noun && name.includes(' ')) {
      countWord = noun;
      name = name
        .slice(first.length)
        .trim()
        .replace(/^of\s+/i, '');
    }
  }
  if (amount?.nameWords.length) name = `${amount.nameWords.join(' ')} ${name}`;

  const combined = combine(parts);
  if (combined.quantity === null && noQuantity === null) noQuantity = 'no amount';
  if (combined.quantity !== null) noQuantity = null;
  const comment = tidy(
    comments
      .map(tidy)
      .filter((c) => c.length > 0)
      .join(', '),
  );
  return {
    kind: 'ingredient',
    quantity: combined.quantity,
    quantityMax: combined.quantityMax,
    unit: combined.unit,
    parts,
    alternates,
    size: amount?.size ?? null,
    sizeWord: amount?.sizeWord ?? null,
    countNoun: countWord,
    name: tidy(name),
    comment: comment === '' ? null : comment,
    noQuantity,
    optional,
  } satisfies IngredientLine;
}

/** The parts of an amount as one: "1 cup plus 2 tablespoons" is 1.125 cups; parts of two kinds keep the first. */
function combine(parts: readonly Measure[]): Pick<Measure, 'unit'> & { quantity: number | null; quantityMax: number | null } {
  const [first, ...more] = parts;
  if (!first) return { quantity: null, quantityMax: null, unit: null };
  if (more.length === 0) return first;
  const unit = first.unit;
  const size = unit === null ? null : UNIT_INFO[unit].size;
  if (unit === null || size === null) return first;
  let quantity = first.quantity;
  let quantityMax = first.quantityMax;
  for (const part of more) {
    const partSize = part.unit === null ? null : UNIT_INFO[part.unit].size;
    if (part.unit === null || partSize === null || UNIT_INFO[part.unit].kind !== UNIT_INFO[unit].kind) return first;
    quantity += (part.quantity * partSize) / size;
    if (quantityMax !== null) quantityMax += (part.quantity * partSize) / size;
  }
  return { quantity, quantityMax, unit };
}
