// Reading one allergen value (true / "true" / "salmon, tuna" / ...) and collecting values into canonical form.
import {
  ALLERGENS,
  type AllergenDefinition,
  type AllergenKey,
  type DeclaredNames,
  type AllergenSubtype,
  findSubtype,
  namesCategory,
} from './catalogue.js';

export type AllergenMap = Record<string, true | string>;

// docs/api.md#allergens: true / "true" / "1" set the allergen; false / "false" / "0" / "" / null drop the key.
// "yes"/"no" as well, so that {"fish": "yes"} is not read as a species called "yes".
const TRUE_TEXT = new Set(['true', '1', 'yes']);
const FALSE_TEXT = new Set(['false', '0', '', 'no']);

/** Longest string accepted as one value; longer text is not a list of species. */
export const MAX_VALUE_LENGTH = 500;

export type ParsedValue = { kind: 'drop' } | { kind: 'generic' } | { kind: 'list'; items: string[] } | { kind: 'invalid'; reason: string };

/** "Atlantic  Salmon , tuna" -> ["atlantic salmon", "tuna"]. */
function splitList(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((item) => item.toLowerCase().replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

export function parseValue(value: unknown): ParsedValue {
  if (value === true || value === 1) return { kind: 'generic' };
  if (value === false || value === 0 || value === null || value === undefined) return { kind: 'drop' };
  // qs turns `allergens[tree_nut][]=almond&allergens[tree_nut][]=pecan` into an array.
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return parseValue(value.join(', '));
  if (typeof value !== 'string') {
    return { kind: 'invalid', reason: 'expected true, false or a string naming the species or subtypes' };
  }
  if (value.length > MAX_VALUE_LENGTH) return { kind: 'invalid', reason: `longer than ${MAX_VALUE_LENGTH} characters` };
  const text = value.trim().toLowerCase();
  if (TRUE_TEXT.has(text)) return { kind: 'generic' };
  if (FALSE_TEXT.has(text)) return { kind: 'drop' };
  const items = splitList(text);
  return items.length === 0 ? { kind: 'drop' } : { kind: 'list', items };
}

/** What one list item means for a category. */
export type ItemMeaning =
  | { kind: 'generic' }
  | { kind: 'subtype'; subtype: AllergenSubtype }
  | { kind: 'free_text'; text: string; declare: (text: string) => DeclaredNames }
  | { kind: 'unknown' };

export function classifyItem(definition: AllergenDefinition, item: string): ItemMeaning {
  // {"milk": "milk"}, {"tree_nut": "Tree Nuts"}: the category's own name adds no subtype.
  if (TRUE_TEXT.has(item) || namesCategory(definition, item)) return { kind: 'generic' };
  const subtype = findSubtype(definition, item);
  if (subtype) return { kind: 'subtype', subtype };
  // Keys without subtypes (peanut, sulphites ...) ignore descriptive text such as ">=10ppm".
  if (definition.subtypes.length === 0) return { kind: 'generic' };
  if (definition.declareFreeText) return { kind: 'free_text', text: item, declare: definition.declareFreeText };
  return { kind: 'unknown' };
}

/** Accumulates contributions per key, then writes them out in canonical form. */
export class AllergenCollector {
  private readonly entries = new Map<AllergenKey, { generic: boolean; subtypes: Set<string> }>();

  private entry(key: AllergenKey) {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { generic: false, subtypes: new Set() };
      this.entries.set(key, entry);
    }
    return entry;
  }

  addGeneric(key: AllergenKey): void {
    this.entry(key).generic = true;
  }

  addSubtype(key: AllergenKey, subtype: string): void {
    this.entry(key).subtypes.add(subtype);
  }

  /** Catalogue order; subtypes sorted and joined with ", "; a lone default subtype ("cow" milk) is plain true. */
  result(): AllergenMap {
    const out: AllergenMap = {};
    for (const definition of ALLERGENS) {
      const entry = this.entries.get(definition.key);
      if (!entry) continue;
      const subtypes = new Set(entry.subtypes);
      // `true` on milk/egg means cow milk / chicken egg: merged with "goat" it must not vanish.
      if (entry.generic && definition.defaultSubtype && subtypes.size > 0) subtypes.add(definition.defaultSubtype);
      const onlyDefault = subtypes.size === 1 && definition.defaultSubtype !== null && subtypes.has(definition.defaultSubtype);
      out[definition.key] = subtypes.size === 0 || onlyDefault ? true : [...subtypes].sort().join(', ');
    }
    return out;
  }
}
