// The grams of a read line for one food (docs/api.md#recipe-text-grams): a mass converts exactly; a
// volume uses the food's own household measure of that unit (USDA SR28's WEIGHT file: "1 cup",
// "1 cup packed", "1 tbsp"), else its density from another volume measure, with a warning; a count
// uses the food's piece of the given size ("1 large"), or of a medium or unnamed piece, with a
// warning when it assumed the size; "stick", "clove", "slice" and the like use the measure of that
// name. The answer names the unit key of the food (a key of its units_and_grams) and the quantity of
// it, so a recipe line made from it weighs exactly these grams.
import { parseDescription, type Portion, standardUnit } from '../units.js';
import type { IngredientLine, Measure, Size } from './types.js';
import { type CanonicalUnit, measureSize, type RecipeLanguage, UNIT_INFO } from './units.js';
import { singular } from './food-words.js';

export type GramsFrom = 'mass' | 'unit' | 'volume' | 'count';

export interface LineWarning {
  code: string;
  message: string;
}

export interface Weighed {
  /** The food's unit key used ("1 cup", "1 large", "1 oz"). */
  unit: string;
  /** How many of that unit. */
  quantity: number;
  grams: number;
  gramsFrom: GramsFrom;
  /** False when the grams rest on a measure the food lacks (its density) or on an assumed size. */
  native: boolean;
  warnings: LineWarning[];
}

/** A food as weighing needs it: its household measures and its unit table (src/core/units.ts). */
export interface WeighableFood {
  name: string;
  portions: readonly Portion[];
  unitsAndGrams: Readonly<Record<string, number>>;
  /** The food's head noun ("egg", "onion"), for its default piece. */
  head: string | null;
}

interface Measured {
  key: string;
  /** How much of the unit the description counts ("1/2 cup" counts 0.5). */
  count: number;
  weight: number;
  /** The standard unit the description names (core/units.ts name: "cup", "tablespoon"), if any. */
  standard: string | null;
  /** Its words after the number, singular, lower case ("cup", "packed"; "large"; "clove"). */
  words: string[];
  volumeMl: number | null;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .split(/[\s-]+/)
    .filter((w) => w.length > 0)
    .map(singular);

const measuredCache = new WeakMap<readonly Portion[], Measured[]>();

/** The food's household measures, read once per portion list. */
function measuresOf(portions: readonly Portion[]): Measured[] {
  const known = measuredCache.get(portions);
  if (known) return known;
  const out: Measured[] = [];
  for (const p of portions) {
    const parsed = parseDescription(p.description);
    if (!parsed || !(p.weight > 0)) continue;
    // Words in brackets explain a measure ("1 cup, fluid (yields 2 cups whipped)"); they do not name it.
    const w = words(parsed.unitText.replace(/\([^)]*\)/g, ' '));
    // "1 cup chopped", "1 tbsp chopped": the first word names the unit even without a comma.
    const standard = parsed.standard ?? standardUnit(w[0] ?? '') ?? standardUnit(parsed.unitText.split(/[\s,(]/)[0] ?? '');
    const volumeMl = standard?.kind === 'volume' ? standard.factor * parsed.quantity : null;
    out.push({
      key: p.description.trim(),
      count: parsed.quantity,
      weight: p.weight,
      standard: standard && standard.kind !== 'time' ? standard.name : null,
      words: standard ? w.slice(1) : w,
      volumeMl,
    });
  }
  measuredCache.set(portions, out);
  return out;
}

/** The core/units.ts name of a canonical volume unit. */
const STANDARD_NAME: Partial<Record<CanonicalUnit, string>> = {
  tsp: 'teaspoon',
  tbsp: 'tablespoon',
  cup: 'cup',
  'fl oz': 'fl oz',
  pint: 'pint',
  quart: 'quart',
  gallon: 'gallon',
  ml: 'ml',
  l: 'liter',
};

/** Words that say which of two measures of one unit is meant: each shared word counts, each other one costs. */
function fit(measure: Measured, said: ReadonlySet<string>): number {
  let score = 0;
  for (const w of measure.words) {
    if (said.has(w)) score += 2;
    else if (AWAY.has(w)) score -= 3;
    else if (!NEUTRAL.has(w)) score -= 1;
  }
  return score;
}
/** Words of a measure that mean the plain way of filling it ("1 cup, fluid", "1 cup (not packed)", "1 cup unsifted"). */
const NEUTRAL = new Set([
  'whole',
  'edible',
  'yield',
  'yields',
  'about',
  'approx',
  'serving',
  'of',
  'or',
  'and',
  'unit',
  'fluid',
  'liquid',
  'not',
  'unsifted',
  'dipped',
  'unpacked',
  'raw',
]);
/** Words of a measure a line must say to mean it: "1 cup, whipped" is no cup of cream as poured. */
const AWAY = new Set(['whipped', 'cooked', 'drained', 'melted', 'frozen', 'thawed', 'prepared', 'reconstituted']);

/** How a recipe measures a food when it says nothing: brown sugar is packed into the cup (US baking). */
function saidWithDefaults(food: WeighableFood, said: ReadonlySet<string>): ReadonlySet<string> {
  if (/^Sugars?, brown/i.test(food.name) || /\bbrown sugar\b/i.test(food.name)) {
    if (!said.has('unpacked') && !said.has('loosely')) return new Set([...said, 'packed']);
  }
  return said;
}

function best(measures: readonly Measured[], said: ReadonlySet<string>): Measured | undefined {
  let top: Measured | undefined;
  let topScore = -Infinity;
  for (const m of measures) {
    const score = fit(m, said);
    if (score > topScore) {
      top = m;
      topScore = score;
    }
  }
  return top;
}

/** A stored key whose grams per millilitre equal `gramsPerMl` for this volume unit ("1 teaspoon" derived from the cup). */
function derivedKey(food: WeighableFood, unit: CanonicalUnit, gramsPerMl: number): string | null {
  const key = UNIT_INFO[unit].key;
  const size = UNIT_INFO[unit].size;
  if (key === null || size === null) return null;
  const stored = food.unitsAndGrams[key];
  if (stored === undefined) return null;
  return Math.abs(stored / size - gramsPerMl) <= gramsPerMl * 0.005 ? key : null;
}

const SIZE_WORDS: Readonly<Record<Size, string[]>> = {
  small: ['small'],
  medium: ['medium'],
  large: ['large'],
  'extra large': ['extra', 'jumbo'],
};
const ALL_SIZE_WORDS = new Set(['small', 'medium', 'large', 'extra', 'jumbo', 'mini', 'miniature']);

/** Measures that are no whole piece of a food: a count ("2 eggs") never means these. */
const NOT_A_PIECE = new Set([
  'slice',
  'pat',
  'serving',
  'nlea',
  'package',
  'pkg',
  'packet',
  'container',
  'can',
  'jar',
  'bottle',
  'oz',
  'stick',
  'cube',
  'wedge',
  'strip',
  'ring',
  'leaf',
  'sprig',
  'stalk',
  'spear',
  'floweret',
  'floret',
  'tbsp',
  'tsp',
  'cup',
  'dash',
  'pinch',
  'portion',
  'bag',
  'box',
  'envelope',
  'individual',
  'half',
  'piece',
  'bar',
  'square',
  'chopped',
  'crumbled',
  'grated',
  'shredded',
  'diced',
  'cubic',
]);

/** Count nouns household measures write with another word: a rib of celery is its stalk. */
const COUNT_NOUN_ALSO: Readonly<Record<string, string[]>> = { rib: ['rib', 'stalk'], stalk: ['stalk', 'rib'], bar: ['bar', 'square'] };

/** The size a recipe means by a bare count of a food ("2 eggs" are large eggs in US baking); else medium. */
const DEFAULT_SIZE_BY_HEAD: Readonly<Record<string, Size>> = { egg: 'large' };

/** Words a piece unit is written with in household measures ("1 pkg", "1 envelope"). */
const PIECE_UNIT_WORDS: Partial<Record<CanonicalUnit, string[]>> = {
  stick: ['stick'],
  clove: ['clove'],
  slice: ['slice'],
  can: ['can'],
  package: ['package', 'pkg', 'packet', 'envelope', 'sachet', 'bag', 'box', 'container', 'jar', 'carton', 'tub', 'bottle'],
  bunch: ['bunch'],
  sprig: ['sprig'],
};

export interface WeighOptions {
  language: RecipeLanguage;
  /** Every word of the line (food and comment), singular: which of two measures of a unit is meant. */
  said: ReadonlySet<string>;
}

/** The amount that is weighed: the midpoint of a range. */
const amountOf = (m: Pick<Measure, 'quantity' | 'quantityMax'>) => (m.quantityMax === null ? m.quantity : (m.quantity + m.quantityMax) / 2);

const fmt = (n: number) => String(Number(n.toFixed(2)));

function weighMass(quantity: number, unit: CanonicalUnit): Weighed {
  const info = UNIT_INFO[unit];
  const grams = quantity * (info.size ?? 0);
  if (info.key === null) return { unit: '1 gram', quantity: grams, grams, gramsFrom: 'mass', native: true, warnings: [] };
  return { unit: info.key, quantity, grams, gramsFrom: 'mass', native: true, warnings: [] };
}

function weighVolume(food: WeighableFood, quantity: number, unit: CanonicalUnit, o: WeighOptions): Weighed | null {
  const measures = measuresOf(food.portions).filter((m) => m.volumeMl !== null);
  if (measures.length === 0) return null;
  const warnings: LineWarning[] = [];
  // A pinch and a dash are fractions of a teaspoon.
  let wantedUnit = unit;
  let wantedQuantity = quantity;
  if (unit === 'pinch' || unit === 'dash') {
    wantedUnit = 'tsp';
    wantedQuantity = quantity / (unit === 'pinch' ? 16 : 8);
    warnings.push({ code: 'assumed_measure', message: `A ${unit} is taken as 1/${unit === 'pinch' ? 16 : 8} teaspoon.` });
  }
  const usSize = UNIT_INFO[wantedUnit].size as number;
  const size = measureSize(wantedUnit, o.language) ?? usSize;
  const ml = wantedQuantity * size;
  if (size !== usSize) {
    warnings.push({
      code: 'measure_size',
      message: `A ${wantedUnit} is read as ${fmt(size)} mL, as kitchens in ${o.language} measure it (a US ${wantedUnit} is ${fmt(usSize)} mL).`,
    });
  }
  const standard = STANDARD_NAME[wantedUnit];
  const same = measures.filter((m) => m.standard === standard);
  const chosen = best(same.length > 0 ? same : measures, saidWithDefaults(food, o.said)) as Measured;
  const gramsPerMl = chosen.weight / (chosen.volumeMl as number);
  const grams = ml * gramsPerMl;
  const native = same.length > 0;
  if (!native) {
    warnings.push({
      code: 'volume_by_density',
      message: `${food.name} has no ${wantedUnit} measure; ${fmt(grams)} g come from its "${chosen.key}" (${fmt(chosen.weight)} g).`,
    });
  }
  const derived = !native || size !== usSize ? derivedKey(food, wantedUnit, gramsPerMl) : null;
  if (derived) {
    return { unit: derived, quantity: ml / usSize, grams, gramsFrom: native ? 'unit' : 'volume', native, warnings };
  }
  // Counted in the chosen measure itself: 2.25 cups of a "1 cup" measure is 2.25 of it.
  return {
    unit: chosen.key,
    quantity: grams / chosen.weight,
    grams,
    gramsFrom: native && size === usSize ? 'unit' : 'volume',
    native,
    warnings,
  };
}

function weighPiece(
  food: WeighableFood,
  line: IngredientLine,
  quantity: number,
  unit: CanonicalUnit | null,
  o: WeighOptions,
): Weighed | null {
  const measures = measuresOf(food.portions).filter((m) => m.standard === null && m.words.length > 0);
  const warnings: LineWarning[] = [];
  let candidates: Measured[];
  if (unit !== null) {
    const names = PIECE_UNIT_WORDS[unit] ?? [];
    candidates = measures.filter((m) => names.includes(m.words[0] ?? ''));
    if (candidates.length === 0 && unit === 'stick') return stickByVolume(food, quantity, o);
  } else if (line.countNoun) {
    const noun = singular(line.countNoun);
    const nouns = COUNT_NOUN_ALSO[noun] ?? [noun];
    candidates = measures.filter((m) => nouns.includes(m.words[0] ?? ''));
  } else {
    candidates = measures.filter((m) => !NOT_A_PIECE.has(m.words[0] ?? ''));
  }
  if (candidates.length === 0) return null;
  const sized = (size: Size) =>
    candidates.filter(
      (m) =>
        SIZE_WORDS[size].includes(m.words[0] ?? '') ||
        (m.words[0] !== 'extra' && m.words.slice(0, 2).includes(SIZE_WORDS[size][0] as string)),
    );
  const unsized = candidates.filter((m) => !m.words.some((w) => ALL_SIZE_WORDS.has(w)));
  let chosen: Measured | undefined;
  if (line.size) {
    const wanted = line.sizeWord === 'jumbo' ? candidates.filter((m) => m.words[0] === 'jumbo') : [];
    const ofSize = wanted.length > 0 ? wanted : sized(line.size).filter((m) => line.sizeWord === 'jumbo' || m.words[0] !== 'jumbo');
    chosen = best(ofSize, o.said);
    if (!chosen) {
      chosen = best(unsized, o.said) ?? best(sized('medium'), o.said) ?? best(candidates, o.said);
      if (chosen)
        warnings.push({
          code: 'assumed_size',
          message: `${food.name} has no ${line.size} piece; weighed as "${chosen.key}" (${fmt(chosen.weight / chosen.count)} g each).`,
        });
    }
  } else {
    const preferred = unit === null ? (food.head ? DEFAULT_SIZE_BY_HEAD[food.head] : undefined) : undefined;
    const ofPreferred = preferred ? best(sized(preferred), o.said) : undefined;
    chosen =
      ofPreferred ?? best(unsized, o.said) ?? best(sized('medium'), o.said) ?? best(sized('large'), o.said) ?? best(candidates, o.said);
    if (chosen?.words.some((w) => ALL_SIZE_WORDS.has(w))) {
      warnings.push({
        code: 'assumed_size',
        message: `No size given: weighed as "${chosen.key}" of ${food.name} (${fmt(chosen.weight / chosen.count)} g each).`,
      });
    }
  }
  if (!chosen) return null;
  const grams = (quantity * chosen.weight) / chosen.count;
  return { unit: chosen.key, quantity: quantity / chosen.count, grams, gramsFrom: 'count', native: warnings.length === 0, warnings };
}

/** A US stick of butter is half a cup (8 tablespoons), for a fat that has no stick measure of its own. */
function stickByVolume(food: WeighableFood, quantity: number, o: WeighOptions): Weighed | null {
  if (!/\b(butter|margarine|shortening|spread)\b/i.test(food.name)) return null;
  const byVolume = weighVolume(food, quantity / 2, 'cup', o);
  if (!byVolume) return null;
  return {
    ...byVolume,
    native: false,
    warnings: [...byVolume.warnings, { code: 'assumed_measure', message: 'A stick of butter is taken as 1/2 cup (8 tablespoons).' }],
  };
}

function weighMeasure(food: WeighableFood, line: IngredientLine, m: Measure, count: number, o: WeighOptions): Weighed | null {
  const quantity = amountOf(m) * count;
  if (m.unit === null) return weighPiece(food, line, quantity, null, o);
  const kind = UNIT_INFO[m.unit].kind;
  if (kind === 'mass') return weighMass(quantity, m.unit);
  if (kind === 'volume') return weighVolume(food, quantity, m.unit, o);
  return weighPiece(food, line, quantity, m.unit, o);
}

/**
 * The grams of a line for a food, or null when the food has no measure the line can be weighed in.
 * A mass given anywhere on the line wins ("160 grams flour (1 1/4 cups)", "2 (14.5-ounce) cans");
 * then the line's own amount (each "plus" part weighed and added); then its other amounts in order.
 */
export function weigh(food: WeighableFood, line: IngredientLine, o: WeighOptions): Weighed | null {
  if (line.quantity === null) return null;
  const range = line.quantityMax !== null;
  const rangeWarning = range
    ? [{ code: 'range_midpoint', message: `A range: weighed at its midpoint, ${fmt((line.quantity + (line.quantityMax as number)) / 2)}.` }]
    : [];
  const primaryCount = line.parts.length === 1 && line.parts[0]?.unit === null ? amountOf(line.parts[0]) : 1;
  const primaryIsPiece = line.unit === null || UNIT_INFO[line.unit].kind === 'piece';
  const withRange = (w: Weighed | null) => (w ? { ...w, warnings: [...rangeWarning, ...w.warnings] } : null);

  // 1. A mass anywhere.
  const massPart = line.parts.length === 1 && line.unit !== null && UNIT_INFO[line.unit].kind === 'mass' ? line.parts[0] : undefined;
  if (massPart) return withRange(weighMass(amountOf(massPart), massPart.unit as CanonicalUnit));
  const massAlternate = line.alternates.find((a) => a.unit !== null && UNIT_INFO[a.unit].kind === 'mass');
  if (massAlternate) {
    const each = massAlternate.each && primaryIsPiece ? amountOf({ quantity: line.quantity, quantityMax: line.quantityMax }) : 1;
    return withRange(weighMass(amountOf(massAlternate) * each, massAlternate.unit as CanonicalUnit));
  }
  // 2. The line's own amount, its parts added ("1 cup plus 2 tablespoons").
  if (line.parts.length > 1) {
    const weighed = line.parts.map((p) => weighMeasure(food, line, p, 1, o));
    if (weighed.every((w): w is Weighed => w !== null)) {
      const grams = weighed.reduce((sum, w) => sum + w.grams, 0);
      const [first] = weighed as [Weighed];
      const sameUnit = weighed.every((w) => w.unit === first.unit);
      return {
        unit: sameUnit ? first.unit : '1 gram',
        quantity: sameUnit ? weighed.reduce((sum, w) => sum + w.quantity, 0) : grams,
        grams,
        gramsFrom: first.gramsFrom,
        native: weighed.every((w) => w.native),
        warnings: weighed.flatMap((w) => w.warnings),
      };
    }
  } else {
    const [part] = line.parts;
    const own = part ? weighMeasure(food, line, part, 1, o) : null;
    if (own) return withRange(own);
  }
  // 3. Another amount the line gives ("1 stick (1/2 cup) butter" for a food without a stick measure).
  for (const alternate of line.alternates) {
    const each = alternate.each && primaryIsPiece ? primaryCount : 1;
    const other = weighMeasure(food, line, alternate, each, o);
    if (other) return withRange({ ...other, native: false });
  }
  return null;
}
