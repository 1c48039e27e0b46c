// Every label market, and the look-ups the rest of the code asks of them. Adding a market is adding its
// folder and a line to BUILT_IN_MARKETS (docs/markets.md); registerMarket adds one while the process
// runs (a test's market), and takes it away again. Everything that lists languages, formats or
// front-of-pack schemes (the API's checks and messages, the OpenAPI enums, the generated statements)
// reads them here at the time it asks, so a registered market is everywhere at once.
import { ANZ_MARKET } from './anz/market.js';
import { CANADA_MARKET } from './canada/market.js';
import { EU_MARKET } from './eu/market.js';
import { US_MARKET } from './fda/market.js';
import type { FrontOfPackScheme, LabelMarket, LabelRequest, MarketFormat, MarketLanguage } from './market.js';
import { MX_MARKET } from './mexico/market.js';
import { languageWords } from './shared/languages.js';
import type { LabelFormat, LabelLanguage } from './shared/model.js';

export type { LabelMarket, LabelRequest } from './market.js';

/** The markets this build labels for, in the order the API lists their languages and formats. */
const BUILT_IN_MARKETS: readonly LabelMarket[] = [US_MARKET, CANADA_MARKET, EU_MARKET, ANZ_MARKET, MX_MARKET];

interface Index {
  markets: readonly LabelMarket[];
  languages: readonly LabelLanguage[];
  formats: readonly LabelFormat[];
  byLanguage: ReadonlyMap<string, { market: LabelMarket; language: MarketLanguage }>;
  byFormat: ReadonlyMap<string, { market: LabelMarket; format: MarketFormat }>;
  schemes: readonly FrontOfPackScheme[];
  bySymbolLanguage: ReadonlyMap<string, FrontOfPackScheme>;
  byScheme: ReadonlyMap<string, FrontOfPackScheme>;
}

let markets: readonly LabelMarket[] = BUILT_IN_MARKETS;
let version = 0;
let index: Index = indexOf(markets);

function indexOf(list: readonly LabelMarket[]): Index {
  const byLanguage = new Map<string, { market: LabelMarket; language: MarketLanguage }>();
  const byFormat = new Map<string, { market: LabelMarket; format: MarketFormat }>();
  const bySymbolLanguage = new Map<string, FrontOfPackScheme>();
  const byScheme = new Map<string, FrontOfPackScheme>();
  const keys = new Set<string>();
  const taken = (what: string, name: string) => new RangeError(`label markets: ${what} ${name} belongs to two markets`);
  for (const market of list) {
    if (keys.has(market.key)) throw taken('the key', market.key);
    keys.add(market.key);
    if (market.formats.length === 0) throw new RangeError(`label markets: ${market.key} has no format`);
    for (const language of market.languages) {
      if (byLanguage.has(language.code)) throw taken('the language', language.code);
      byLanguage.set(language.code, { market, language });
    }
    for (const format of market.formats) {
      if (byFormat.has(format.key)) throw taken('the format', format.key);
      byFormat.set(format.key, { market, format });
    }
    const scheme = market.frontOfPack;
    if (!scheme) continue;
    if (byScheme.has(scheme.key)) throw taken('the front-of-pack scheme', scheme.key);
    byScheme.set(scheme.key, scheme);
    for (const language of scheme.symbolLanguages) {
      if (bySymbolLanguage.has(language)) throw taken('the symbol language', language);
      bySymbolLanguage.set(language, scheme);
    }
  }
  return {
    markets: list,
    languages: [...byLanguage.keys()],
    formats: [...byFormat.keys()],
    byLanguage,
    byFormat,
    schemes: [...byScheme.values()],
    bySymbolLanguage,
    byScheme,
  };
}

/**
 * Adds a market while the process runs (a test's made-up market); its languages, formats and scheme must
 * be new. Returns the function that takes it away again.
 */
export function registerMarket(market: LabelMarket): () => void {
  index = indexOf([...markets, market]);
  markets = index.markets;
  version++;
  return () => {
    if (!markets.includes(market)) return;
    markets = markets.filter((m) => m !== market);
    index = indexOf(markets);
    version++;
  };
}

/** Changes whenever a market is registered or taken away: what is derived from the list may be kept until then. */
export function marketsVersion(): number {
  return version;
}

export function labelMarkets(): readonly LabelMarket[] {
  return index.markets;
}

/** Every label language, market by market. */
export function labelLanguages(): readonly LabelLanguage[] {
  return index.languages;
}

/** Every label format, market by market. */
export function labelFormats(): readonly LabelFormat[] {
  return index.formats;
}

export function isLabelLanguage(value: unknown): value is LabelLanguage {
  return typeof value === 'string' && index.byLanguage.has(value);
}

export function isLabelFormat(value: unknown): value is LabelFormat {
  return typeof value === 'string' && index.byFormat.has(value);
}

/** The market that prints a language, or undefined for a language no market prints. */
export function marketOfLanguage(language: string): LabelMarket | undefined {
  return index.byLanguage.get(language)?.market;
}

/** The market of a format, with the format, or undefined. */
export function formatOf(format: string): { market: LabelMarket; format: MarketFormat } | undefined {
  return index.byFormat.get(format);
}

/** A language of a market, with its words; undefined when the market does not print it. */
export function marketLanguage(market: LabelMarket, language: string): MarketLanguage | undefined {
  return market.languages.find((l) => l.code === language);
}

/** The languages whose market has a format (ca_bilingual: en-CA, fr-CA). */
export function languagesOfFormat(format: string | null | undefined): LabelLanguage[] {
  const market = index.byFormat.get(format ?? '')?.market;
  return market ? market.languages.map((l) => l.code) : [];
}

/** The formats a language takes (its market's); none for a language no market prints. */
export function formatsOfLanguage(language: string): LabelFormat[] {
  return (marketOfLanguage(language)?.formats ?? []).map((f) => f.key);
}

export type LabelRequestCheck = { ok: true; request: LabelRequest } | { ok: false; field: 'language' | 'format'; message: string };

/**
 * A language and format resolved into their market, once, for the build and everything after it; no
 * format is the market's default. A language no market prints, or a format of another market, is the
 * field and message of a 422.
 */
export function labelRequest(language: string, format?: string | null): LabelRequestCheck {
  const market = marketOfLanguage(language);
  if (!market) return { ok: false, field: 'language', message: `language must be one of ${labelLanguages().join(', ')}` };
  const formats = market.formats.map((f) => f.key);
  const [first] = formats;
  if (format === undefined || format === null || format === '') return { ok: true, request: { market, language, format: first as string } };
  if (!formats.includes(format))
    return { ok: false, field: 'format', message: `format for ${language} must be one of ${formats.join(', ')}` };
  return { ok: true, request: { market, language, format } };
}

/** The band across an incomplete label, in each language its format prints (docs/api.md#incomplete-band). */
export function incompleteBandLines(request: LabelRequest): string[] {
  const format = request.market.formats.find((f) => f.key === request.format);
  return (format?.languages ?? [request.language]).map(
    (code) => languageWords(code, marketLanguage(request.market, code)?.words).incompleteBand,
  );
}

/** The scheme a GET /v1/recipes/{id}/front_of_pack `language` asks for. */
export function schemeOfSymbolLanguage(language: string): FrontOfPackScheme | undefined {
  return index.bySymbolLanguage.get(language);
}

/** The scheme that draws a front-of-pack drawing (its `scheme` member). */
export function schemeOf(key: string): FrontOfPackScheme | undefined {
  return index.byScheme.get(key);
}

/** The `language` values of GET /v1/recipes/{id}/front_of_pack, scheme by scheme. */
export function symbolLanguages(): string[] {
  return index.schemes.flatMap((s) => s.symbolLanguages);
}

/** Every orientation a scheme is drawn in. */
export function symbolOrientations(): string[] {
  return [...new Set(index.schemes.flatMap((s) => s.orientations ?? []))];
}
