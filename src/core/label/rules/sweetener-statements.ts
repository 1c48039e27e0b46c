// The mandatory statements for sweeteners and polyols, in each label language (pure; what the market
// builders print):
// - EU and UK, Regulation (EU) 1169/2011 Annex III point 2: a food with a sweetener authorised under
//   Regulation (EC) No 1333/2008 (polyols included) "with sweetener(s)" (2.1), with added sugars as well
//   "with sugar(s) and sweetener(s)" (2.2), with aspartame or its acesulfame salt "contains a source of
//   phenylalanine" (2.3), with more than 10 % added polyols "excessive consumption may produce laxative
//   effects" (2.4);
// - Australia and New Zealand, FSANZ Standard 1.2.3 (advisory and warning statements, Schedule 9);
// - Mexico, NOM-051-SCFI/SSA1-2010 7.1.3 (the sweetener legend).
// Each wording says whether it was read in the regulation's own text from here (`confirmed`); the ones
// that were not come from secondary copies and the label warns (`statement_wording_unconfirmed`).
// docs/labeling.md#polyols-and-sweeteners.
import { type Decimal, dec } from '../shared/decimal-round.js';

export type SweetenerStatementCode = 'with_sweeteners' | 'with_sugars_and_sweeteners' | 'phenylalanine' | 'laxative';

export interface SweetenerStatement {
  code: SweetenerStatementCode;
  text: string;
  /** The paragraph that requires it. */
  rule: string;
  confirmed: boolean;
}

type EuBase = 'en' | 'fr' | 'de' | 'es' | 'it' | 'nl';

/**
 * Annex III point 2 in each language. English: the wording quoted alike by many copies of the regulation
 * (not read in EUR-Lex from here); the other languages from copies of the language versions in public
 * repositories (German food-labelling lists quoting the LMIV, French, Spanish, Italian and Dutch label
 * tools): none confirmed against the Official Journal.
 */
const EU_WORDING: Readonly<Record<EuBase, Readonly<Record<SweetenerStatementCode, string>>>> = {
  en: {
    with_sweeteners: 'with sweetener(s)',
    with_sugars_and_sweeteners: 'with sugar(s) and sweetener(s)',
    phenylalanine: 'contains a source of phenylalanine',
    laxative: 'excessive consumption may produce laxative effects',
  },
  fr: {
    with_sweeteners: 'avec édulcorant(s)',
    with_sugars_and_sweeteners: 'avec sucre(s) et édulcorant(s)',
    phenylalanine: 'contient une source de phénylalanine',
    laxative: 'une consommation excessive peut avoir des effets laxatifs',
  },
  de: {
    with_sweeteners: 'mit Süßungsmittel(n)',
    with_sugars_and_sweeteners: 'mit Zuckerart(en) und Süßungsmittel(n)',
    phenylalanine: 'enthält eine Phenylalaninquelle',
    laxative: 'kann bei übermäßigem Verzehr abführend wirken',
  },
  es: {
    with_sweeteners: 'con edulcorante(s)',
    with_sugars_and_sweeteners: 'con azúcar(es) y edulcorante(s)',
    phenylalanine: 'contiene una fuente de fenilalanina',
    laxative: 'un consumo excesivo puede producir efectos laxantes',
  },
  it: {
    with_sweeteners: 'con edulcorante/i',
    with_sugars_and_sweeteners: 'con zucchero/i ed edulcorante/i',
    phenylalanine: 'contiene una fonte di fenilalanina',
    laxative: 'un consumo eccessivo può avere effetti lassativi',
  },
  nl: {
    with_sweeteners: 'met zoetstof(fen)',
    with_sugars_and_sweeteners: 'met suiker(s) en zoetstof(fen)',
    phenylalanine: 'bevat een bron van fenylalanine',
    laxative: 'overmatig gebruik kan een laxerend effect hebben',
  },
};

const EU_RULE: Readonly<Record<SweetenerStatementCode, string>> = {
  with_sweeteners: 'Regulation (EU) 1169/2011 Annex III point 2.1',
  with_sugars_and_sweeteners: 'Regulation (EU) 1169/2011 Annex III point 2.2',
  phenylalanine: 'Regulation (EU) 1169/2011 Annex III point 2.3',
  laxative: 'Regulation (EU) 1169/2011 Annex III point 2.4',
};

/** What the statements rest on, from the recipe's ingredients (src/core/sweeteners.ts). */
export interface SweetenerFacts {
  /** Some ingredient names an intense sweetener. */
  intense_sweetener: boolean;
  /** Some ingredient names aspartame or aspartame-acesulfame salt. */
  phenylalanine: boolean;
  /** Added polyols per 100 g of the food (polyols of ingredients not marked polyols_intrinsic). */
  added_polyols_per_100g: number;
  /** Some ingredient adds sugars (added_sugar above zero). */
  added_sugars: boolean;
}

/** Annex III point 2.4's line: more than 10 % added polyols. */
const LAXATIVE_ABOVE_PERCENT: Decimal = dec(10);

/** The EU/UK statements a food needs, in the label's language base. Polyols are sweeteners (1333/2008 Annex I). */
export function euSweetenerStatements(facts: SweetenerFacts, base: EuBase): SweetenerStatement[] {
  const words = EU_WORDING[base];
  const out: SweetenerStatement[] = [];
  const add = (code: SweetenerStatementCode) => out.push({ code, text: words[code], rule: EU_RULE[code], confirmed: false });
  const sweetened = facts.intense_sweetener || facts.added_polyols_per_100g > 0;
  if (sweetened) add(facts.added_sugars ? 'with_sugars_and_sweeteners' : 'with_sweeteners');
  if (facts.phenylalanine) add('phenylalanine');
  if (dec(facts.added_polyols_per_100g).gt(LAXATIVE_ABOVE_PERCENT)) add('laxative');
  return out;
}

/**
 * Australia and New Zealand (FSANZ Standard 1.2.3, Schedule 9): the advisory statement for polyols and the
 * warning for aspartame. Neither the wording nor the polyol quantity that triggers it (10 g/100 g here,
 * a named setting) could be read in the Code's text from here: both are said unconfirmed.
 */
export function anzSweetenerStatements(facts: SweetenerFacts, polyolThresholdPer100g = 10): SweetenerStatement[] {
  const out: SweetenerStatement[] = [];
  if (facts.added_polyols_per_100g >= polyolThresholdPer100g) {
    out.push({
      code: 'laxative',
      text: 'Excessive consumption may have a laxative effect.',
      rule: 'FSANZ Standard 1.2.3, Schedule 9 (advisory statement for polyols)',
      confirmed: false,
    });
  }
  if (facts.phenylalanine) {
    out.push({
      code: 'phenylalanine',
      text: 'Phenylketonurics: contains phenylalanine.',
      rule: 'FSANZ Standard 1.2.3, Schedule 9 (statement for aspartame)',
      confirmed: false,
    });
  }
  return out;
}

/**
 * Mexico: the legend of NOM-051 7.1.3 for non-caloric sweeteners (the wording the Mexican label already
 * prints). A legend for polyols or for phenylalanine could not be confirmed in NOM-051's text from here:
 * none is printed, and docs/labeling.md#polyols-and-sweeteners says so.
 */
export function mxSweetenerStatements(facts: SweetenerFacts): SweetenerStatement[] {
  if (!facts.intense_sweetener) return [];
  return [
    {
      code: 'with_sweeteners',
      text: 'CONTIENE EDULCORANTES - NO RECOMENDABLE EN NIÑOS',
      rule: 'NOM-051-SCFI/SSA1-2010 7.1.3',
      confirmed: true,
    },
  ];
}
