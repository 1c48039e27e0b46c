// Allergens of a public-library food, inferred from FoodData Central's food category and description
// (docs/api.md#public-library). FDC publishes no allergen data, so every rule below reads the food's own name; an
// ingredient that got its allergens here carries `allergens_inferred: true` until a person writes them.
//
// Sources, cited rule by rule:
// - FD&C Act 201(qq)(1), added by FALCPA (2004) and amended by the FASTER Act (2021, sesame): the US
//   major food allergens. 403(w)(2): fish and crustacean shellfish are named by species, tree nuts by
//   the specific nut.
// - FDA, "Questions and Answers Regarding Food Allergens, Including the Food Allergen Labeling
//   Requirements of the Federal Food, Drug, and Cosmetic Act (Edition 5)", January 2025, Table 1: the
//   twelve tree nuts that are major food allergens. It removed coconut, beech nut, butternut, chestnut,
//   chinquapin, kola, ginkgo, hickory, lychee, palm, pili and shea nuts: none of those is inferred.
// - FD&C Act 201(qq)(2)(A): a highly refined oil derived from a major food allergen is not one.
// - FDR B.01.010.1(1): Canada's food allergens (adds molluscs, "shellfish", and mustard seeds) and
//   gluten sources (barley, oats, rye, triticale, wheat).
// - Health Canada, "Position on Highly Refined Oils Derived from Food Allergen Sources" (2013): highly
//   refined soybean oil is not an allergen source, but peanut oil always is, and tree nut and sesame
//   oils are usually not highly refined.
//
// Matching is on whole words of the lower-cased, accent-free description, after masking the phrases a
// rule must not read (butter beans, cocoa butter, almond milk...).
import { normalizeAllergens } from '../allergens.js';
import type { AllergenKey } from '../allergens/catalogue.js';
import type { AllergenMap } from '../allergens/values.js';

const US = 'FD&C Act 201(qq)(1) (FALCPA)';
const US_SPECIES = 'FD&C Act 201(qq)(1), named by species under 403(w)(2)';
const US_TREE_NUT = 'FD&C Act 201(qq)(1), 403(w)(2); FDA allergen Q&A Edition 5 (January 2025) Table 1';
const US_SESAME = 'FD&C Act 201(qq)(1) as amended by the FASTER Act (2021)';
const CA = 'FDR B.01.010.1(1)';
const CA_GLUTEN = 'FDR B.01.010.1(1) "gluten"';

export interface FoodText {
  description: string;
  /** FDC's food_category description, e.g. "Dairy and Egg Products". */
  category: string | null;
}

export interface InferenceRule {
  /** Stable name, shown in tests and reports. */
  id: string;
  allergen: AllergenKey;
  /** What is stored: `true`, a subtype / species, or one read from the match. */
  value: true | string | ((match: RegExpExecArray, text: string) => true | string);
  /** Tested against the normalised description (after `mask`). */
  match: RegExp;
  /** Only foods of these FDC categories. */
  categories?: readonly string[];
  /** Phrases removed before matching: what looks like the allergen word but is not the allergen. */
  mask?: RegExp;
  /** The rule does not apply to a food whose description matches this. */
  unless?: RegExp;
  /** FD&C Act 201(qq)(2)(A): the rule does not apply to a highly refined oil. */
  refinedOilExempt?: boolean;
  cite: string;
}

const DAIRY = 'Dairy and Egg Products';
const SEAFOOD = 'Finfish and Shellfish Products';
const BAKED = 'Baked Products';
const GRAINS = 'Cereal Grains and Pasta';

// Plant "milks", "butters" and "creams", and names where the word is not dairy at all.
const NOT_DAIRY = new RegExp(
  [
    '\\b(almond|soy|soya|oat|rice|coconut|cashew|hemp|pea|flax|hazelnut|walnut|macadamia|peanut|nut|seed|sesame|sunflower|pumpkin seed|cocoa|cacao|shea|apple|fruit|mango|pumpkin)s? (milk|butter|cream|cheese|yogh?urt|beverage|drink)s?\\b',
    '\\bbutter beans?\\b',
    '\\bcream of (tartar|coconut)\\b',
    '\\bbean curds?\\b',
    '\\bmilk thistle\\b',
    '\\bmilkweed\\b',
    '\\b(non|dairy)[- ]?(dairy|free)\\b',
  ].join('|'),
  'g',
);

/** "salmon, atlantic" -> the catalogue's species where the text names one, else the FDC name's second part. */
function speciesOf(names: readonly string[], fallbackSegment: boolean) {
  const pattern = new RegExp(`\\b(${names.join('|')})\\b`);
  return (_match: RegExpExecArray, text: string): true | string => {
    const named = pattern.exec(text);
    if (named) return singular(named[1] ?? ''); // the one group always takes part in a match
    if (!fallbackSegment) return true;
    // "Fish, haddock, raw": FDC puts the species second.
    const second = text.split(',')[1]?.trim();
    return second &&
      /^[a-z][a-z ]*$/.test(second) &&
      !/\b(raw|cooked|canned|frozen|dried|smoked|mixed species|roe|caviar|fillets?|steaks?|sticks?|cakes?|paste|sauce|oil)\b/.test(second)
      ? second
      : true;
  };
}

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

const FISH_SPECIES = [
  'anchovy',
  'anchovies',
  'bass',
  'catfish',
  'cod',
  'haddock',
  'halibut',
  'herring',
  'mackerel',
  'pollock',
  'salmon',
  'sardines?',
  'snapper',
  'sole',
  'tilapia',
  'trout',
  'tuna',
  'flounder',
  'perch',
  'pike',
  'carp',
  'swordfish',
  'mahimahi',
  'grouper',
  'whiting',
  'hake',
  'bluefish',
  'roughy',
  'walleye',
  'whitefish',
  'shad',
  'smelt',
  'sturgeon',
  'eel',
  'monkfish',
  'rockfish',
  'pompano',
  'butterfish',
  'mullet',
  'milkfish',
  'croaker',
  'tilefish',
  'wolffish',
  'cusk',
  'burbot',
  'pollack',
  'turbot',
  'orange roughy',
];
const CRUSTACEANS = ['shrimps?', 'prawns?', 'crabs?', 'lobsters?', 'crayfish', 'crawfish', 'langoustines?', 'krill', 'scampi'];
const MOLLUSCS = [
  'clams?',
  'mussels?',
  'oysters?',
  'scallops?',
  'squid',
  'calamari',
  'octopus',
  'abalone',
  'snails?',
  'escargots?',
  'whelks?',
  'cuttlefish',
  'conch',
  'periwinkles?',
  'cockles?',
];

const words = (list: readonly string[]) => new RegExp(`\\b(${list.join('|')})\\b`);

/** The rules, in the order their findings are merged. */
export const ALLERGEN_RULES: readonly InferenceRule[] = [
  // --- Milk -------------------------------------------------------------------------------------
  {
    id: 'milk-dairy-category',
    allergen: 'milk',
    value: milkKind,
    match: /./,
    categories: [DAIRY],
    unless: /\beggs?\b/,
    cite: `${US} "milk"; ${CA} "milk"`,
  },
  {
    id: 'milk-dairy-words',
    allergen: 'milk',
    value: milkKind,
    match:
      /\b(milk|butter|buttermilk|cheeses?|cream|yogh?urts?|whey|caseins?|caseinates?|ghee|kefir|lactose|custard|ice cream|milk chocolate)\b/,
    mask: NOT_DAIRY,
    cite: `${US} "milk"; ${CA} "milk"`,
  },

  // --- Egg --------------------------------------------------------------------------------------
  {
    id: 'egg-words',
    allergen: 'egg',
    value: eggKind,
    match: /\b(eggs?|egg whites?|egg yolks?|mayonnaise|meringues?|eggnog)\b/,
    mask: /\begg[- ]?free\b|\beggless\b/g,
    cite: `${US} "eggs"; ${CA} "eggs"`,
  },

  // --- Fish (by species) ------------------------------------------------------------------------
  {
    id: 'fish-seafood-category',
    allergen: 'fish',
    value: speciesOf(FISH_SPECIES, true),
    match: /^fish\b/,
    categories: [SEAFOOD],
    cite: `${US_SPECIES} "fish"; ${CA} "fish"`,
  },
  {
    id: 'fish-species',
    allergen: 'fish',
    value: speciesOf(FISH_SPECIES, false),
    match: words(FISH_SPECIES),
    unless: /^(crustaceans|mollusks)\b/,
    cite: `${US_SPECIES} "fish"; ${CA} "fish"`,
  },
  {
    id: 'fish-word',
    allergen: 'fish',
    value: speciesOf(FISH_SPECIES, false),
    match: /\bfish\b/,
    cite: `${US_SPECIES} "fish"; ${CA} "fish"`,
  },

  // --- Crustacean shellfish (by species) and molluscs (Canada) ------------------------------------
  {
    id: 'crustacean-species',
    allergen: 'crustacean_shellfish',
    value: speciesOf(CRUSTACEANS, false),
    match: new RegExp(`${words(CRUSTACEANS).source}|^crustaceans\\b`),
    mask: /\bcrab ?apples?\b/g,
    cite: `${US_SPECIES} "crustacean shellfish"; ${CA} "crustaceans"`,
  },
  // "Mushroom, oyster" and "mushrooms, king oyster" are fungi.
  {
    id: 'mollusc-oyster',
    allergen: 'mollusc',
    value: 'oyster',
    match: /\boysters?\b/,
    unless: /\bmushrooms?\b/,
    cite: `${CA} "shellfish" (molluscs; not a US major allergen)`,
  },
  {
    id: 'mollusc-species',
    allergen: 'mollusc',
    value: speciesOf(
      MOLLUSCS.filter((m) => !m.startsWith('oyster')),
      false,
    ),
    match: new RegExp(`${words(MOLLUSCS.filter((m) => !m.startsWith('oyster'))).source}|^mollusks\\b`),
    cite: `${CA} "shellfish" (molluscs; not a US major allergen)`,
  },

  // --- Tree nuts (Edition 5 Table 1; Canada's nine) ------------------------------------------------
  treeNut('tree-nut-almond', 'almond', /\balmonds?\b/),
  treeNut('tree-nut-brazil-nut', 'brazil_nut', /\bbrazil ?nuts?\b/),
  treeNut('tree-nut-cashew', 'cashew', /\bcashews?\b/),
  treeNut('tree-nut-hazelnut', 'hazelnut', /\b(hazelnuts?|filberts?)\b/),
  treeNut('tree-nut-macadamia', 'macadamia', /\b(macadamias?|bush nuts?)\b/),
  treeNut('tree-nut-pecan', 'pecan', /\bpecans?\b/),
  treeNut('tree-nut-pine-nut', 'pine_nut', /\b(pine ?nuts?|pinyon|pinon|pignolia|pignoli)\b/),
  treeNut('tree-nut-pistachio', 'pistachio', /\bpistachios?\b/),
  {
    id: 'tree-nut-walnut',
    allergen: 'tree_nut',
    match: /\b(walnuts?|heartnuts?)\b/,
    cite: `${US_TREE_NUT}; ${CA} "walnuts"`,
    value: (_m, text) =>
      /\bblack walnuts?\b/.test(text)
        ? 'black walnut'
        : /\bcalifornia walnuts?\b/.test(text)
          ? 'california walnut'
          : /\b(heartnuts?|japanese walnuts?)\b/.test(text)
            ? 'heartnut'
            : 'walnut',
  },
  { id: 'tree-nut-mixed', allergen: 'tree_nut', value: true, match: /\bmixed nuts\b/, cite: `${US_TREE_NUT}; ${CA}` },

  // --- Peanuts, soybeans (highly refined oils exempt), sesame, mustard -------------------------------
  {
    id: 'peanut',
    allergen: 'peanut',
    value: true,
    match: /\b(peanuts?|groundnuts?|arachis)\b/,
    refinedOilExempt: true,
    cite: `${US} "peanuts"; ${CA} "peanuts"`,
  },
  {
    id: 'soy',
    allergen: 'soy',
    value: true,
    match: /\b(soy|soya|soybeans?|soy beans?|tofu|edamame|miso|tempeh|natto|shoyu|tamari)\b/,
    refinedOilExempt: true,
    cite: `${US} "soybeans"; ${CA} "soybeans"`,
  },
  {
    id: 'sesame',
    allergen: 'sesame',
    value: true,
    match: /\b(sesame|tahini|halvah?|gomasio)\b/,
    cite: `${US_SESAME} "sesame"; ${CA} "sesame seeds"`,
  },
  // Hummus is chickpeas ground with tahini (sesame paste).
  { id: 'sesame-hummus', allergen: 'sesame', value: true, match: /\bhumm?us\b/, cite: `${US_SESAME} "sesame"; ${CA} "sesame seeds"` },
  // Mustard greens are the leaves; the allergen is the seed.
  {
    id: 'mustard',
    allergen: 'mustard',
    value: true,
    match: /\bmustard\b/,
    mask: /\bmustard (greens?|spinach|leaves)\b/g,
    cite: `${CA} "mustard seeds" (not a US major allergen)`,
  },

  // --- Wheat, triticale, and Canada's other gluten sources ------------------------------------------
  { id: 'wheat-word', allergen: 'wheat', value: true, match: /\bwheat\b/, cite: `${US} "wheat"; ${CA} "wheat"` },
  { id: 'wheat-durum', allergen: 'wheat', value: 'durum', match: /\b(semolina|durum)\b/, cite: `${US} "wheat"; ${CA} "wheat"` },
  { id: 'wheat-spelt', allergen: 'wheat', value: 'spelt', match: /\bspelt\b/, cite: `${US} "wheat"; ${CA} "wheat"` },
  { id: 'wheat-khorasan', allergen: 'wheat', value: 'khorasan', match: /\b(kamut|khorasan)\b/, cite: `${US} "wheat"; ${CA} "wheat"` },
  { id: 'wheat-einkorn', allergen: 'wheat', value: 'einkorn', match: /\beinkorn\b/, cite: `${US} "wheat"; ${CA} "wheat"` },
  { id: 'wheat-emmer', allergen: 'wheat', value: 'emmer', match: /\b(emmer|farro)\b/, cite: `${US} "wheat"; ${CA} "wheat"` },
  {
    id: 'wheat-foods',
    allergen: 'wheat',
    value: true,
    match: /\b(bulgur|couscous|seitan|farina|freekeh|breaded|batter|battered|bread ?crumbs?|croutons?|panko)\b/,
    cite: `${US} "wheat"; ${CA} "wheat"`,
  },
  // FDC names wheat flours by use: "Flour, bread, white", "Flour, pastry", "Flour, 00".
  {
    id: 'wheat-flour-names',
    allergen: 'wheat',
    value: true,
    match: /^flour, (00|bread|pastry|cake|all-purpose|self-rising)\b/,
    categories: [GRAINS],
    cite: `${US} "wheat"; ${CA} "wheat"`,
  },
  {
    id: 'wheat-pasta',
    allergen: 'wheat',
    value: true,
    categories: [GRAINS],
    match: /\b(pasta|spaghetti|macaroni|noodles?|lasagna|ravioli|tortellini|vermicelli|linguine|fettuccine|penne)\b/,
    unless: /\b(rice|corn|soba|buckwheat|quinoa|bean|chickpea|lentil|gluten[- ]free)\b/,
    cite: `${US} "wheat"; ${CA} "wheat"`,
  },
  {
    id: 'wheat-baked-goods',
    allergen: 'wheat',
    value: true,
    categories: [BAKED],
    match:
      /^(breads?|rolls?|buns?|bagels?|biscuits?|cakes?|cookies?|crackers?|croissants?|muffins?|english muffins?|pastr(y|ies)|pies?|pie crust|doughnuts?|danish pastry|waffles?|pancakes?|pita|pretzels?|crumpets?|scones?|brownies?)\b/,
    unless: /\b(gluten[- ]free|corn|rice)\b/,
    cite: `${US} "wheat"; ${CA} "wheat"`,
  },
  { id: 'triticale', allergen: 'triticale', value: true, match: /\btriticale\b/, cite: `${US} "wheat"; ${CA} "triticale"` },
  { id: 'gluten-barley', allergen: 'gluten', value: 'barley', match: /\bbarley\b/, cite: `${CA_GLUTEN}, barley (not a US major allergen)` },
  { id: 'gluten-rye', allergen: 'gluten', value: 'rye', match: /\brye\b/, cite: `${CA_GLUTEN}, rye (not a US major allergen)` },
  {
    id: 'gluten-oats',
    allergen: 'gluten',
    value: 'oats',
    match: /\b(oats?|oatmeal)\b/,
    cite: `${CA_GLUTEN}, oats (not a US major allergen)`,
  },
];

function treeNut(id: string, nut: string, match: RegExp): InferenceRule {
  return { id, allergen: 'tree_nut', value: nut.replace(/_/g, ' '), match, cite: `${US_TREE_NUT}; ${CA}` };
}

function milkKind(_match: RegExpExecArray, text: string): true | string {
  if (/\bgoats?\b/.test(text)) return 'goat';
  if (/\b(sheep|ewes?)\b/.test(text)) return 'sheep';
  if (/\b(water buffalo|bufala)\b/.test(text)) return 'buffalo';
  return true;
}

function eggKind(_match: RegExpExecArray, text: string): true | string {
  const bird = /\b(duck|goose|quail)\b/.exec(text);
  return bird?.[1] ?? true;
}

/** Lower case, accents and curly quotes removed, single spaces. */
export function normaliseFoodText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

// The food is the oil itself ("Oil, peanut", "Soybean oil", "Vegetable oil (100% soybean oil)") and
// nothing says it kept its protein: cold-pressed, expeller-pressed, extruded (FDA's Q&A), unrefined,
// virgin, roasted or toasted oils are not highly refined.
const OIL_FOOD = /^(oils?\b|[a-z %()0-9-]*\boils?\b[^,]*$)/;
const NOT_HIGHLY_REFINED = /\b(cold[- ]?pressed|expeller|extruded|unrefined|virgin|roasted|toasted|crude|gourmet)\b/;

export function isHighlyRefinedOil(text: string): boolean {
  const [first = ''] = text.split(',');
  return OIL_FOOD.test(first.trim()) && !NOT_HIGHLY_REFINED.test(text);
}

export interface RuleFinding {
  rule: string;
  allergen: AllergenKey;
  value: true | string;
}

export interface Inference {
  /** Canonical allergens (src/core/allergens), {} when nothing was inferred. */
  allergens: AllergenMap;
  findings: RuleFinding[];
  /** What a person should know about this food's allergens (e.g. a jurisdiction that differs). */
  notes: string[];
}

export function inferAllergens(food: FoodText): Inference {
  const text = normaliseFoodText(food.description);
  const refinedOil = isHighlyRefinedOil(text);
  const findings: RuleFinding[] = [];
  const notes: string[] = [];
  for (const rule of ALLERGEN_RULES) {
    if (rule.categories && (food.category === null || !rule.categories.includes(food.category))) continue;
    if (rule.unless?.test(text)) continue;
    const subject = rule.mask ? text.replace(rule.mask, ' ') : text;
    const match = rule.match.exec(subject);
    if (!match) continue;
    if (rule.refinedOilExempt && refinedOil) {
      if (rule.allergen === 'peanut') {
        notes.push(
          'highly refined peanut oil: not a major food allergen in the US (FD&C Act 201(qq)(2)(A)), but Health Canada (2013) requires peanut oil declared; add peanut for Canadian labels',
        );
      }
      continue;
    }
    const value = typeof rule.value === 'function' ? rule.value(match, subject) : rule.value;
    findings.push({ rule: rule.id, allergen: rule.allergen, value });
  }
  return { allergens: mergeFindings(findings), findings, notes };
}

/** One value per allergen: species and subtypes listed together; plain `true` only when nothing more specific was found. */
function mergeFindings(findings: readonly RuleFinding[]): AllergenMap {
  const byKey = new Map<AllergenKey, Set<string>>();
  for (const f of findings) {
    const set = byKey.get(f.allergen) ?? new Set<string>();
    if (f.value !== true) set.add(f.value);
    byKey.set(f.allergen, set);
  }
  const raw: Record<string, true | string> = {};
  for (const [key, values] of byKey) raw[key] = values.size === 0 ? true : [...values].join(', ');
  const normalized = normalizeAllergens(raw);
  // The rules only produce catalogue keys and subtypes; a failure here is a bug in this table.
  if (!normalized.ok) throw new Error(`allergen inference produced an invalid map: ${normalized.errors.join('; ')}`);
  return normalized.value;
}
