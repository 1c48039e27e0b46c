// Allergen input (docs/api.md#allergens): canonical keys or the commercial service's display names, values true /
// false / species text, into the canonical stored form. And the union used for recipes.
import { must } from '../../lib/must.js';
import { workStep } from '../../lib/work-steps.js';
import { ALLERGENS, ALLERGEN_KEYS, type AllergenKey, allergenDefinition, normaliseName, singularForms } from './catalogue.js';
import { AllergenCollector, type AllergenMap, classifyItem, parseValue } from './values.js';

export type NormalizeAllergensResult = { ok: true; value: AllergenMap } | { ok: false; errors: string[] };

/** Where an input name leads: a key, a key with a fixed subtype ("Almond"), or the "other-shellfish" rule. */
type NameTarget = { kind: 'key'; key: AllergenKey; subtype: string | null } | { kind: 'other_shellfish' };

// The commercial service's "other-shellfish" (value names the species): shellfish that are not its
// "Crustacean Shellfish", i.e. molluscs, unless the species named is a crustacean.
const OTHER_SHELLFISH = 'other shellfish';

function buildNameIndex(): Map<string, NameTarget> {
  const index = new Map<string, NameTarget>();
  const add = (name: string, target: NameTarget) => {
    const existing = index.get(name);
    if (existing && JSON.stringify(existing) !== JSON.stringify(target)) {
      throw new Error(`allergen catalogue: name "${name}" is ambiguous`); // a catalogue bug, caught by the unit tests
    }
    index.set(name, target);
  };
  for (const definition of ALLERGENS) {
    const target: NameTarget = { kind: 'key', key: definition.key, subtype: null };
    add(normaliseName(definition.key), target);
    for (const alias of definition.aliases) add(alias, target);
    for (const subtype of definition.subtypes) {
      if (!subtype.standalone) continue;
      const subtypeTarget: NameTarget = { kind: 'key', key: definition.key, subtype: subtype.key };
      add(normaliseName(subtype.key), subtypeTarget);
      for (const alias of subtype.aliases) add(alias, subtypeTarget);
    }
  }
  add(OTHER_SHELLFISH, { kind: 'other_shellfish' });
  return index;
}

const NAME_INDEX = buildNameIndex();

/** "Tree Nuts" -> tree_nut; "Pecans" -> tree_nut/pecan; "other-shellfish" -> the mollusc rule; unknown -> undefined. */
export function resolveAllergenName(name: string): NameTarget | undefined {
  for (const form of singularForms(normaliseName(name))) {
    const target = NAME_INDEX.get(form);
    if (target) return target;
  }
  return undefined;
}

const ACCEPTED_KEYS_TEXT =
  `Accepted keys: ${ALLERGEN_KEYS.join(', ')} (display names such as "Tree Nuts" and ` +
  'a specific nut or species such as "Almond" or "Salmon" are accepted too).';

function addOtherShellfish(collector: AllergenCollector, items: string[] | null): void {
  if (items === null) {
    collector.addGeneric('mollusc');
    return;
  }
  for (const item of items) {
    const target = resolveAllergenName(item);
    if (target?.kind === 'key' && (target.key === 'crustacean_shellfish' || target.key === 'mollusc')) {
      if (target.subtype) collector.addSubtype(target.key, target.subtype);
      else collector.addGeneric(target.key);
    } else if (target?.kind === 'other_shellfish' || item === 'true' || item === '1') {
      collector.addGeneric('mollusc');
    } else {
      collector.addSubtype('mollusc', item); // an uncatalogued species, kept as written
    }
  }
}

/**
 * Names one allergens object may hold (docs/api.md#input-budgets): far more than the catalogue's
 * categories and their species, so only a request that is not a label's gets refused.
 */
export const ALLERGEN_MEMBERS_MAX = 200;

export function normalizeAllergens(input: unknown): NormalizeAllergensResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, errors: ['allergens must be an object keyed by allergen name, e.g. {"milk": true, "fish": "salmon"}'] };
  }
  // A budget before any work (docs/api.md#input-budgets): 20,000 unknown names once held the process for 20 s.
  let members = 0;
  for (const name in input) if (Object.hasOwn(input, name) && ++members > ALLERGEN_MEMBERS_MAX) break;
  if (members > ALLERGEN_MEMBERS_MAX) {
    return { ok: false, errors: [`must have at most ${ALLERGEN_MEMBERS_MAX} members`] };
  }
  const collector = new AllergenCollector();
  const errors: string[] = [];
  for (const [name, raw] of Object.entries(input as Record<string, unknown>)) {
    workStep();
    const target = resolveAllergenName(name);
    if (!target) {
      errors.push(`Unknown allergen "${name}". ${ACCEPTED_KEYS_TEXT}`);
      continue;
    }
    const value = parseValue(raw);
    if (value.kind === 'invalid') {
      errors.push(`Allergen "${name}" has an invalid value: ${value.reason}.`);
      continue;
    }
    if (value.kind === 'drop') continue;
    if (target.kind === 'other_shellfish') {
      addOtherShellfish(collector, value.kind === 'list' ? value.items : null);
      continue;
    }
    // A name that already fixes the subtype ("Almond", "Salmon"): any truthy value just sets it.
    if (target.subtype) {
      collector.addSubtype(target.key, target.subtype);
      continue;
    }
    if (value.kind === 'generic') {
      collector.addGeneric(target.key);
      continue;
    }
    const definition = must(allergenDefinition(target.key), 'the catalogue entry of a target key');
    for (const item of value.items) {
      const meaning = classifyItem(definition, item);
      if (meaning.kind === 'generic') collector.addGeneric(target.key);
      else if (meaning.kind === 'subtype') collector.addSubtype(target.key, meaning.subtype.key);
      else if (meaning.kind === 'free_text') collector.addSubtype(target.key, meaning.text);
      else {
        const accepted = definition.subtypes.map((subtype) => subtype.key).join(', ');
        errors.push(`Unknown ${definition.key} subtype "${item}" for allergen "${name}". Accepted: ${accepted}.`);
      }
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: collector.result() };
}

/**
 * Union of allergen maps (a recipe's ingredients plus its own): subtype lists merged, true + "salmon" ->
 * "salmon", but true + "goat" milk -> "cow, goat" (true means the default animal). Unknown keys are dropped.
 */
export function mergeAllergens(...maps: AllergenMap[]): AllergenMap {
  const collector = new AllergenCollector();
  for (const map of maps) {
    for (const [key, raw] of Object.entries(map ?? {})) {
      const definition = allergenDefinition(key);
      if (!definition) continue;
      const value = parseValue(raw);
      if (value.kind === 'drop' || value.kind === 'invalid') continue;
      if (value.kind === 'generic') {
        collector.addGeneric(definition.key);
        continue;
      }
      for (const item of value.items) {
        const meaning = classifyItem(definition, item);
        if (meaning.kind === 'generic') collector.addGeneric(definition.key);
        else if (meaning.kind === 'subtype') collector.addSubtype(definition.key, meaning.subtype.key);
        else collector.addSubtype(definition.key, item); // stored data is trusted: keep what was saved
      }
    }
  }
  return collector.result();
}
