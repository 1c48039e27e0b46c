// Numbers as recipes write them (docs/api.md#recipe-text-reading): integers, decimals with a point or
// a comma ("1.5", "1,5"; "1,000" is a thousand), fractions ("1/2", "1 1/2", "1-1/2"), Unicode vulgar
// fractions ("½", "1½", "1 ½": the text is prepared by spellFractions first) and number words ("one",
// "a", "an", "half", "one and a half", "a dozen"). Each reader starts at a position of a prepared,
// lower-case line and answers the number and where it ends, or null.

const VULGAR: Readonly<Record<string, string>> = {
  '¼': '1/4',
  '½': '1/2',
  '¾': '3/4',
  '⅐': '1/7',
  '⅑': '1/9',
  '⅒': '1/10',
  '⅓': '1/3',
  '⅔': '2/3',
  '⅕': '1/5',
  '⅖': '2/5',
  '⅗': '3/5',
  '⅘': '4/5',
  '⅙': '1/6',
  '⅚': '5/6',
  '⅛': '1/8',
  '⅜': '3/8',
  '⅝': '5/8',
  '⅞': '7/8',
};
const VULGAR_CHARS = new RegExp(`(\\d?)\\s*([${Object.keys(VULGAR).join('')}])`, 'g');

/** "1½ cups" -> "1 1/2 cups", "½ tsp" -> "1/2 tsp"; the fraction slash (U+2044) becomes "/". */
export function spellFractions(text: string): string {
  return text
    .replace(VULGAR_CHARS, (_match, digit: string, fraction: string) => `${digit ? `${digit} ` : ' '}${VULGAR[fraction]}`)
    .replace(/(\d)\s*\u2044\s*(\d)/g, '$1/$2');
}

export interface NumberRead {
  value: number;
  /** Position after the number. */
  end: number;
  /** True for a number spelled in words ("a", "one"): "a" is also an article, so a caller may want more evidence. */
  word: boolean;
}

const WORD_NUMBERS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
  dozen: 12,
  couple: 2,
  half: 0.5,
};

/** Fractions in words: "half", "a quarter", "three quarters", "two-thirds", "one-half". */
const WORD_FRACTIONS: Readonly<Record<string, number>> = {
  half: 1 / 2,
  halves: 1 / 2,
  third: 1 / 3,
  thirds: 1 / 3,
  quarter: 1 / 4,
  quarters: 1 / 4,
  fourth: 1 / 4,
  fourths: 1 / 4,
  eighth: 1 / 8,
  eighths: 1 / 8,
};

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isLetter = (c: string | undefined) => c !== undefined && /\p{L}/u.test(c);

/** Skips spaces from `i`. */
export function skipSpaces(s: string, i: number): number {
  while (s[i] === ' ') i++;
  return i;
}

/** The word (letters, apostrophes and inner hyphens) starting at `i`, or ''. */
export function wordAt(s: string, i: number): string {
  let j = i;
  while (j < s.length && (isLetter(s[j]) || (s[j] === "'" && isLetter(s[j + 1])))) j++;
  return s.slice(i, j);
}

/** Digits from `i`: "12" -> 12 and where the digits end. */
function digitsAt(s: string, i: number): { text: string; end: number } | null {
  let j = i;
  while (isDigit(s[j])) j++;
  return j > i ? { text: s.slice(i, j), end: j } : null;
}

/** "3/4" at `i` (spaces allowed around the slash), or null. A zero denominator is no fraction. */
function fractionAt(s: string, i: number): NumberRead | null {
  const top = digitsAt(s, i);
  if (!top) return null;
  let j = skipSpaces(s, top.end);
  if (s[j] !== '/') return null;
  j = skipSpaces(s, j + 1);
  const bottom = digitsAt(s, j);
  if (!bottom || Number(bottom.text) === 0 || isDigit(s[bottom.end]) || s[bottom.end] === '.') return null;
  return { value: Number(top.text) / Number(bottom.text), end: bottom.end, word: false };
}

/**
 * A numeral at `i`: "2", "2.5", "2,5" (a comma decimal: "1,000" with three digits after is a
 * thousand), ".5", "1/2", and a whole number with a fraction: "1 1/2", "1-1/2", "1 and 1/2".
 */
function numeralAt(s: string, i: number): NumberRead | null {
  if ((s[i] === '.' || s[i] === ',') && isDigit(s[i + 1])) {
    const d = digitsAt(s, i + 1);
    if (d) return { value: Number(`0.${d.text}`), end: d.end, word: false };
  }
  const whole = digitsAt(s, i);
  if (!whole) return null;
  const fraction = fractionAt(s, i);
  if (fraction) return fraction;
  let value = Number(whole.text);
  let end = whole.end;
  const sep = s[end];
  if ((sep === '.' || sep === ',') && isDigit(s[end + 1])) {
    const decimals = digitsAt(s, end + 1);
    if (decimals) {
      // "1,000" and "12,500": a thousands separator; "1,5" and "0,25": a decimal comma.
      if (sep === ',' && decimals.text.length === 3 && !(s[decimals.end] === ',' && isDigit(s[decimals.end + 1]))) {
        value = Number(whole.text + decimals.text);
      } else {
        value = Number(`${whole.text}.${decimals.text}`);
      }
      end = decimals.end;
      return { value, end, word: false };
    }
  }
  // A whole number and a proper fraction: "1 1/2", "1-1/2", "1 and 1/2", "1 and a half".
  for (const joiner of [' ', '-', ' and ', ' & ']) {
    if (!s.startsWith(joiner, end)) continue;
    const at = skipSpaces(s, end + joiner.length);
    const part = fractionAt(s, at);
    if (part && part.value < 1) return { value: value + part.value, end: part.end, word: false };
    if (joiner.trim() === 'and' || joiner.trim() === '&') {
      const half = wordFractionAt(s, at);
      if (half && half.value < 1) return { value: value + half.value, end: half.end, word: false };
    }
  }
  return { value, end, word: false };
}

/** "a half", "half", "a quarter", "three quarters", "two-thirds", "one-half", "a third". */
function wordFractionAt(s: string, i: number): NumberRead | null {
  let j = i;
  let count = 1;
  const first = wordAt(s, j);
  if (first === 'a' || first === 'an' || first === 'one') {
    j = skipSpaces(s, j + first.length);
  } else if (WORD_NUMBERS[first] !== undefined && WORD_NUMBERS[first] >= 2 && WORD_NUMBERS[first] <= 9) {
    count = WORD_NUMBERS[first];
    j += first.length;
    j = s[j] === '-' ? j + 1 : skipSpaces(s, j);
  }
  const part = wordAt(s, j);
  const value = WORD_FRACTIONS[part];
  if (value === undefined) return null;
  // "two halves" is no amount anyone writes; "three quarters" and "two thirds" are.
  return { value: count * value, end: j + part.length, word: true };
}

/**
 * A number in words at `i`: "one", "a", "an", "a dozen", "a couple (of)", "half (a)", "one and a half",
 * "two and a quarter", "three-quarters".
 */
function wordNumberAt(s: string, i: number): NumberRead | null {
  const fraction = wordFractionAt(s, i);
  if (fraction) {
    // "half a cup", "half an onion": the article belongs to the fraction.
    let end = fraction.end;
    const next = skipSpaces(s, end);
    const article = wordAt(s, next);
    if ((article === 'a' || article === 'an') && fraction.value < 1) end = next + article.length;
    return { ...fraction, end };
  }
  const first = wordAt(s, i);
  let value = WORD_NUMBERS[first];
  if (value === undefined || first === 'half') return null;
  let end = i + first.length;
  const next = skipSpaces(s, end);
  const second = wordAt(s, next);
  // "a dozen", "a couple of", "two dozen".
  if ((second === 'dozen' || second === 'couple') && (value === 1 || first !== 'a')) {
    value = (first === 'a' || first === 'an' ? 1 : value) * (second === 'dozen' ? 12 : 2);
    end = next + second.length;
  } else if (second === 'and' || second === '&') {
    // "one and a half", "two and a quarter", "1 and one-half".
    const rest = wordFractionAt(s, skipSpaces(s, next + second.length));
    if (rest && rest.value < 1) {
      value += rest.value;
      end = rest.end;
    }
  }
  if (first === 'couple' || second === 'couple') {
    const of = skipSpaces(s, end);
    if (wordAt(s, of) === 'of') end = of + 2;
  }
  return { value, end, word: true };
}

/** A number at `i`, in numerals or in words, or null. */
export function numberAt(s: string, i: number): NumberRead | null {
  if (isDigit(s[i]) || ((s[i] === '.' || s[i] === ',') && isDigit(s[i + 1]))) {
    return numeralAt(s, i);
  }
  if (!isLetter(s[i])) return null;
  const read = wordNumberAt(s, i);
  // A word number is a whole word: "ten" in "tender" is none.
  if (read && isLetter(s[read.end])) return null;
  return read;
}
