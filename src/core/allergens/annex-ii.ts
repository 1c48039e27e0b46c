// The 14 allergens of Regulation (EU) 1169/2011 Annex II (the UK's assimilated text has the same list),
// named in each EU label language, from our allergen keys (docs/labeling.md#allergen-keys): what Art. 21(1)(b)
// emphasises inside the list of ingredients. Cereals containing gluten are named by the cereal (point 1:
// "wheat (such as spelt and khorasan wheat), rye, barley, oats ... or their hybridised strains"); nuts by
// the nut (point 8: almonds, hazelnuts, walnuts, cashews, pecans, Brazil nuts, pistachios, macadamia);
// pine nuts, coconut and the other nuts are not in the annex. docs/labeling.md#eu-uk.
import { allergenDefinition } from './catalogue.js';
import type { NameResolver, RequiredName, Spelling } from './emphasis.js';
import { type AllergenMap, classifyItem, parseValue } from './values.js';

/** Language bases of the EU labels (en-GB and en-IE share "en"). */
export type EuBase = 'en' | 'fr' | 'de' | 'es' | 'it' | 'nl';

/** Annex II names: the first spelling is printed when the ingredient's text does not say it. */
export type AnnexName =
  | 'wheat'
  | 'spelt'
  | 'khorasan'
  | 'rye'
  | 'barley'
  | 'oats'
  | 'triticale'
  | 'gluten'
  | 'crustaceans'
  | 'eggs'
  | 'fish'
  | 'peanuts'
  | 'soya'
  | 'milk'
  | 'nuts'
  | 'almonds'
  | 'hazelnuts'
  | 'walnuts'
  | 'cashews'
  | 'pecans'
  | 'brazil_nuts'
  | 'pistachios'
  | 'macadamia'
  | 'celery'
  | 'mustard'
  | 'sesame'
  | 'sulphites'
  | 'lupin'
  | 'molluscs';

/** Each entry's spellings, the printed one first. */
type Names = Readonly<Record<AnnexName, readonly [string, ...string[]]>>;

// Annex II in the official language versions of the regulation (point numbers in brackets), with the
// everyday spellings a list may use ("soy", "Erdnuss"). Singular and plural both, where the ending
// rule below does not reach one from the other.
const NAMES: Readonly<Record<EuBase, Names>> = {
  en: {
    wheat: ['wheat'], // (1)
    spelt: ['spelt'],
    khorasan: ['khorasan', 'kamut'],
    rye: ['rye'],
    barley: ['barley'],
    oats: ['oats', 'oat'],
    triticale: ['triticale'],
    gluten: ['gluten'],
    crustaceans: ['crustaceans', 'crustacean'], // (2)
    eggs: ['egg'], // (3)
    fish: ['fish'], // (4)
    peanuts: ['peanuts', 'peanut', 'groundnut'], // (5)
    soya: ['soya', 'soy', 'soybean', 'soya bean'], // (6)
    milk: ['milk'], // (7)
    nuts: ['nuts'], // (8)
    almonds: ['almonds', 'almond'],
    hazelnuts: ['hazelnuts', 'hazelnut'],
    walnuts: ['walnuts', 'walnut'],
    cashews: ['cashews', 'cashew'],
    pecans: ['pecans', 'pecan'],
    brazil_nuts: ['Brazil nuts', 'Brazil nut'],
    pistachios: ['pistachios', 'pistachio'],
    macadamia: ['macadamia nuts', 'macadamia'],
    celery: ['celery', 'celeriac'], // (9)
    mustard: ['mustard'], // (10)
    sesame: ['sesame'], // (11)
    sulphites: ['sulphites', 'sulphite', 'sulfites', 'sulphur dioxide', 'sulfur dioxide'], // (12)
    lupin: ['lupin', 'lupine'], // (13)
    molluscs: ['molluscs', 'mollusc'], // (14)
  },
  fr: {
    wheat: ['blé', 'froment'],
    spelt: ['épeautre'],
    khorasan: ['khorasan', 'kamut'],
    rye: ['seigle'],
    barley: ['orge'],
    oats: ['avoine'],
    triticale: ['triticale'],
    gluten: ['gluten'],
    crustaceans: ['crustacés', 'crustacé'],
    eggs: ['œufs', 'œuf', 'oeufs', 'oeuf'],
    fish: ['poisson'],
    peanuts: ['arachides', 'arachide', 'cacahuètes', 'cacahuète'],
    soya: ['soja'],
    milk: ['lait'],
    nuts: ['fruits à coque'],
    almonds: ['amandes', 'amande'],
    hazelnuts: ['noisettes', 'noisette'],
    walnuts: ['noix'],
    cashews: ['noix de cajou', 'cajou'],
    pecans: ['noix de pécan', 'pécan', 'pécans', 'pacanes'],
    brazil_nuts: ['noix du Brésil'],
    pistachios: ['pistaches', 'pistache'],
    macadamia: ['noix de macadamia', 'macadamia'],
    celery: ['céleri'],
    mustard: ['moutarde'],
    sesame: ['sésame'],
    sulphites: ['sulfites', 'sulfite', 'anhydride sulfureux', 'dioxyde de soufre'],
    lupin: ['lupin'],
    molluscs: ['mollusques', 'mollusque'],
  },
  de: {
    wheat: ['Weizen'],
    spelt: ['Dinkel'],
    khorasan: ['Khorasan', 'Kamut'],
    rye: ['Roggen'],
    barley: ['Gerste'],
    oats: ['Hafer'],
    triticale: ['Triticale'],
    gluten: ['Gluten'],
    crustaceans: ['Krebstiere', 'Krebstier'],
    eggs: ['Ei', 'Eier', 'Eigelb', 'Eiweiß', 'Eiklar', 'Vollei'],
    fish: ['Fisch'],
    peanuts: ['Erdnüsse', 'Erdnuss', 'Erdnuß'],
    soya: ['Soja'],
    milk: ['Milch'],
    nuts: ['Schalenfrüchte'],
    almonds: ['Mandeln', 'Mandel'],
    hazelnuts: ['Haselnüsse', 'Haselnuss', 'Haselnuß'],
    walnuts: ['Walnüsse', 'Walnuss', 'Walnuß'],
    cashews: ['Cashewnüsse', 'Cashewnuss', 'Cashew', 'Kaschunüsse'],
    pecans: ['Pecannüsse', 'Pecannuss', 'Pekannüsse', 'Pekannuss'],
    brazil_nuts: ['Paranüsse', 'Paranuss'],
    pistachios: ['Pistazien', 'Pistazie'],
    macadamia: ['Macadamianüsse', 'Macadamianuss', 'Macadamia'],
    celery: ['Sellerie'],
    mustard: ['Senf'],
    sesame: ['Sesam', 'Sesamsamen'],
    sulphites: ['Sulfite', 'Sulfit', 'Schwefeldioxid'],
    lupin: ['Lupinen', 'Lupine'],
    molluscs: ['Weichtiere', 'Weichtier'],
  },
  es: {
    wheat: ['trigo'],
    spelt: ['espelta'],
    khorasan: ['khorasan', 'kamut'],
    rye: ['centeno'],
    barley: ['cebada'],
    oats: ['avena'],
    triticale: ['triticale'],
    gluten: ['gluten'],
    crustaceans: ['crustáceos', 'crustáceo'],
    eggs: ['huevo'],
    fish: ['pescado'],
    // Mexican Spanish after the EU's (NOM-051 4.2.2.2.3 says "cacahuate", "soya"): found in a list written
    // for Mexico, never printed on an EU label (the first spelling is the one appended).
    peanuts: ['cacahuetes', 'cacahuete', 'maní', 'cacahuates', 'cacahuate'],
    soya: ['soja', 'soya'],
    milk: ['leche'],
    nuts: ['frutos de cáscara'],
    almonds: ['almendras', 'almendra'],
    hazelnuts: ['avellanas', 'avellana'],
    walnuts: ['nueces', 'nuez'],
    cashews: ['anacardos', 'anacardo'],
    pecans: ['pacanas', 'pacana', 'nueces pecanas'],
    brazil_nuts: ['nueces de Brasil', 'nuez de Brasil'],
    pistachios: ['pistachos', 'pistacho', 'alfóncigos'],
    macadamia: ['nueces de macadamia', 'macadamia'],
    celery: ['apio'],
    mustard: ['mostaza'],
    sesame: ['sésamo'],
    sulphites: ['sulfitos', 'sulfito', 'dióxido de azufre', 'anhídrido sulfuroso'],
    lupin: ['altramuces', 'altramuz'],
    molluscs: ['moluscos', 'molusco'],
  },
  it: {
    wheat: ['frumento', 'grano'],
    spelt: ['farro'],
    khorasan: ['khorasan', 'kamut'],
    rye: ['segale'],
    barley: ['orzo'],
    oats: ['avena'],
    triticale: ['triticale'],
    gluten: ['glutine'],
    crustaceans: ['crostacei', 'crostaceo'],
    eggs: ['uova', 'uovo'],
    fish: ['pesce'],
    peanuts: ['arachidi', 'arachide'],
    soya: ['soia', 'soja'],
    milk: ['latte'],
    nuts: ['frutta a guscio'],
    almonds: ['mandorle', 'mandorla'],
    hazelnuts: ['nocciole', 'nocciola'],
    walnuts: ['noci', 'noce'],
    cashews: ['anacardi', 'anacardo'],
    pecans: ['noci pecan', 'noci di pecan', 'pecan'],
    brazil_nuts: ['noci del Brasile'],
    pistachios: ['pistacchi', 'pistacchio'],
    macadamia: ['noci macadamia', 'noci di macadamia', 'macadamia'],
    celery: ['sedano'],
    mustard: ['senape'],
    sesame: ['sesamo'],
    sulphites: ['solfiti', 'solfito', 'anidride solforosa'],
    lupin: ['lupini', 'lupino'],
    molluscs: ['molluschi', 'mollusco'],
  },
  nl: {
    wheat: ['tarwe'],
    spelt: ['spelt'],
    khorasan: ['khorasan', 'kamut'],
    rye: ['rogge'],
    barley: ['gerst'],
    oats: ['haver'],
    triticale: ['triticale'],
    gluten: ['gluten'],
    crustaceans: ['schaaldieren', 'schaaldier'],
    eggs: ['ei', 'eieren', 'eigeel', 'eiwit'],
    fish: ['vis'],
    peanuts: ["pinda's", 'pinda', 'aardnoten', 'aardnoot'],
    soya: ['soja'],
    milk: ['melk'],
    nuts: ['noten'],
    almonds: ['amandelen', 'amandel'],
    hazelnuts: ['hazelnoten', 'hazelnoot'],
    walnuts: ['walnoten', 'walnoot'],
    cashews: ['cashewnoten', 'cashewnoot', 'cashew'],
    pecans: ['pecannoten', 'pecannoot'],
    brazil_nuts: ['paranoten', 'paranoot'],
    pistachios: ['pistachenoten', 'pistachenoot', 'pistaches', 'pistache'],
    macadamia: ['macadamianoten', 'macadamianoot', 'macadamia'],
    celery: ['selderij', 'selder'],
    mustard: ['mosterd'],
    sesame: ['sesamzaad', 'sesam'],
    sulphites: ['sulfieten', 'sulfiet', 'zwaveldioxide'],
    lupin: ['lupine', 'lupinen'],
    molluscs: ['weekdieren', 'weekdier'],
  },
};

/** How each language's words are found (plural endings; German and Dutch compounds). */
export const EU_SPELLING: Readonly<Record<EuBase, Spelling>> = {
  en: { endings: 's|es', compounds: false },
  fr: { endings: 's|x', compounds: false },
  de: { endings: '', compounds: true },
  es: { endings: 's|es', compounds: false },
  it: { endings: '', compounds: false },
  nl: { endings: '', compounds: true },
};

/** Our tree_nut subtypes that are Annex II point 8 nuts (the walnut kinds are walnuts, genus Juglans). */
const NUTS: Readonly<Record<string, AnnexName>> = {
  almond: 'almonds',
  hazelnut: 'hazelnuts',
  walnut: 'walnuts',
  black_walnut: 'walnuts',
  california_walnut: 'walnuts',
  heartnut: 'walnuts',
  cashew: 'cashews',
  pecan: 'pecans',
  brazil_nut: 'brazil_nuts',
  pistachio: 'pistachios',
  macadamia: 'macadamia',
};

/** Our wheat subtypes: spelt and khorasan by their own names (point 1), the others as wheat. */
const WHEATS: Readonly<Record<string, AnnexName>> = { spelt: 'spelt', khorasan: 'khorasan' };

/** Keys whose every value is one Annex II entry. */
const SIMPLE: Readonly<Record<string, AnnexName>> = {
  milk: 'milk',
  egg: 'eggs',
  fish: 'fish',
  crustacean_shellfish: 'crustaceans',
  mollusc: 'molluscs',
  molluscs: 'molluscs',
  peanut: 'peanuts',
  soy: 'soya',
  celery: 'celery',
  mustard: 'mustard',
  sesame: 'sesame',
  sulphites: 'sulphites',
  lupin: 'lupin',
  triticale: 'triticale',
};

/** An allergen declared less precisely than Annex II names it (a cereal or a nut we cannot name). */
export interface AnnexIiGap {
  key: 'gluten' | 'tree_nut';
}

/** The Annex II entries an allergen map calls for, and the declared allergens too vague to name. */
export function annexIiEntries(allergens: AllergenMap): { entries: AnnexName[]; gaps: AnnexIiGap[] } {
  const entries: AnnexName[] = [];
  const gaps: AnnexIiGap[] = [];
  const add = (name: AnnexName) => {
    if (!entries.includes(name)) entries.push(name);
  };
  for (const [key, raw] of Object.entries(allergens)) {
    const value = parseValue(raw);
    if (value.kind === 'drop' || value.kind === 'invalid') continue;
    const simple = SIMPLE[key];
    if (simple) {
      add(simple);
      continue;
    }
    const definition = allergenDefinition(key);
    if (!definition) continue;
    const meanings = value.kind === 'list' ? value.items.map((item) => classifyItem(definition, item)) : [{ kind: 'generic' as const }];
    for (const meaning of meanings) {
      const subtype = meaning.kind === 'subtype' ? meaning.subtype.key : null;
      if (key === 'wheat') add((subtype && WHEATS[subtype]) || 'wheat');
      else if (key === 'gluten') {
        if (subtype === 'wheat') add('wheat');
        else if (subtype === 'barley' || subtype === 'rye' || subtype === 'oats' || subtype === 'triticale') add(subtype);
        else {
          // Point 1 names the cereal; "gluten" stands in and the label says the cereal is wanted.
          add('gluten');
          gaps.push({ key: 'gluten' });
        }
      } else if (key === 'tree_nut') {
        if (subtype === null) {
          add('nuts');
          gaps.push({ key: 'tree_nut' });
        } else {
          const nut = NUTS[subtype];
          if (nut) add(nut);
        }
        // Pine nuts, coconut, chestnuts ...: not Annex II nuts.
      }
    }
  }
  return { entries, gaps };
}

/** The names Art. 21(1)(b) emphasises in a language, for src/core/allergens/emphasis.ts. */
export function annexIiResolver(base: EuBase): NameResolver {
  const names = NAMES[base];
  return (allergens): RequiredName[] => annexIiEntries(allergens).entries.map((name) => ({ spellings: names[name] }));
}

/** Every spelling of an Annex II entry in a language, the printed one first. */
export function annexIiSpellings(base: EuBase, name: AnnexName): readonly string[] {
  return NAMES[base][name];
}

/** The printed Annex II name of an entry in a language (the first spelling). */
export function annexIiName(base: EuBase, name: AnnexName): string {
  return NAMES[base][name][0];
}
