// Every label market, and the look-ups the rest of the code asks of them: a language's market, the
// formats it allows, its default. Adding a market is adding its module and a line here.
import { ANZ_MARKET } from './anz/market.js';
import { CANADA_MARKET } from './canada/market.js';
import { EU_MARKET } from './eu/market.js';
import { US_MARKET } from './fda/market.js';
import type { LabelMarket } from './market.js';
import { MX_MARKET } from './mexico/market.js';
import { LABEL_LANGUAGES, type LabelFormat, type LabelLanguage } from './shared/model.js';

export type { LabelMarket } from './market.js';

export const MARKETS: readonly LabelMarket[] = [US_MARKET, CANADA_MARKET, EU_MARKET, ANZ_MARKET, MX_MARKET];

const BY_LANGUAGE = new Map<string, LabelMarket>();
for (const market of MARKETS) for (const language of market.languages) BY_LANGUAGE.set(language, market);

export function isLabelLanguage(value: unknown): value is LabelLanguage {
  return typeof value === 'string' && BY_LANGUAGE.has(value);
}

export function marketOf(language: LabelLanguage): LabelMarket {
  const market = BY_LANGUAGE.get(language);
  // Every member of LABEL_LANGUAGES belongs to a market (test/unit/label-markets.test.ts checks it).
  if (!market) throw new RangeError(`no market prints labels in ${language}`);
  return market;
}

/** The formats a language allows, its market's. */
export function formatsFor(language: LabelLanguage): readonly LabelFormat[] {
  return marketOf(language).formats;
}

/** The languages whose market allows a format (ca_bilingual: en-CA, fr-CA). */
export function languagesOfFormat(format: string | null | undefined): LabelLanguage[] {
  return LABEL_LANGUAGES.filter((language) => (marketOf(language).formats as readonly string[]).includes(format ?? ''));
}
