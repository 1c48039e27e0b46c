// The markets the label studio shows side by side (docs/studio.md): one label of each, in the language
// and format a person there would print. US and the EU/UK, Australian and Mexican labels take the
// recipe's saved format when it belongs to the language (else the language's default, as GET
// /v1/recipes/{id}/label chooses); Canada is always the bilingual table, the one that serves both
// official languages on one panel (FDR B.01.012(2)).
import type { LabelQuery } from '../labels/index.js';

/** The front-of-pack drawing a market's label can come with (docs/api.md#canada-front-of-pack, #uk-front-of-pack, #market-mexico). */
export type FrontOfPackKind = 'high_in' | 'traffic_light' | 'octagons';

export interface StudioMarket {
  /** In URLs and element ids: the label's language. */
  key: string;
  name: string;
  query: Required<Pick<LabelQuery, 'language'>> & Pick<LabelQuery, 'format'>;
  /** The `language` of GET /v1/recipes/{id}/front_of_pack for its drawing, when the market has one. */
  frontOfPack: { kind: FrontOfPackKind; language: 'bilingual' | 'en-GB' | 'es-MX' } | null;
}

export const STUDIO_MARKETS: readonly StudioMarket[] = [
  { key: 'en-US', name: 'United States', query: { language: 'en-US' }, frontOfPack: null },
  {
    key: 'en-CA',
    name: 'Canada (bilingual)',
    query: { language: 'en-CA', format: 'ca_bilingual' },
    frontOfPack: { kind: 'high_in', language: 'bilingual' },
  },
  { key: 'en-GB', name: 'United Kingdom', query: { language: 'en-GB' }, frontOfPack: { kind: 'traffic_light', language: 'en-GB' } },
  { key: 'fr-FR', name: 'France', query: { language: 'fr-FR' }, frontOfPack: null },
  { key: 'de-DE', name: 'Germany', query: { language: 'de-DE' }, frontOfPack: null },
  { key: 'en-AU', name: 'Australia', query: { language: 'en-AU' }, frontOfPack: null },
  { key: 'es-MX', name: 'Mexico', query: { language: 'es-MX' }, frontOfPack: { kind: 'octagons', language: 'es-MX' } },
];

export function studioMarket(key: string): StudioMarket | undefined {
  return STUDIO_MARKETS.find((m) => m.key === key);
}
