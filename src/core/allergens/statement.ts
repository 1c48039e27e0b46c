// "Contains" statements (docs/labeling.md#us-allergens, docs/labeling.md#canada-allergens) from canonical allergen maps.
import { must } from '../../lib/must.js';
import type { LabelLanguage } from '../label/shared/model.js';
import { type AllergenKey, allergenDefinition, CONTAINS_LANGUAGES, type ContainsLanguage } from './catalogue.js';
import { type AllergenMap, classifyItem, parseValue } from './values.js';

/**
 * Order of entries in a statement. Neither 403(w)(1)(A) nor B.01.010.3 prescribes an order; this one puts the
 * common sources first, then the species-named ones, then the Canadian-only sources:
 * "Contains: Milk, Egg, Wheat, Soy, Peanuts, Sesame, Salmon, Shrimp, Almonds, Pecans".
 */
const STATEMENT_ORDER: readonly AllergenKey[] = [
  'milk',
  'egg',
  'wheat',
  'triticale',
  'soy',
  'peanut',
  'sesame',
  'fish',
  'crustacean_shellfish',
  'mollusc',
  'tree_nut',
  'mustard',
  'gluten',
  'sulphites',
  'celery',
  'lupin',
];

function isPresent(allergens: AllergenMap, key: AllergenKey): boolean {
  const kind = parseValue(allergens[key]).kind;
  return kind === 'generic' || kind === 'list';
}

/**
 * The entries a "Contains" statement lists, in order, each once (B.01.010.3: each source listed once; the US rule
 * is the same in practice: "Wheat" from wheat, triticale and gluten-from-wheat is printed once).
 *
 * en-US, FD&C Act 403(w) / 201(qq) (FALCPA + FASTER Act, FDA guidance Edition 5): only the nine major allergens;
 *   fish and crustacean shellfish by species and tree nuts by the specific nut (403(w)(2)); milk / eggs of other
 *   animals name the animal. Molluscs, mustard, celery, lupin, gluten cereals other than wheat and sulphites
 *   (ingredient list only, 21 CFR 101.100(a)(4)) are not declared; nor are the nuts Edition 5 removed (coconut ...).
 * en-CA / fr-CA, FDR B.01.010.1(1)-(2) and B.01.010.3: priority allergens, gluten sources by cereal name and added
 *   sulphites, with the prescribed English / French names.
 * Fallbacks (documented choice): a species-named category stored as plain `true` prints its generic name
 *   ("Fish", "Shellfish", "Tree Nuts"; Canada "Crustaceans", "Molluscs"), and `gluten: true` with no cereal prints
 *   "Gluten" unless wheat or triticale is already listed; an uncatalogued species prints as written (untranslated).
 */
export function allergenStatementEntries(allergens: AllergenMap, language: ContainsLanguage): string[] {
  const entries: string[] = [];
  const seen = new Set<string>();
  const push = (name: string | null) => {
    if (name === null || seen.has(name.toLowerCase())) return;
    seen.add(name.toLowerCase());
    entries.push(name);
  };
  for (const key of STATEMENT_ORDER) {
    const definition = must(allergenDefinition(key), 'the catalogue entry of a statement key');
    const value = parseValue(allergens[key]);
    if (value.kind === 'drop' || value.kind === 'invalid') continue;
    if (value.kind === 'generic') {
      // B.01.010.1(2): wheat and triticale are themselves gluten sources named by cereal; no extra "Gluten".
      if (key === 'gluten' && (isPresent(allergens, 'wheat') || isPresent(allergens, 'triticale'))) continue;
      push(definition.declaredGeneric[language]);
      continue;
    }
    for (const item of value.items) {
      const meaning = classifyItem(definition, item);
      if (meaning.kind === 'generic') push(definition.declaredGeneric[language]);
      else if (meaning.kind === 'subtype') push(meaning.subtype.declared[language]);
      else if (meaning.kind === 'free_text') push(meaning.declare(meaning.text)[language]);
      // 'unknown' (an uncatalogued value in a closed list, e.g. a nut): not a known declared source, left out.
    }
  }
  return entries;
}

/**
 * The "Contains" statement, or null when nothing is declared in that jurisdiction.
 * 403(w)(1)(A): "Contains: Milk, Wheat, Pecans, Shrimp". B.01.010.3: introduced by "Contains:" / "Contient :"
 * (French puts a space before the colon; a plain U+0020 space is used here), entries capitalised, comma-separated.
 */
export function allergenStatement(allergens: AllergenMap, language: LabelLanguage): string | null {
  // EU labels emphasise allergens inside the ingredient list instead (Regulation (EU) 1169/2011 Art. 21).
  if (!(CONTAINS_LANGUAGES as readonly string[]).includes(language)) return null;
  const entries = allergenStatementEntries(allergens, language as ContainsLanguage);
  if (entries.length === 0) return null;
  const lead = language === 'fr-CA' ? 'Contient : ' : 'Contains: ';
  return lead + entries.join(', ');
}
