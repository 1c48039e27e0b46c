// Plain English Allergen Labelling (PEAL), FSANZ Standard 1.2.3 (mandatory for food packaged and labelled
// from 25 February 2024): the required names of the table to 1.2.3—4, in bold in the statement of
// ingredients and in a "Contains" summary statement. From our allergen keys (docs/labeling.md#allergen-keys).
// docs/labeling.md#anz-allergens.
import { must } from '../../lib/must.js';
import { allergenDefinition } from './catalogue.js';
import { emphasisedRuns, type StatementItem, type TextRun } from './emphasis.js';
import { type AllergenMap, classifyItem, parseValue } from './values.js';

// 1.2.3—4: the required names in bold, distinct from the other text (runs with `emphasis`).
export type { StatementItem, TextRun } from './emphasis.js';

export interface PealSettings {
  /**
   * Named setting for an unconfirmed rule: the table's summary column shows "gluten" for barley, oats and
   * rye; whether the cereal's name must be there too is not confirmed. Default false: "gluten" alone.
   */
  peal_summary_cereal_names?: boolean;
}

/** An allergen the recipe declares that PEAL needs named more precisely than we know it. */
export interface PealProblem {
  key: string;
  message: string;
}

/** One required name: how the ingredient list may spell it, and what the summary says. */
interface Required {
  /** Spellings accepted in the ingredient list, the first one appended when none is there. */
  list: readonly [string, ...string[]];
  /** Names in the summary statement. */
  summary: readonly string[];
}

const req = (list: string | readonly [string, ...string[]], summary?: readonly string[]): Required => {
  const spellings: readonly [string, ...string[]] = typeof list === 'string' ? [list] : list;
  return { list: spellings, summary: summary ?? [spellings[0]] };
};

// Table to 1.2.3—4. Wheat (hybrids included, so triticale) is named "wheat" and also declares gluten in
// the summary; barley, oats and rye are named in the list and declared as "gluten" in the summary.
const WHEAT = req('wheat', ['wheat', 'gluten']);
const cereal = (name: string, withName: boolean) => req(name, withName ? [name, 'gluten'] : ['gluten']);
// Soy: "soy, soya or soybean" in the list; "soy" in the summary.
const SOY = req(['soy', 'soya', 'soybean'], ['soy']);

/** The nine tree nuts of the table, by our tree_nut subtype; the walnut kinds are walnuts (Juglans). */
const TREE_NUTS: Readonly<Record<string, string>> = {
  almond: 'almond',
  brazil_nut: 'Brazil nut',
  cashew: 'cashew',
  hazelnut: 'hazelnut',
  macadamia: 'macadamia',
  pecan: 'pecan',
  pine_nut: 'pine nut',
  pistachio: 'pistachio',
  walnut: 'walnut',
  black_walnut: 'walnut',
  california_walnut: 'walnut',
  heartnut: 'walnut',
};

const SIMPLE: Readonly<Record<string, Required>> = {
  milk: req('milk'),
  egg: req('egg'),
  fish: req('fish'),
  crustacean_shellfish: req('crustacean'),
  mollusc: req('mollusc'),
  // The catalogue's key is `mollusc`; `molluscs` is accepted as the same allergen.
  molluscs: req('mollusc'),
  peanut: req('peanut'),
  sesame: req('sesame'),
  soy: SOY,
  lupin: req('lupin'),
  sulphites: req('sulphites'),
  wheat: WHEAT,
  triticale: WHEAT,
};

/** Summary order: cereals and gluten, tree nuts, then the other required names (no order is prescribed). */
const SUMMARY_ORDER: readonly string[] = [
  'wheat',
  'barley',
  'oats',
  'rye',
  'gluten',
  ...new Set(Object.values(TREE_NUTS)),
  'tree nuts',
  'soy',
  'milk',
  'egg',
  'fish',
  'crustacean',
  'mollusc',
  'peanut',
  'sesame',
  'lupin',
  'sulphites',
];

interface Resolved {
  required: Required[];
  problems: PealProblem[];
}

/** The required names an allergen map calls for (keys PEAL does not list, such as celery and mustard, call for none). */
function resolve(allergens: AllergenMap, settings: PealSettings): Resolved {
  const required: Required[] = [];
  const problems: PealProblem[] = [];
  const withName = settings.peal_summary_cereal_names === true;
  for (const [key, raw] of Object.entries(allergens)) {
    const value = parseValue(raw);
    if (value.kind === 'drop' || value.kind === 'invalid') continue;
    if (key === 'tree_nut' || key === 'gluten') {
      const definition = must(allergenDefinition(key), 'the catalogue entry of tree_nut or gluten');
      const items = value.kind === 'list' ? value.items.map((item) => classifyItem(definition, item)) : [{ kind: 'generic' as const }];
      for (const meaning of items) {
        const subtype = meaning.kind === 'subtype' ? meaning.subtype.key : null;
        if (key === 'tree_nut') {
          if (subtype === null) {
            // PEAL names each tree nut; "tree nuts" stands in until the nut is known.
            required.push(req('tree nuts'));
            problems.push({
              key,
              message: 'Tree nuts: Standard 1.2.3 requires the specific nut (almond, cashew, ...); name it on the ingredient.',
            });
          } else if (TREE_NUTS[subtype]) required.push(req(TREE_NUTS[subtype]));
          // Other nuts (coconut, chestnut ...) are not in the table.
        } else if (subtype === 'wheat' || subtype === 'triticale') required.push(WHEAT);
        else if (subtype !== null) required.push(cereal(subtype, withName));
        else {
          required.push(req('gluten'));
          problems.push({
            key,
            message: 'Gluten: Standard 1.2.3 requires the cereal (wheat, barley, oats or rye); name it on the ingredient.',
          });
        }
      }
      continue;
    }
    const simple = SIMPLE[key];
    if (simple) required.push(simple);
  }
  return { required, problems };
}

/** `ingredient_statement_runs` of an ANZ label: the statement of ingredients with PEAL's required names in bold. */
export function pealIngredientRuns(items: readonly StatementItem[]): TextRun[] {
  return emphasisedRuns(items, (allergens) => resolve(allergens, {}).required.map((r) => ({ spellings: r.list })), {
    // English plurals: "eggs", "peanuts", "almonds".
    endings: 's|es',
    compounds: false,
  });
}

/** The required names (their first spellings) the items of a statement call for, at any depth. */
function itemNames(items: readonly StatementItem[], into: Set<string>): Set<string> {
  for (const item of items) {
    for (const r of resolve(item.allergens, {}).required) into.add(r.list[0]);
    if (item.parts) itemNames(item.parts, into);
  }
  return into;
}

/**
 * The required names the recipe's allergens call for that no ingredient of the statement carries (an
 * allergen set on the recipe itself): the summary would say them, but 1.2.3—4 also wants each one in
 * bold at the ingredient it comes from, and the list has no place for it.
 */
export function pealNamesNotInList(allergens: AllergenMap, items: readonly StatementItem[]): string[] {
  const inList = itemNames(items, new Set());
  const wanted = resolve(allergens, {}).required.map((r) => r.list[0]);
  return [...new Set(wanted)].filter((name) => !inList.has(name));
}

export interface PealSummary {
  /** "Contains: wheat, gluten, milk", or null when nothing is declared. */
  text: string | null;
  /** The same with the required names in bold. */
  runs: TextRun[];
  names: string[];
  problems: PealProblem[];
}

/** The summary statement of 1.2.3—4 from a recipe's allergens (the union of its ingredients'). */
export function pealSummary(allergens: AllergenMap, settings: PealSettings = {}): PealSummary {
  const { required, problems } = resolve(allergens, settings);
  const wanted = new Set(required.flatMap((r) => r.summary));
  const names = SUMMARY_ORDER.filter((name) => wanted.has(name));
  if (names.length === 0) return { text: null, runs: [], names, problems };
  const runs: TextRun[] = [{ text: 'Contains: ', emphasis: false }];
  names.forEach((name, i) => {
    if (i > 0) runs.push({ text: ', ', emphasis: false });
    runs.push({ text: name, emphasis: true });
  });
  return { text: `Contains: ${names.join(', ')}`, runs, names, problems };
}
