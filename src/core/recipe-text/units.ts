// The units a recipe line may name (docs/api.md#recipe-text-reading): the canonical list a parse
// answers with, the spellings people write for each (plurals, abbreviations with or without a period,
// "T" for a tablespoon and "t" for a teaspoon), and what each is in millilitres or grams. Volumes are
// US customary (NIST Handbook 44: a cup is 236.5882365 mL), as src/core/units.ts converts them; a
// recipe read as en-GB, en-AU or en-NZ gets the sizes of its own kitchen (below, measureSizes).

export const CANONICAL_UNITS = [
  'g',
  'kg',
  'mg',
  'oz',
  'lb',
  'ml',
  'l',
  'tsp',
  'tbsp',
  'cup',
  'fl oz',
  'pint',
  'quart',
  'gallon',
  'pinch',
  'dash',
  'stick',
  'clove',
  'slice',
  'can',
  'package',
  'bunch',
  'sprig',
] as const;
export type CanonicalUnit = (typeof CANONICAL_UNITS)[number];

export type UnitKind = 'mass' | 'volume' | 'piece';

export interface UnitInfo {
  kind: UnitKind;
  /** Grams (mass) or US millilitres (volume); null for a piece, whose grams depend on the food. */
  size: number | null;
  /** The key of src/core/units.ts this unit is stored under on an ingredient ("1 cup"), where there is one. */
  key: string | null;
}

const TSP = 4.92892159375;
const TBSP = 14.78676478125;
const CUP = 236.5882365;

export const UNIT_INFO: Readonly<Record<CanonicalUnit, UnitInfo>> = {
  g: { kind: 'mass', size: 1, key: '1 gram' },
  kg: { kind: 'mass', size: 1000, key: '1 kg' },
  mg: { kind: 'mass', size: 0.001, key: null },
  oz: { kind: 'mass', size: 28.349523125, key: '1 oz' },
  lb: { kind: 'mass', size: 453.59237, key: '1 lb' },
  ml: { kind: 'volume', size: 1, key: '1 ml' },
  l: { kind: 'volume', size: 1000, key: '1 liter' },
  tsp: { kind: 'volume', size: TSP, key: '1 teaspoon' },
  tbsp: { kind: 'volume', size: TBSP, key: '1 tablespoon' },
  cup: { kind: 'volume', size: CUP, key: '1 cup' },
  'fl oz': { kind: 'volume', size: 29.5735295625, key: '1 fl oz' },
  pint: { kind: 'volume', size: 473.176473, key: '1 pint' },
  quart: { kind: 'volume', size: 946.352946, key: '1 quart' },
  gallon: { kind: 'volume', size: 3785.411784, key: '1 gallon' },
  // A pinch is 1/16 and a dash 1/8 of a teaspoon, as US measuring-spoon sets mark them.
  pinch: { kind: 'volume', size: TSP / 16, key: null },
  dash: { kind: 'volume', size: TSP / 8, key: null },
  stick: { kind: 'piece', size: null, key: null },
  clove: { kind: 'piece', size: null, key: null },
  slice: { kind: 'piece', size: null, key: null },
  can: { kind: 'piece', size: null, key: null },
  package: { kind: 'piece', size: null, key: null },
  bunch: { kind: 'piece', size: null, key: null },
  sprig: { kind: 'piece', size: null, key: null },
};

/** What a written unit means: a canonical unit, times a factor (a decilitre is 100 ml; a dessertspoon two teaspoons). */
export interface UnitWord {
  unit: CanonicalUnit;
  factor: number;
}

const spellings: Array<[CanonicalUnit, string[], number?]> = [
  ['g', ['g', 'g.', 'gr', 'gr.', 'gram', 'grams', 'gramme', 'grammes', 'gm', 'gms', 'grm']],
  ['kg', ['kg', 'kg.', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms', 'kilogramme', 'kilogrammes']],
  ['mg', ['mg', 'mg.', 'milligram', 'milligrams', 'milligramme', 'milligrammes']],
  ['oz', ['oz', 'oz.', 'ozs', 'ounce', 'ounces', 'onz']],
  ['lb', ['lb', 'lb.', 'lbs', 'lbs.', 'pound', 'pounds']],
  ['ml', ['ml', 'ml.', 'mls', 'milliliter', 'milliliters', 'millilitre', 'millilitres', 'cc']],
  ['ml', ['cl', 'centiliter', 'centiliters', 'centilitre', 'centilitres'], 10],
  ['ml', ['dl', 'deciliter', 'deciliters', 'decilitre', 'decilitres'], 100],
  ['l', ['l', 'l.', 'liter', 'liters', 'litre', 'litres', 'ltr', 'ltrs']],
  ['tsp', ['tsp', 'tsp.', 'tsps', 'tsps.', 'teaspoon', 'teaspoons', 'teaspoonful', 'teaspoonfuls', 'ts', 'tspn', 'tspns']],
  ['tsp', ['dessertspoon', 'dessertspoons', 'dsp', 'dsp.', 'dstspn'], 2],
  [
    'tbsp',
    [
      'tbsp',
      'tbsp.',
      'tbsps',
      'tbsps.',
      'tbs',
      'tbs.',
      'tbl',
      'tbl.',
      'tbls',
      'tblsp',
      'tblsp.',
      'tb',
      'tb.',
      'tablespoon',
      'tablespoons',
      'tablespoonful',
      'tablespoonfuls',
    ],
  ],
  ['cup', ['cup', 'cups', 'cupful', 'cupfuls', 'c', 'c.']],
  ['fl oz', ['fl oz', 'fl. oz', 'fl. oz.', 'fl oz.', 'fl.oz', 'fl.oz.', 'floz', 'fluid ounce', 'fluid ounces', 'fl ounce', 'fl ounces']],
  ['pint', ['pint', 'pints', 'pt', 'pt.', 'pts']],
  ['quart', ['quart', 'quarts', 'qt', 'qt.', 'qts']],
  ['gallon', ['gallon', 'gallons', 'gal', 'gal.', 'gals']],
  ['pinch', ['pinch', 'pinches']],
  ['dash', ['dash', 'dashes']],
  ['stick', ['stick', 'sticks']],
  ['clove', ['clove', 'cloves']],
  ['slice', ['slice', 'slices']],
  ['can', ['can', 'cans', 'tin', 'tins']],
  [
    'package',
    [
      'package',
      'packages',
      'pkg',
      'pkg.',
      'pkgs',
      'packet',
      'packets',
      'pack',
      'packs',
      'envelope',
      'envelopes',
      'sachet',
      'sachets',
      'bag',
      'bags',
      'box',
      'boxes',
      'jar',
      'jars',
      'carton',
      'cartons',
      'container',
      'containers',
      'tub',
      'tubs',
      'bottle',
      'bottles',
    ],
  ],
  ['bunch', ['bunch', 'bunches', 'bn']],
  ['sprig', ['sprig', 'sprigs']],
];

const UNIT_WORDS = new Map<string, UnitWord>();
for (const [unit, words, factor = 1] of spellings) for (const word of words) UNIT_WORDS.set(word, { unit, factor });
/** Case decides these two: "T" is a tablespoon, "t" a teaspoon (and "C" as well as "c" a cup). */
const CASED: ReadonlyMap<string, UnitWord> = new Map([
  ['T', { unit: 'tbsp', factor: 1 }],
  ['T.', { unit: 'tbsp', factor: 1 }],
  ['Tb', { unit: 'tbsp', factor: 1 }],
  ['t', { unit: 'tsp', factor: 1 }],
  ['t.', { unit: 'tsp', factor: 1 }],
]);

/** Unit spellings of more than one word, longest first ("fluid ounces" before "fl oz"). */
export const MULTI_WORD_UNITS = [...UNIT_WORDS.keys()].filter((w) => w.includes(' ')).sort((a, b) => b.length - a.length);

/** The unit a written word names ("Tbsp." -> tbsp), or undefined. */
export function unitWord(written: string): UnitWord | undefined {
  return CASED.get(written) ?? UNIT_WORDS.get(written.toLowerCase());
}

/**
 * Counted things that are no unit of the canonical list but say which piece of a food is meant
 * ("3 stalks celery", "2 ears corn"): the line's unit stays null (a count), and the word picks the
 * food's household measure of that name.
 */
const COUNT_NOUNS: ReadonlyMap<string, string> = new Map(
  [
    ['stalk', 'stalks'],
    ['rib', 'ribs'],
    ['head', 'heads'],
    ['leaf', 'leaves'],
    ['piece', 'pieces'],
    ['fillet', 'fillets'],
    ['ear', 'ears'],
    ['sheet', 'sheets'],
    ['cube', 'cubes'],
    ['strip', 'strips'],
    ['rasher', 'rashers'],
    ['wedge', 'wedges'],
    ['drop', 'drops'],
    ['handful', 'handfuls'],
    ['knob', 'knobs'],
    ['square', 'squares'],
    ['bar', 'bars'],
    ['loaf', 'loaves'],
    ['link', 'links'],
    ['scoop', 'scoops'],
  ].flatMap(([one, many]) => [
    [one as string, one as string],
    [many as string, one as string],
  ]),
);

/** The singular of a count noun ("stalks" -> "stalk"), or undefined when the word is none. */
export function countNoun(word: string): string | undefined {
  return COUNT_NOUNS.get(word.toLowerCase());
}

/** Units that hold a packed amount: "2 (14.5-ounce) cans" is 29 ounces, "2 cans (15 oz each)" 30. */
export const CONTAINERS: ReadonlySet<CanonicalUnit> = new Set(['can', 'package', 'stick']);

/**
 * The languages a recipe can be read in (`language`, docs/api.md#recipe-text). English as written in the
 * United States ("en", the default), Canada, the United Kingdom, Ireland, Australia and New Zealand:
 * the same words, some of them other foods ("plain flour", "icing sugar", "double cream"), and some
 * measures of other sizes.
 */
export const RECIPE_LANGUAGES = ['en', 'en-US', 'en-CA', 'en-GB', 'en-IE', 'en-AU', 'en-NZ'] as const;
export type RecipeLanguage = (typeof RECIPE_LANGUAGES)[number];

/** The language as written, in any case ("EN-gb"), or undefined when it is none we read. */
export function recipeLanguage(written: string): RecipeLanguage | undefined {
  const lower = written.trim().toLowerCase();
  return RECIPE_LANGUAGES.find((l) => l.toLowerCase() === lower);
}

/** Whether the language writes British English food words ("plain flour", "caster sugar", "double cream"). */
export const isBritishKitchen = (language: RecipeLanguage) => ['en-GB', 'en-IE', 'en-AU', 'en-NZ'].includes(language);

/**
 * Measures whose size differs from the US one in a kitchen (millilitres): the Australian tablespoon
 * is 20 mL and the metric cup of Australia and New Zealand 250 mL (Standards Australia AS 2787); the
 * British and Irish pint, quart and gallon are imperial (Weights and Measures Act 1985, Schedule 1:
 * the gallon is 4.54609 L) and so is their fluid ounce (28.4130625 mL).
 */
export function measureSize(unit: CanonicalUnit, language: RecipeLanguage): number | null {
  const us = UNIT_INFO[unit].size;
  if (language === 'en-AU' && unit === 'tbsp') return 20;
  if ((language === 'en-AU' || language === 'en-NZ') && unit === 'cup') return 250;
  if (language === 'en-GB' || language === 'en-IE') {
    if (unit === 'pint') return 568.26125;
    if (unit === 'quart') return 1136.5225;
    if (unit === 'gallon') return 4546.09;
    if (unit === 'fl oz') return 28.4130625;
  }
  return us;
}
