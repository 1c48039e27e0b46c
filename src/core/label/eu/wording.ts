// Every word an EU/UK label prints, per label language: the Annex XV names of Regulation (EU) 1169/2011
// in each language's official text, the Annex XIII vitamin and mineral names, the Art. 32(5)
// reference-intake statement, column headings and the Art. 33(1)(c) number of portions.
// The band across an incomplete label and each language's name are the shared ones (shared/languages.ts).

export type EuLanguage = 'en-GB' | 'en-IE' | 'fr-FR' | 'de-DE' | 'es-ES' | 'it-IT' | 'nl-NL';
export const EU_LANGUAGES: readonly EuLanguage[] = ['en-GB', 'en-IE', 'fr-FR', 'de-DE', 'es-ES', 'it-IT', 'nl-NL'];

/** The words of one language. Row names keyed by label row key. */
export interface EuWording {
  title: string;
  /** Column headings: "Per 100 g", "Per portion (30 g)", "%RI*". */
  per100: (unit: 'g' | 'mL') => string;
  perPortion: (amount: string, unit: 'g' | 'mL') => string;
  percentRi: string;
  /** Art. 32(5), with its asterisk. */
  riStatement: string;
  /** Art. 33(1)(c): "This pack contains 10 portions". */
  portions: (n: string, one: boolean, approximate: boolean) => string;
  statementHeading: string;
  /** Decimal comma (fr, de, es, it, nl) or point (en). */
  comma: boolean;
  /** Every row's name; a lookup by any other key may find nothing. */
  names: Readonly<Record<EuRowKey, string>> & Readonly<Record<string, string>>;
}

// Annex XIII Part A point 1, in that list's order (vitamins, then minerals). Fluoride has no field of ours.
const VITAMIN_MINERAL_KEYS = [
  'vitamin_a',
  'vitamin_d',
  'vitamin_e',
  'vitamin_k',
  'vitamin_c',
  'thiamin',
  'riboflavin',
  'niacin',
  'vitamin_b6',
  'folate',
  'vitamin_b12',
  'biotin',
  'pantothenic_acid',
  'potassium',
  'chloride',
  'calcium',
  'phosphorus',
  'magnesium',
  'iron',
  'zinc',
  'copper',
  'manganese',
  'selenium',
  'chromium',
  'molybdenum',
  'iodine',
] as const;

const named = <K extends string>(keys: readonly K[], names: string): Record<K, string> => {
  const list = names.split('|');
  if (list.length !== keys.length) throw new Error(`wording: ${list.length} names for ${keys.length} keys`);
  // Every key gets the name at its position (the counts are equal, checked above).
  return Object.fromEntries(keys.map((k, i) => [k, list[i] ?? ''])) as Record<K, string>;
};

// Annex XV rows (energy .. salt) in Annex XV order, the order the declaration prints them.
export const ANNEX_XV_ROW_KEYS = [
  'energy',
  'fat',
  'fat_saturated',
  'fat_monounsaturated',
  'fat_polyunsaturated',
  'carbohydrate',
  'sugar',
  'sugar_alcohol',
  'starch',
  'fiber',
  'protein',
  'salt',
] as const;

const RI_SUFFIX = '(8 400 kJ/2 000 kcal)';

const ENGLISH: EuWording = {
  title: 'Nutrition declaration',
  per100: (u) => `Per 100 ${u}`,
  perPortion: (a, u) => `Per portion (${a} ${u})`,
  percentRi: '%RI*',
  riStatement: `*Reference intake of an average adult ${RI_SUFFIX}`,
  portions: (n, one, approx) => `This pack contains ${approx ? 'about ' : ''}${n} ${one ? 'portion' : 'portions'}`,
  statementHeading: 'Ingredients: ',
  comma: false,
  names: {
    ...named(
      ANNEX_XV_ROW_KEYS,
      'Energy|Fat|of which saturates|of which mono-unsaturates|of which polyunsaturates|Carbohydrate|of which sugars|of which polyols|of which starch|Fibre|Protein|Salt',
    ),
    ...named(
      VITAMIN_MINERAL_KEYS,
      'Vitamin A|Vitamin D|Vitamin E|Vitamin K|Vitamin C|Thiamin|Riboflavin|Niacin|Vitamin B6|Folic acid|Vitamin B12|Biotin|Pantothenic acid|Potassium|Chloride|Calcium|Phosphorus|Magnesium|Iron|Zinc|Copper|Manganese|Selenium|Chromium|Molybdenum|Iodine',
    ),
  },
};

const FRENCH: EuWording = {
  title: 'Déclaration nutritionnelle',
  per100: (u) => `Pour 100 ${u}`,
  perPortion: (a, u) => `Par portion (${a} ${u})`,
  percentRi: '%AR*',
  riStatement: `*Apport de référence pour un adulte-type ${RI_SUFFIX}`,
  portions: (n, one, approx) => `Cet emballage contient ${approx ? 'environ ' : ''}${n} ${one ? 'portion' : 'portions'}`,
  statementHeading: 'Ingrédients : ',
  comma: true,
  names: {
    ...named(
      ANNEX_XV_ROW_KEYS,
      'Valeur énergétique|Matières grasses|dont acides gras saturés|dont acides gras mono-insaturés|dont acides gras polyinsaturés|Glucides|dont sucres|dont polyols|dont amidon|Fibres alimentaires|Protéines|Sel',
    ),
    ...named(
      VITAMIN_MINERAL_KEYS,
      'Vitamine A|Vitamine D|Vitamine E|Vitamine K|Vitamine C|Thiamine|Riboflavine|Niacine|Vitamine B6|Acide folique|Vitamine B12|Biotine|Acide pantothénique|Potassium|Chlorure|Calcium|Phosphore|Magnésium|Fer|Zinc|Cuivre|Manganèse|Sélénium|Chrome|Molybdène|Iode',
    ),
  },
};

const GERMAN: EuWording = {
  title: 'Nährwertdeklaration',
  per100: (u) => `Pro 100 ${u}`,
  perPortion: (a, u) => `Pro Portion (${a} ${u})`,
  percentRi: '%RM*',
  riStatement: `*Referenzmenge für einen durchschnittlichen Erwachsenen ${RI_SUFFIX}`,
  portions: (n, one, approx) => `Diese Packung enthält ${approx ? 'etwa ' : ''}${n} ${one ? 'Portion' : 'Portionen'}`,
  statementHeading: 'Zutaten: ',
  comma: true,
  names: {
    ...named(
      ANNEX_XV_ROW_KEYS,
      'Brennwert|Fett|davon gesättigte Fettsäuren|davon einfach ungesättigte Fettsäuren|davon mehrfach ungesättigte Fettsäuren|Kohlenhydrate|davon Zucker|davon mehrwertige Alkohole|davon Stärke|Ballaststoffe|Eiweiß|Salz',
    ),
    ...named(
      VITAMIN_MINERAL_KEYS,
      'Vitamin A|Vitamin D|Vitamin E|Vitamin K|Vitamin C|Thiamin|Riboflavin|Niacin|Vitamin B6|Folsäure|Vitamin B12|Biotin|Pantothensäure|Kalium|Chlorid|Calcium|Phosphor|Magnesium|Eisen|Zink|Kupfer|Mangan|Selen|Chrom|Molybdän|Jod',
    ),
  },
};

const SPANISH: EuWording = {
  title: 'Información nutricional',
  per100: (u) => `Por 100 ${u}`,
  perPortion: (a, u) => `Por porción (${a} ${u})`,
  percentRi: '%IR*',
  riStatement: `*Ingesta de referencia de un adulto medio ${RI_SUFFIX}`,
  portions: (n, one, approx) => `Este envase contiene ${approx ? 'aproximadamente ' : ''}${n} ${one ? 'porción' : 'porciones'}`,
  statementHeading: 'Ingredientes: ',
  comma: true,
  names: {
    ...named(
      ANNEX_XV_ROW_KEYS,
      'Valor energético|Grasas|de las cuales saturadas|de las cuales monoinsaturadas|de las cuales poliinsaturadas|Hidratos de carbono|de los cuales azúcares|de los cuales polialcoholes|de los cuales almidón|Fibra alimentaria|Proteínas|Sal',
    ),
    ...named(
      VITAMIN_MINERAL_KEYS,
      'Vitamina A|Vitamina D|Vitamina E|Vitamina K|Vitamina C|Tiamina|Riboflavina|Niacina|Vitamina B6|Ácido fólico|Vitamina B12|Biotina|Ácido pantoténico|Potasio|Cloruro|Calcio|Fósforo|Magnesio|Hierro|Zinc|Cobre|Manganeso|Selenio|Cromo|Molibdeno|Yodo',
    ),
  },
};

const ITALIAN: EuWording = {
  title: 'Dichiarazione nutrizionale',
  per100: (u) => `Per 100 ${u}`,
  perPortion: (a, u) => `Per porzione (${a} ${u})`,
  percentRi: '%AR*',
  riStatement: `*Assunzione di riferimento di un adulto medio ${RI_SUFFIX}`,
  portions: (n, one, approx) => `Questa confezione contiene ${approx ? 'circa ' : ''}${n} ${one ? 'porzione' : 'porzioni'}`,
  statementHeading: 'Ingredienti: ',
  comma: true,
  names: {
    ...named(
      ANNEX_XV_ROW_KEYS,
      'Energia|Grassi|di cui acidi grassi saturi|di cui acidi grassi monoinsaturi|di cui acidi grassi polinsaturi|Carboidrati|di cui zuccheri|di cui polioli|di cui amido|Fibre|Proteine|Sale',
    ),
    ...named(
      VITAMIN_MINERAL_KEYS,
      'Vitamina A|Vitamina D|Vitamina E|Vitamina K|Vitamina C|Tiamina|Riboflavina|Niacina|Vitamina B6|Acido folico|Vitamina B12|Biotina|Acido pantotenico|Potassio|Cloruro|Calcio|Fosforo|Magnesio|Ferro|Zinco|Rame|Manganese|Selenio|Cromo|Molibdeno|Iodio',
    ),
  },
};

const DUTCH: EuWording = {
  title: 'Voedingswaardevermelding',
  per100: (u) => `Per 100 ${u}`,
  perPortion: (a, u) => `Per portie (${a} ${u})`,
  percentRi: '%RI*',
  riStatement: `*Referentie-inname van een gemiddelde volwassene ${RI_SUFFIX}`,
  portions: (n, one, approx) => `Deze verpakking bevat ${approx ? 'ongeveer ' : ''}${n} ${one ? 'portie' : 'porties'}`,
  statementHeading: 'Ingrediënten: ',
  comma: true,
  names: {
    ...named(
      ANNEX_XV_ROW_KEYS,
      'Energie|Vetten|waarvan verzadigde vetzuren|waarvan enkelvoudig onverzadigde vetzuren|waarvan meervoudig onverzadigde vetzuren|Koolhydraten|waarvan suikers|waarvan polyolen|waarvan zetmeel|Vezels|Eiwitten|Zout',
    ),
    ...named(
      VITAMIN_MINERAL_KEYS,
      'Vitamine A|Vitamine D|Vitamine E|Vitamine K|Vitamine C|Thiamine|Riboflavine|Niacine|Vitamine B6|Foliumzuur|Vitamine B12|Biotine|Pantotheenzuur|Kalium|Chloride|Calcium|Fosfor|Magnesium|IJzer|Zink|Koper|Mangaan|Seleen|Chroom|Molybdeen|Jodium',
    ),
  },
};

const BY_LANGUAGE: Readonly<Record<EuLanguage, EuWording>> = {
  'en-GB': ENGLISH,
  'en-IE': ENGLISH,
  'fr-FR': FRENCH,
  'de-DE': GERMAN,
  'es-ES': SPANISH,
  'it-IT': ITALIAN,
  'nl-NL': DUTCH,
};

export function euWording(language: EuLanguage): EuWording {
  return BY_LANGUAGE[language];
}

export const EU_VITAMIN_MINERAL_ORDER: readonly VitaminMineralKey[] = VITAMIN_MINERAL_KEYS;

type VitaminMineralKey = (typeof VITAMIN_MINERAL_KEYS)[number];
/** The key of a row an EU declaration may print. */
export type EuRowKey = (typeof ANNEX_XV_ROW_KEYS)[number] | VitaminMineralKey;
