// Names and ingredient lists in every label language (docs/api.md#label-languages):
// `names` and `ingredient_lists`, objects keyed by language ("de", "fr", ...) or by locale ("fr-CA",
// "es-MX", ...; docs/api.md#locales) on ingredients and recipes.
// French stays in its own fields (name_fr, ingredient_list_fr), which read and write names.fr and
// ingredient_lists.fr; the other languages are kept together here. Pure.
import { labelLanguages, marketsVersion } from './label/markets.js';
import { languageBase } from './label/shared/languages.js';
import { workStep } from '../lib/work-steps.js';

interface TextKeys {
  version: number;
  languages: readonly string[];
  locales: readonly string[];
  keys: readonly string[];
}
let known: TextKeys | null = null;

/** The keys the label markets give texts, made again when a market is registered. */
function textKeysNow(): TextKeys {
  if (known?.version !== marketsVersion()) {
    const locales = [...labelLanguages()];
    const languages = [...new Set(locales.map(languageBase))].filter((b) => b !== 'en');
    known = { version: marketsVersion(), languages, locales, keys: [...languages, ...locales] };
  }
  return known;
}

/** The languages other than English that labels print in ("fr", "de", "es", "it", "nl"): the label markets' languages. */
export function textLanguages(): readonly string[] {
  return textKeysNow().languages;
}

/**
 * Locales a text may be set for beside its language (docs/api.md#locales): every label language
 * ("fr-CA" canola, "fr-FR" colza; "es-MX", "es-ES"; "en-GB"). A label prints its locale's text, else its
 * language's, else (another language) the English one.
 */
export function textLocales(): readonly string[] {
  return textKeysNow().locales;
}

/** Every key `names` and `ingredient_lists` take: the languages, then the locales. */
export function textKeys(): readonly string[] {
  return textKeysNow().keys;
}

/** Texts in the label languages other than English and French (French has its own fields), and by locale. */
export type LanguageTexts = Readonly<Record<string, string>>;

/** What a thing holds in one of the two kinds: French in its own field, the rest together. */
export interface TextsInLanguages {
  fr: string | null;
  others: LanguageTexts;
}

/** As the API shows it: {"fr": ..., "de": ...}, languages without a text left out. */
export function languageTextsView(fr: string | null, others: LanguageTexts | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (fr !== null && fr !== undefined) out.fr = fr;
  for (const key of textKeys()) {
    const text = others?.[key];
    if (key !== 'fr' && typeof text === 'string') out[key] = text;
  }
  return out;
}

/** Reads a stored JSON object of texts (a missing or broken one is no texts). */
export function parseLanguageTexts(stored: string | null | undefined): LanguageTexts {
  if (!stored) return {};
  try {
    const value = JSON.parse(stored) as unknown;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter(([k, v]) => textKeys().includes(k) && k !== 'fr' && typeof v === 'string'));
  } catch {
    return {};
  }
}

/** Keys one `names` or `ingredient_lists` write may hold: several times the languages and locales there are. */
export const LANGUAGE_TEXT_MEMBERS_MAX = 100;

export type LanguageTextsResult = { ok: true; value: TextsInLanguages } | { ok: false; errors: Record<string, string[]> };

/**
 * Applies a write of `names` or `ingredient_lists` to what is held: each language sent sets its text,
 * null (or, where `clearWord` is given, that word) clears it, languages not sent stay; the whole object
 * null clears them all. An unknown language or a text that is not a string is an error naming
 * `field.language`; nothing is applied then.
 */
export function applyLanguageTexts(
  input: unknown,
  field: 'names' | 'ingredient_lists',
  held: TextsInLanguages,
  options: { maxLength: number; clearWord?: string },
): LanguageTextsResult {
  if (input === null) return { ok: true, value: { fr: null, others: {} } };
  const errors: Record<string, string[]> = {};
  if (typeof input !== 'object' || Array.isArray(input)) {
    return {
      ok: false,
      errors: { [field]: [`must be an object keyed by language (${textLanguages().join(', ')}) or locale (${textLocales().join(', ')})`] },
    };
  }
  // A budget before any work (docs/api.md#input-budgets): an 840 KB object of unknown keys answered 12 MB.
  let members = 0;
  for (const key in input) if (Object.hasOwn(input, key) && ++members > LANGUAGE_TEXT_MEMBERS_MAX) break;
  if (members > LANGUAGE_TEXT_MEMBERS_MAX) {
    return { ok: false, errors: { [field]: [`must have at most ${LANGUAGE_TEXT_MEMBERS_MAX} members`] } };
  }
  let fr = held.fr;
  const others: Record<string, string> = { ...held.others };
  for (const [language, text] of Object.entries(input as Record<string, unknown>)) {
    workStep();
    const name = `${field}.${language}`;
    if (!textKeys().includes(language)) {
      const hint = language === 'en' ? ': the English text is name / ingredient_list' : '';
      errors[name] = [
        `is not a label language other than English (one of ${textLanguages().join(', ')}) nor a label locale (one of ${textLocales().join(', ')})${hint}`,
      ];
      continue;
    }
    if (text !== null && typeof text !== 'string') {
      errors[name] = ['must be a string or null'];
      continue;
    }
    if (typeof text === 'string' && text.length > options.maxLength) {
      errors[name] = [`must be at most ${options.maxLength} characters`];
      continue;
    }
    const clear = text === null || (options.clearWord !== undefined && text.trim().toLowerCase() === options.clearWord);
    if (language === 'fr') fr = clear ? null : (text as string);
    else if (clear) delete others[language];
    else others[language] = text as string;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { fr, others } };
}
