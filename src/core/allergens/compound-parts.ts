// Which ingredient of a compound ingredient carries each of its allergens. A compound ingredient (chocolate
// chips whose own list is "sugar, chocolate, cocoa butter, milkfat, soy lecithin, vanilla extract") states
// its allergens for the whole; a market that emphasises allergens inside the list (Regulation (EU)
// 1169/2011 Art. 21(1)(b); FSANZ Standard 1.2.3—4, PEAL) emphasises each at the ingredient it comes from,
// so "milkfat" carries the milk and "soy lecithin" the soy, never "vanilla extract". An allergen that no
// ingredient of the list names stays with the compound ingredient itself, whose name then carries it.
//
// An ingredient of the list names an allergen when its words hold the allergen's name in the list's
// language (the Annex II names, src/core/allergens/annex-ii.ts) or one of the foods made of it (butter,
// cream, whey ... for milk), after the phrases that only look like one are set aside (cocoa butter, coconut
// milk, peanut butter, buckwheat). docs/labeling.md#compound-ingredients.
import { annexIiEntries, annexIiSpellings, type EuBase } from './annex-ii.js';
import type { StatementItem } from './emphasis.js';
import type { AllergenMap } from './values.js';

/** A list's ingredient as the statement code reads it (src/core/recipe/ingredient-list.ts). */
export interface ListEntry {
  text: string;
  parts?: ListEntry[];
  after?: string;
}

/** Foods made of milk, by language: an ingredient named so carries milk without saying "milk". */
const MILK_FOODS: Readonly<Record<EuBase, readonly string[]>> = {
  en: [
    'milkfat',
    'butterfat',
    'butter',
    'buttermilk',
    'cream',
    'whey',
    'casein',
    'caseinate',
    'lactose',
    'cheese',
    'yoghurt',
    'yogurt',
    'ghee',
    'curd',
  ],
  fr: [
    'beurre',
    'crème',
    'laitier',
    'laitière',
    'laitières',
    'lactosérum',
    'petit-lait',
    'caséine',
    'caséinate',
    'lactose',
    'fromage',
    'yaourt',
    'babeurre',
  ],
  de: ['Butter', 'Sahne', 'Rahm', 'Molke', 'Kasein', 'Casein', 'Laktose', 'Lactose', 'Käse', 'Joghurt', 'Butterreinfett'],
  es: [
    'mantequilla',
    'nata',
    'crema de leche',
    'suero',
    'caseína',
    'caseinato',
    'lactosa',
    'queso',
    'yogur',
    // "grasa láctea", "sólidos lácteos", "grasa butírica" (Mexico's lists).
    'láctea',
    'lácteo',
    'butírica',
  ],
  it: ['burro', 'panna', 'siero', 'caseina', 'caseinato', 'lattosio', 'formaggio', 'yogurt'],
  nl: ['boter', 'room', 'wei', 'caseïne', 'caseïnaat', 'lactose', 'kaas', 'yoghurt'],
};

/** Phrases that hold an allergen's word without being it, by language. */
const NOT_THE_ALLERGEN: Readonly<Record<EuBase, readonly string[]>> = {
  en: [
    'cocoa butter',
    'cacao butter',
    'shea butter',
    'peanut butter',
    'nut butter',
    'coconut milk',
    'coconut cream',
    'almond milk',
    'oat milk',
    'soy milk',
    'rice milk',
    'cream of tartar',
    'butter beans',
    'buckwheat',
  ],
  fr: ['beurre de cacao', 'beurre de karité', 'lait de coco', 'crème de coco', "lait d'amande", 'crème de tartre', 'blé noir', 'sarrasin'],
  de: ['Kakaobutter', 'Sheabutter', 'Erdnussbutter', 'Kokosmilch', 'Mandelmilch', 'Hafermilch', 'Buchweizen'],
  es: ['manteca de cacao', 'manteca de karité', 'leche de coco', 'leche de almendra', 'crémor tártaro', 'trigo sarraceno', 'alforfón'],
  it: ['burro di cacao', 'burro di karité', 'latte di cocco', 'latte di mandorla', 'cremor tartaro', 'grano saraceno'],
  nl: ['cacaoboter', 'sheaboter', 'pindakaas', 'kokosmelk', 'amandelmelk', 'havermelk', 'boekweit'],
};

/** Languages that write compound words as one ("Magermilchpulver", "tarwebloem"). */
const COMPOUNDS: ReadonlySet<EuBase> = new Set(['de', 'nl']);

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const lower = (text: string): string => text.toLocaleLowerCase();

/** The allergen keys of a map with a value that declares something. */
function keysOf(allergens: AllergenMap): string[] {
  return Object.keys(allergens).filter((key) => annexIiEntries({ [key]: allergens[key] as true | string }).entries.length > 0);
}

/** The words that name `key` (with its value) in the language: its Annex II spellings and the foods made of it. */
function wordsFor(key: string, value: true | string, base: EuBase): string[] {
  const words = annexIiEntries({ [key]: value }).entries.flatMap((entry) => annexIiSpellings(base, entry));
  if (key === 'milk') words.push(...MILK_FOODS[base]);
  return words.map(lower);
}

/** Whether the text names the allergen, once the phrases that only look like it are set aside. */
export function textNamesAllergen(text: string, key: string, value: true | string, base: EuBase): boolean {
  let masked = ` ${lower(text)} `;
  for (const phrase of NOT_THE_ALLERGEN[base]) masked = masked.split(lower(phrase)).join(' ');
  const inside = COMPOUNDS.has(base);
  for (const word of wordsFor(key, value, base)) {
    // English writes a few milk foods as one word ("milkfat", "buttermilk"): "milk" is found inside a word there too.
    const within = inside ? word.length >= 4 : base === 'en' && word === 'milk';
    const pattern = within ? escapeRegExp(word) : `(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?:s|es|x)?(?![\\p{L}\\p{N}])`;
    if (new RegExp(pattern, 'u').test(masked)) return true;
  }
  return false;
}

/**
 * The compound ingredient's list as statement items, each allergen of the compound given to the
 * ingredients of the list that name it (at the deepest level that does), and the allergens no ingredient
 * names (they stay with the compound ingredient).
 */
export function attributeAllergens(
  allergens: AllergenMap,
  entries: readonly ListEntry[],
  base: EuBase,
): { parts: StatementItem[]; unplaced: AllergenMap } {
  const keys = keysOf(allergens);
  const placed = new Set<string>();
  const walk = (list: readonly ListEntry[]): StatementItem[] =>
    list.map((entry) => {
      const parts = entry.parts ? walk(entry.parts) : undefined;
      const own: Record<string, true | string> = {};
      for (const key of keys) {
        const value = allergens[key] as true | string;
        // Emphasised at the deepest ingredient that names it: a list inside this one that does keeps it.
        const below = parts?.some(function holds(p: StatementItem): boolean {
          return key in p.allergens || (p.parts?.some(holds) ?? false);
        });
        if (below) continue;
        if (textNamesAllergen(`${entry.text} ${entry.after ?? ''}`, key, value, base)) {
          own[key] = value;
          placed.add(key);
        }
      }
      const item: StatementItem = { text: entry.text, allergens: own };
      if (parts) item.parts = parts;
      if (entry.after) item.after = entry.after;
      return item;
    });
  const parts = walk(entries);
  const unplaced: Record<string, true | string> = {};
  for (const [key, value] of Object.entries(allergens)) if (!placed.has(key)) unplaced[key] = value;
  return { parts, unplaced };
}
