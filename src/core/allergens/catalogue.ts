// The allergen catalogue (docs/labeling.md#allergen-keys): canonical keys, subtypes, which jurisdictions declare them,
// and the name each label prints. Statement and input rules live in statement.ts and normalize.ts.

export type AllergenKey =
  | 'milk'
  | 'egg'
  | 'fish'
  | 'crustacean_shellfish'
  | 'mollusc'
  | 'tree_nut'
  | 'peanut'
  | 'sesame'
  | 'wheat'
  | 'triticale'
  | 'soy'
  | 'mustard'
  | 'gluten'
  | 'sulphites'
  | 'celery'
  | 'lupin';

/** The label languages whose labels carry a "Contains" statement (US, Canada). */
export type ContainsLanguage = 'en-US' | 'en-CA' | 'fr-CA';
export const CONTAINS_LANGUAGES: readonly ContainsLanguage[] = ['en-US', 'en-CA', 'fr-CA'];

/** Name printed in a "Contains" statement per label language; null = not declared there. */
export type DeclaredNames = Readonly<Record<ContainsLanguage, string | null>>;

export interface AllergenSubtype {
  /** Stored value (docs/labeling.md#allergen-keys subtype key, snake_case). */
  readonly key: string;
  readonly labelEn: string;
  readonly labelFr: string;
  /** FD&C Act 201(qq): a major food allergen in the US. */
  readonly usMajor: boolean;
  /** FDR B.01.010.1(1) "food allergen" / "gluten" source: declared in Canada. */
  readonly caPriority: boolean;
  readonly declared: DeclaredNames;
  /** Other spellings accepted as a value (normalised: lower case, single spaces). Plurals are found by singularising. */
  readonly aliases: readonly string[];
  /** May stand as an allergen name on its own: {"Almond": true} -> tree_nut "almond". */
  readonly standalone: boolean;
}

export interface AllergenDefinition {
  readonly key: AllergenKey;
  readonly labelEn: string;
  readonly labelFr: string;
  readonly usMajor: boolean;
  readonly caPriority: boolean;
  /** Regulation (EU) 1169/2011 Annex II (docs/labeling.md#eu-allergens), for reference only. */
  readonly euAnnexII: boolean;
  /** Names accepted for the key itself (the commercial service's display names, plurals, spellings). */
  readonly aliases: readonly string[];
  readonly subtypes: readonly AllergenSubtype[];
  /** `true` means this subtype (cow milk, chicken egg): merging true with "goat" keeps both. */
  readonly defaultSubtype: string | null;
  /** Names printed when the value is `true` (no subtype known). */
  readonly declaredGeneric: DeclaredNames;
  /**
   * How a free-text subtype (a species not in the list) is printed; null = closed list (unknown values are
   * rejected on input). `text` is the stored lower-case value.
   */
  readonly declareFreeText: ((text: string) => DeclaredNames) | null;
}

const names = (us: string | null, caEn: string | null, caFr: string | null): DeclaredNames => ({
  'en-US': us,
  'en-CA': caEn,
  'fr-CA': caFr,
});

const NOT_DECLARED = names(null, null, null);

/** "atlantic salmon" -> "Atlantic Salmon" (English entries are printed in title case, as in "Contains: Brazil Nuts"). */
export const titleCase = (text: string): string =>
  text
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** "saumon atlantique" -> "Saumon atlantique" (B.01.010.3: each entry capitalised; French keeps the rest lower case). */
export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

interface SubtypeOptions {
  us?: boolean;
  ca?: boolean;
  declared?: DeclaredNames;
  aliases?: readonly string[];
  standalone?: boolean;
}

function subtype(key: string, labelEn: string, labelFr: string, options: SubtypeOptions): AllergenSubtype {
  const usMajor = options.us ?? false;
  const caPriority = options.ca ?? false;
  return {
    key,
    labelEn,
    labelFr,
    usMajor,
    caPriority,
    declared: options.declared ?? names(usMajor ? labelEn : null, caPriority ? labelEn : null, caPriority ? labelFr : null),
    aliases: options.aliases ?? [],
    standalone: options.standalone ?? false,
  };
}

// --- Milk ---------------------------------------------------------------------------------------
// US: FDA guidance Edition 5 (Jan 2025) extends "milk" to milk of other domesticated ruminants, declared with the
// animal ("goat milk") (docs/labeling.md#us-allergens). Canada: prescribed source name is "milk"/« lait » whatever the animal
// (B.01.010.1(2) table, docs/labeling.md#canada-allergens), so the Canadian names ignore the animal.
const milkSubtype = (key: string, animal: string | null, aliases: readonly string[]): AllergenSubtype =>
  subtype(key, animal ? `${animal} Milk` : 'Milk', 'Lait', {
    us: true,
    ca: true,
    declared: names(animal ? `${animal} Milk` : 'Milk', 'Milk', 'Lait'),
    aliases,
    standalone: aliases.length > 0,
  });

// --- Egg ----------------------------------------------------------------------------------------
// US: Edition 5 extends "egg" to eggs of other birds, declared with the bird ("duck egg") (docs/labeling.md#us-allergens).
// Canada: "egg"/« œufs » (B.01.010.1(2), docs/labeling.md#canada-allergens).
const eggSubtype = (key: string, bird: string | null, aliases: readonly string[]): AllergenSubtype =>
  subtype(key, bird ? `${bird} Egg` : 'Egg', 'Œufs', {
    us: true,
    ca: true,
    declared: names(bird ? `${bird} Egg` : 'Egg', 'Egg', 'Œufs'),
    aliases,
    standalone: aliases.length > 0,
  });

// --- Fish, crustaceans, molluscs: species -------------------------------------------------------
// US 403(w)(2): fish and crustacean shellfish are declared by species. Canada B.01.010.1(2): common name of the
// species (EN) / nom usuel (FR). Molluscs are not US major allergens (FD&C 201(qq) lists only crustaceans).
const species = (key: string, en: string, fr: string, us: boolean, aliases: readonly string[] = []): AllergenSubtype =>
  subtype(key, en, fr, { us, ca: true, aliases, standalone: true });

// --- Tree nuts ----------------------------------------------------------------------------------
// US: the 12 nuts of FDA guidance Edition 5, declared by the specific nut (403(w)(2)); coconut and the other
// removed nuts are not major allergens (docs/labeling.md#us-allergens). Canada: 9 nuts, declared by the specific nut
// (B.01.010.1(2)) [docs/labeling.md#canada-allergens]. The US-only walnut kinds are walnuts (Juglans) in Canada: printed "Walnuts".
const treeNut = (
  key: string,
  en: string,
  fr: string,
  us: boolean,
  ca: boolean,
  aliases: readonly string[] = [],
  declared?: DeclaredNames,
): AllergenSubtype => subtype(key, en, fr, { us, ca, aliases, standalone: true, ...(declared ? { declared } : {}) });

// --- Gluten sources -----------------------------------------------------------------------------
// Canada B.01.010.1(1) "gluten" + (2): gluten from barley, oats, rye, triticale or wheat is declared by the
// cereal's name [docs/labeling.md#canada-allergens]. US: gluten is not a major allergen; only wheat is (201(qq)), and triticale is
// treated as wheat (docs/labeling.md#allergen-keys), so those two print "Wheat" in the US.
const cereal = (
  key: string,
  en: string,
  fr: string,
  usName: string | null,
  aliases: readonly string[],
  standalone: boolean,
): AllergenSubtype => subtype(key, en, fr, { us: usName !== null, ca: true, declared: names(usName, en, fr), aliases, standalone });

export const ALLERGENS: readonly AllergenDefinition[] = [
  {
    key: 'milk',
    labelEn: 'Milk',
    labelFr: 'Lait',
    usMajor: true,
    caPriority: true,
    euAnnexII: true,
    aliases: ['milk', 'dairy'],
    subtypes: [
      milkSubtype('cow', null, []),
      milkSubtype('goat', 'Goat', ['goat milk', 'goats milk']),
      milkSubtype('sheep', 'Sheep', ['sheep milk', 'sheeps milk', 'ewe', 'ewe milk', 'ewes milk']),
      milkSubtype('buffalo', 'Buffalo', ['buffalo milk', 'water buffalo']),
      milkSubtype('other_ruminant', null, []),
    ],
    defaultSubtype: 'cow',
    declaredGeneric: names('Milk', 'Milk', 'Lait'),
    // A ruminant not in the list ("yak"): the US names the animal; Canada says milk.
    declareFreeText: (text) => names(`${titleCase(text)} Milk`, 'Milk', 'Lait'),
  },
  {
    key: 'egg',
    labelEn: 'Egg',
    labelFr: 'Œufs',
    usMajor: true,
    caPriority: true,
    euAnnexII: true,
    aliases: ['egg'],
    subtypes: [
      eggSubtype('chicken', null, []),
      eggSubtype('duck', 'Duck', ['duck egg']),
      eggSubtype('goose', 'Goose', ['goose egg']),
      eggSubtype('quail', 'Quail', ['quail egg']),
      eggSubtype('other_bird', null, []),
    ],
    defaultSubtype: 'chicken',
    declaredGeneric: names('Egg', 'Egg', 'Œufs'),
    declareFreeText: (text) => names(`${titleCase(text)} Egg`, 'Egg', 'Œufs'),
  },
  {
    key: 'fish',
    labelEn: 'Fish',
    labelFr: 'Poisson',
    usMajor: true,
    caPriority: true,
    euAnnexII: true,
    aliases: ['fish'],
    subtypes: [
      species('anchovy', 'Anchovy', 'Anchois', true),
      species('bass', 'Bass', 'Bar', true),
      species('catfish', 'Catfish', 'Poisson-chat', true),
      species('cod', 'Cod', 'Morue', true),
      species('haddock', 'Haddock', 'Aiglefin', true),
      species('halibut', 'Halibut', 'Flétan', true),
      species('herring', 'Herring', 'Hareng', true),
      species('mackerel', 'Mackerel', 'Maquereau', true),
      species('pollock', 'Pollock', 'Goberge', true),
      species('salmon', 'Salmon', 'Saumon', true),
      species('sardine', 'Sardine', 'Sardine', true),
      species('snapper', 'Snapper', 'Vivaneau', true),
      species('sole', 'Sole', 'Sole', true),
      species('tilapia', 'Tilapia', 'Tilapia', true),
      species('trout', 'Trout', 'Truite', true),
      species('tuna', 'Tuna', 'Thon', true),
    ],
    defaultSubtype: null,
    // Fallback when the species is unknown: 403(w)(2) wants the species; "Fish" is printed rather than nothing.
    declaredGeneric: names('Fish', 'Fish', 'Poisson'),
    // An uncatalogued species is printed as given (no French translation available).
    declareFreeText: (text) => names(titleCase(text), titleCase(text), capitalise(text)),
  },
  {
    key: 'crustacean_shellfish',
    labelEn: 'Crustacean Shellfish',
    labelFr: 'Crustacés',
    usMajor: true,
    caPriority: true,
    euAnnexII: true,
    aliases: ['crustacean shellfish', 'shellfish', 'crustacean', 'crustacea'],
    subtypes: [
      species('crab', 'Crab', 'Crabe', true),
      species('crayfish', 'Crayfish', 'Écrevisse', true, ['crawfish', 'crawdad']),
      species('krill', 'Krill', 'Krill', true),
      species('lobster', 'Lobster', 'Homard', true),
      species('prawn', 'Prawn', 'Crevette', true),
      species('shrimp', 'Shrimp', 'Crevette', true),
    ],
    defaultSubtype: null,
    // Fallback when the species is unknown (403(w)(2) wants it): US "Shellfish" as the brief allows; Canada
    // "Crustaceans" because "shellfish" there would also cover molluscs.
    declaredGeneric: names('Shellfish', 'Crustaceans', 'Crustacés'),
    declareFreeText: (text) => names(titleCase(text), titleCase(text), capitalise(text)),
  },
  {
    key: 'mollusc',
    labelEn: 'Molluscs',
    labelFr: 'Mollusques',
    usMajor: false,
    caPriority: true,
    euAnnexII: true,
    aliases: ['mollusc', 'mollusk', 'molluscan shellfish', 'molluscan'],
    subtypes: [
      species('abalone', 'Abalone', 'Ormeau', false),
      species('clam', 'Clam', 'Palourde', false),
      species('cuttlefish', 'Cuttlefish', 'Seiche', false),
      species('mussel', 'Mussel', 'Moule', false),
      species('octopus', 'Octopus', 'Pieuvre', false),
      species('oyster', 'Oyster', 'Huître', false),
      species('scallop', 'Scallop', 'Pétoncle', false),
      species('snail', 'Snail', 'Escargot', false, ['escargot']),
      species('squid', 'Squid', 'Calmar', false, ['calamari']),
      species('whelk', 'Whelk', 'Buccin', false),
    ],
    defaultSubtype: null,
    declaredGeneric: names(null, 'Molluscs', 'Mollusques'),
    declareFreeText: (text) => names(null, titleCase(text), capitalise(text)),
  },
  {
    key: 'tree_nut',
    labelEn: 'Tree Nuts',
    labelFr: 'Fruits à coque',
    usMajor: true,
    caPriority: true,
    euAnnexII: true,
    aliases: ['tree nut'],
    subtypes: [
      treeNut('almond', 'Almonds', 'Amandes', true, true),
      treeNut('brazil_nut', 'Brazil Nuts', 'Noix du Brésil', true, true),
      treeNut('cashew', 'Cashews', 'Noix de cajou', true, true),
      treeNut('hazelnut', 'Hazelnuts', 'Noisettes', true, true, ['filbert']),
      treeNut('macadamia', 'Macadamia Nuts', 'Noix de macadamia', true, true, ['macadamia nut', 'bush nut']),
      treeNut('pecan', 'Pecans', 'Pacanes', true, true),
      treeNut('pine_nut', 'Pine Nuts', 'Pignons', true, true, ['pinyon', 'pinon', 'pignolia', 'pignoli']),
      treeNut('pistachio', 'Pistachios', 'Pistaches', true, true),
      treeNut('walnut', 'Walnuts', 'Noix', true, true, ['english walnut', 'persian walnut']),
      treeNut('black_walnut', 'Black Walnuts', 'Noix noires', true, true, [], names('Black Walnuts', 'Walnuts', 'Noix')),
      treeNut(
        'california_walnut',
        'California Walnuts',
        'Noix de Californie',
        true,
        true,
        [],
        names('California Walnuts', 'Walnuts', 'Noix'),
      ),
      treeNut('heartnut', 'Heartnuts', 'Noix en cœur', true, true, ['japanese walnut'], names('Heartnuts', 'Walnuts', 'Noix')),
      // Not major (Edition 5 removed them) and not Canadian priority nuts: never declared.
      treeNut('beech_nut', 'Beech Nuts', 'Faînes', false, false),
      treeNut('butternut', 'Butternuts', 'Noix cendrées', false, false),
      treeNut('chestnut', 'Chestnuts', 'Châtaignes', false, false),
      treeNut('chinquapin', 'Chinquapins', 'Chinquapins', false, false),
      treeNut('coconut', 'Coconut', 'Noix de coco', false, false),
      treeNut('ginkgo', 'Ginkgo Nuts', 'Noix de ginkgo', false, false, ['ginkgo nut']),
      treeNut('hickory', 'Hickory Nuts', 'Noix de hickory', false, false, ['hickory nut']),
      treeNut('kola', 'Kola Nuts', 'Noix de kola', false, false, ['kola nut', 'cola nut', 'cola']),
      treeNut('lychee', 'Lychee Nuts', 'Litchis', false, false, ['lichee', 'litchi', 'lychee nut', 'lichee nut']),
      treeNut('palm_nut', 'Palm Nuts', 'Noix de palme', false, false),
      treeNut('pili', 'Pili Nuts', 'Noix de pili', false, false, ['pili nut']),
      treeNut('shea', 'Shea Nuts', 'Noix de karité', false, false, ['shea nut']),
    ],
    defaultSubtype: null,
    // Fallback when the nut is unknown (403(w)(2) wants the specific nut): "Tree Nuts".
    declaredGeneric: names('Tree Nuts', 'Tree Nuts', 'Fruits à coque'),
    declareFreeText: null,
  },
  {
    key: 'peanut',
    labelEn: 'Peanuts',
    labelFr: 'Arachides',
    usMajor: true,
    caPriority: true,
    euAnnexII: true,
    aliases: ['peanut', 'groundnut'],
    subtypes: [],
    defaultSubtype: null,
    declaredGeneric: names('Peanuts', 'Peanuts', 'Arachides'), // 201(qq); B.01.010.1(2) « arachides »
    declareFreeText: null,
  },
  {
    key: 'sesame',
    labelEn: 'Sesame',
    labelFr: 'Sésame',
    usMajor: true,
    caPriority: true,
    euAnnexII: true,
    aliases: ['sesame', 'sesame seed'],
    subtypes: [],
    defaultSubtype: null,
    declaredGeneric: names('Sesame', 'Sesame', 'Sésame'), // FASTER Act 2021 (from Jan 1 2023); B.01.010.1(2)
    declareFreeText: null,
  },
  {
    key: 'wheat',
    labelEn: 'Wheat',
    labelFr: 'Blé',
    usMajor: true,
    caPriority: true,
    euAnnexII: true,
    aliases: ['wheat'],
    subtypes: (
      [
        ['common', 'Blé'],
        ['durum', 'Blé dur'],
        ['spelt', 'Épeautre'],
        ['khorasan', 'Khorasan'],
        ['einkorn', 'Engrain'],
        ['emmer', 'Amidonnier'],
      ] as const
    ).map(([key, labelFr]) =>
      subtype(key, titleCase(key), labelFr, {
        us: true,
        ca: true,
        // 201(qq) and B.01.010.1(2) both name the source "wheat", whatever the kind.
        declared: names('Wheat', 'Wheat', 'Blé'),
        aliases: key === 'khorasan' ? ['kamut'] : [],
      }),
    ),
    defaultSubtype: null,
    declaredGeneric: names('Wheat', 'Wheat', 'Blé'),
    declareFreeText: () => names('Wheat', 'Wheat', 'Blé'),
  },
  {
    key: 'triticale',
    labelEn: 'Triticale',
    labelFr: 'Triticale',
    usMajor: true,
    caPriority: true,
    euAnnexII: true,
    aliases: ['triticale'],
    subtypes: [],
    defaultSubtype: null,
    // US: treated as wheat (docs/labeling.md#allergen-keys); Canada B.01.010.1(2): "wheat or triticale" named as such.
    declaredGeneric: names('Wheat', 'Triticale', 'Triticale'),
    declareFreeText: null,
  },
  {
    key: 'soy',
    labelEn: 'Soy',
    labelFr: 'Soja',
    usMajor: true,
    caPriority: true,
    euAnnexII: true,
    aliases: ['soy', 'soya', 'soybean', 'soy bean', 'soya bean'],
    subtypes: [],
    defaultSubtype: null,
    declaredGeneric: names('Soy', 'Soy', 'Soja'), // 201(qq) "soybeans" ("soy" accepted); B.01.010.1(2) « soja »
    declareFreeText: null,
  },
  {
    key: 'mustard',
    labelEn: 'Mustard',
    labelFr: 'Moutarde',
    usMajor: false,
    caPriority: true,
    euAnnexII: true,
    aliases: ['mustard', 'mustard seed'],
    subtypes: [],
    defaultSubtype: null,
    declaredGeneric: names(null, 'Mustard', 'Moutarde'), // not in 201(qq); B.01.010.1(2) "mustard"/« moutarde »
    declareFreeText: null,
  },
  {
    key: 'gluten',
    labelEn: 'Gluten',
    labelFr: 'Gluten',
    usMajor: false,
    caPriority: true,
    euAnnexII: true,
    aliases: ['gluten', 'cereals containing gluten', 'gluten containing cereal'],
    subtypes: [
      cereal('barley', 'Barley', 'Orge', null, [], true),
      cereal('oats', 'Oats', 'Avoine', null, ['oat'], true),
      cereal('rye', 'Rye', 'Seigle', null, [], true),
      cereal('triticale', 'Triticale', 'Triticale', 'Wheat', [], false),
      cereal('wheat', 'Wheat', 'Blé', 'Wheat', ['spelt', 'kamut', 'khorasan', 'durum', 'einkorn', 'emmer'], false),
    ],
    defaultSubtype: null,
    // Canada B.01.010.1(2) names gluten sources by cereal; with no cereal known "Gluten" is printed as a fallback.
    declaredGeneric: names(null, 'Gluten', 'Gluten'),
    declareFreeText: null,
  },
  {
    key: 'sulphites',
    labelEn: 'Sulphites',
    labelFr: 'Sulfites',
    usMajor: false,
    caPriority: true,
    euAnnexII: true,
    aliases: ['sulphite', 'sulfite', 'sulphiting agent', 'sulfiting agent', 'sulphur dioxide', 'sulfur dioxide'],
    subtypes: [],
    defaultSubtype: null,
    // US: ingredient list only (21 CFR 101.100(a)(4)), not a FALCPA allergen. Canada B.01.010.1(2): added
    // sulphites >= 10 ppm, "sulphites"/« sulfites ».
    declaredGeneric: names(null, 'Sulphites', 'Sulfites'),
    declareFreeText: null,
  },
  {
    key: 'celery',
    labelEn: 'Celery',
    labelFr: 'Céleri',
    usMajor: false,
    caPriority: false,
    euAnnexII: true,
    aliases: ['celery', 'celeriac'],
    subtypes: [],
    defaultSubtype: null,
    declaredGeneric: NOT_DECLARED, // EU Annex II only (docs/labeling.md#eu-allergens)
    declareFreeText: null,
  },
  {
    key: 'lupin',
    labelEn: 'Lupin',
    labelFr: 'Lupin',
    usMajor: false,
    caPriority: false,
    euAnnexII: true,
    aliases: ['lupin', 'lupine'],
    subtypes: [],
    defaultSubtype: null,
    declaredGeneric: NOT_DECLARED, // EU Annex II only (docs/labeling.md#eu-allergens)
    declareFreeText: null,
  },
];

/** Canonical keys in catalogue order (docs/labeling.md#allergen-keys), for docs and OpenAPI. */
export const ALLERGEN_KEYS: readonly AllergenKey[] = ALLERGENS.map((definition) => definition.key);

const BY_KEY = new Map<string, AllergenDefinition>(ALLERGENS.map((definition) => [definition.key, definition]));

export function allergenDefinition(key: string): AllergenDefinition | undefined {
  return BY_KEY.get(key);
}

/** Lower case, "-"/"_" as spaces, apostrophes dropped, single spaces: "Tree_Nuts" -> "tree nuts". */
export function normaliseName(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[-_\s]+/g, ' ')
    .trim();
}

/** Forms to try for a possibly plural name, most literal first: "anchovies" -> anchovies, anchovy, anchovie, anchovi. */
export function singularForms(name: string): string[] {
  const forms = [name];
  if (name.endsWith('ies')) forms.push(`${name.slice(0, -3)}y`);
  if (name.endsWith('s')) forms.push(name.slice(0, -1));
  if (name.endsWith('es')) forms.push(name.slice(0, -2));
  return forms;
}

/** Finds a subtype of `definition` by key or alias (plurals accepted). */
export function findSubtype(definition: AllergenDefinition, text: string): AllergenSubtype | undefined {
  for (const form of singularForms(normaliseName(text))) {
    const found = definition.subtypes.find((candidate) => normaliseName(candidate.key) === form || candidate.aliases.includes(form));
    if (found) return found;
  }
  return undefined;
}

/** True when `text` is the category's own name ("tree nuts" inside a tree_nut value). */
export function namesCategory(definition: AllergenDefinition, text: string): boolean {
  return singularForms(normaliseName(text)).some((form) => form === normaliseName(definition.key) || definition.aliases.includes(form));
}
