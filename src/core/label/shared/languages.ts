// The words the label's frame prints in each language, whichever market prints it: the band across an
// incomplete label (docs/api.md#incomplete-band) and the language's English name (for warnings: "The German
// ingredient statement uses ..."). Written once per language here; a market's language may give its
// own (a locale's spelling, or a language no built-in market prints) and falls back to these.
//
// Locales fall back to their language: "fr-CA" and "fr-FR" print French words unless a market says
// otherwise for its locale. localeChain is the one place that order is written.
import type { LabelLanguage } from './model.js';

export interface LanguageWords {
  /** The language's English name ("German"). */
  name: string;
  /** The band across every rendered file of an incomplete label: "INCOMPLETE DATA - NOT FOR PRINT". */
  incompleteBand: string;
}

const ENGLISH_BAND = 'INCOMPLETE DATA - NOT FOR PRINT';

const WORDS: Readonly<Record<string, LanguageWords>> = {
  en: { name: 'English', incompleteBand: ENGLISH_BAND },
  fr: { name: 'French', incompleteBand: 'DONNÉES INCOMPLÈTES - NE PAS IMPRIMER' },
  de: { name: 'German', incompleteBand: 'UNVOLLSTÄNDIGE DATEN - NICHT DRUCKEN' },
  es: { name: 'Spanish', incompleteBand: 'DATOS INCOMPLETOS - NO IMPRIMIR' },
  it: { name: 'Italian', incompleteBand: 'DATI INCOMPLETI - NON STAMPARE' },
  nl: { name: 'Dutch', incompleteBand: 'ONVOLLEDIGE GEGEVENS - NIET AFDRUKKEN' },
};

/** "fr-CA" -> "fr": the language of a locale (names are kept per language, not per market). */
export function languageBase(language: LabelLanguage): string {
  return language.slice(0, 2);
}

/** Where a locale's words are looked for, most specific first: ["fr-CA", "fr"]. */
export function localeChain(language: LabelLanguage): readonly string[] {
  const base = languageBase(language);
  return base === language ? [language] : [language, base];
}

/**
 * The words of a language: the market's own for it first (a locale or a language of its own), then
 * the shared ones of its locale chain; a language known nowhere is named by its tag and its band is
 * English, so an incomplete label still says so.
 */
export function languageWords(language: LabelLanguage, own?: Partial<LanguageWords>): LanguageWords {
  const shared = localeChain(language)
    .map((tag) => WORDS[tag])
    .find((w) => w !== undefined);
  return {
    name: own?.name ?? shared?.name ?? language,
    incompleteBand: own?.incompleteBand ?? shared?.incompleteBand ?? ENGLISH_BAND,
  };
}
