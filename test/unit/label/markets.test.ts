import { describe, expect, it } from 'vitest';
import { formatsFor, languagesOfFormat, MARKETS, marketOf } from '../../../src/core/label/markets.js';
import { LABEL_FORMATS, LABEL_LANGUAGES } from '../../../src/core/label/shared/model.js';

describe('label markets: language -> market -> formats', () => {
  it('every label language belongs to exactly one market, and every format to one market', () => {
    for (const language of LABEL_LANGUAGES)
      expect(
        MARKETS.filter((m) => m.languages.includes(language)),
        language,
      ).toHaveLength(1);
    for (const format of LABEL_FORMATS)
      expect(
        MARKETS.filter((m) => m.formats.includes(format)),
        format,
      ).toHaveLength(1);
  });

  it('each market default format is one of its own', () => {
    for (const market of MARKETS) expect(market.formats).toContain(market.defaultFormat);
  });

  it.each([
    ['en-US', 'us', 'fda_vertical'],
    ['fr-CA', 'ca', 'ca_standard'],
    ['en-GB', 'eu', 'eu_table'],
    ['nl-NL', 'eu', 'eu_table'],
  ] as const)('%s is printed by the %s market (default %s)', (language, key, format) => {
    expect(marketOf(language).key).toBe(key);
    expect(formatsFor(language)[0]).toBe(format);
  });

  it('a format names the languages that take it', () => {
    expect(languagesOfFormat('ca_bilingual')).toEqual(['en-CA', 'fr-CA']);
    expect(languagesOfFormat('eu_linear')).toEqual(['en-GB', 'en-IE', 'fr-FR', 'de-DE', 'es-ES', 'it-IT', 'nl-NL']);
    expect(languagesOfFormat('nope')).toEqual([]);
  });
});
