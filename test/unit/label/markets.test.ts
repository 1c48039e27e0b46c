import { describe, expect, it } from 'vitest';
import {
  formatsOfLanguage,
  incompleteBandLines,
  labelFormats,
  labelLanguages,
  labelMarkets,
  labelRequest,
  languagesOfFormat,
  marketOfLanguage,
  registerMarket,
  symbolLanguages,
} from '../../../src/core/label/markets.js';
import type { LabelMarket } from '../../../src/core/label/market.js';
import { languageWords, localeChain } from '../../../src/core/label/shared/languages.js';
import { US_MARKET } from '../../../src/core/label/fda/market.js';

describe('label markets: language -> market -> formats', () => {
  it('every label language belongs to exactly one market, and every format to one market', () => {
    for (const language of labelLanguages())
      expect(
        labelMarkets().filter((m) => m.languages.some((l) => l.code === language)),
        language,
      ).toHaveLength(1);
    for (const format of labelFormats())
      expect(
        labelMarkets().filter((m) => m.formats.some((f) => f.key === format)),
        format,
      ).toHaveLength(1);
  });

  it('lists the built-in markets in the order the API lists them', () => {
    expect(labelMarkets().map((m) => m.key)).toEqual(['us', 'ca', 'eu', 'anz', 'mx']);
    expect(labelLanguages()).toEqual([
      'en-US',
      'en-CA',
      'fr-CA',
      'en-GB',
      'en-IE',
      'fr-FR',
      'de-DE',
      'es-ES',
      'it-IT',
      'nl-NL',
      'en-AU',
      'en-NZ',
      'es-MX',
    ]);
    expect(symbolLanguages()).toEqual(['en-CA', 'fr-CA', 'bilingual', 'en-GB', 'es-MX']);
  });

  it.each([
    ['en-US', 'us', 'fda_vertical'],
    ['fr-CA', 'ca', 'ca_standard'],
    ['en-GB', 'eu', 'eu_table'],
    ['nl-NL', 'eu', 'eu_table'],
  ] as const)('%s is printed by the %s market (default %s)', (language, key, format) => {
    expect(marketOfLanguage(language)?.key).toBe(key);
    expect(formatsOfLanguage(language)[0]).toBe(format);
  });

  it('a format names the languages that take it', () => {
    expect(languagesOfFormat('ca_bilingual')).toEqual(['en-CA', 'fr-CA']);
    expect(languagesOfFormat('eu_linear')).toEqual(['en-GB', 'en-IE', 'fr-FR', 'de-DE', 'es-ES', 'it-IT', 'nl-NL']);
    expect(languagesOfFormat('nope')).toEqual([]);
  });
});

describe('the incomplete band: one text per language (shared/languages.ts), in each language a format prints', () => {
  const band = (language: string, format?: string) => {
    const found = labelRequest(language, format);
    if (!found.ok) throw new Error(found.message);
    return incompleteBandLines(found.request);
  };
  it.each([
    ['en-US', undefined, ['INCOMPLETE DATA - NOT FOR PRINT']],
    ['fr-CA', 'ca_standard', ['DONNÉES INCOMPLÈTES - NE PAS IMPRIMER']],
    ['fr-CA', 'ca_bilingual', ['INCOMPLETE DATA - NOT FOR PRINT', 'DONNÉES INCOMPLÈTES - NE PAS IMPRIMER']],
    ['en-CA', 'ca_bilingual', ['INCOMPLETE DATA - NOT FOR PRINT', 'DONNÉES INCOMPLÈTES - NE PAS IMPRIMER']],
    ['fr-FR', undefined, ['DONNÉES INCOMPLÈTES - NE PAS IMPRIMER']],
    ['de-DE', undefined, ['UNVOLLSTÄNDIGE DATEN - NICHT DRUCKEN']],
    ['es-ES', undefined, ['DATOS INCOMPLETOS - NO IMPRIMIR']],
    ['es-MX', undefined, ['DATOS INCOMPLETOS - NO IMPRIMIR']],
    ['it-IT', undefined, ['DATI INCOMPLETI - NON STAMPARE']],
    ['nl-NL', undefined, ['ONVOLLEDIGE GEGEVENS - NIET AFDRUKKEN']],
    ['en-NZ', undefined, ['INCOMPLETE DATA - NOT FOR PRINT']],
  ])('%s %s', (language, format, lines) => {
    expect(band(language, format)).toEqual(lines);
  });

  it('a locale falls back to its language; a language known nowhere is named by its tag, with the English band', () => {
    expect(localeChain('fr-CA')).toEqual(['fr-CA', 'fr']);
    expect(localeChain('fr')).toEqual(['fr']);
    expect(languageWords('fr-BE')).toEqual({ name: 'French', incompleteBand: 'DONNÉES INCOMPLÈTES - NE PAS IMPRIMER' });
    expect(languageWords('pt-BR')).toEqual({ name: 'pt-BR', incompleteBand: 'INCOMPLETE DATA - NOT FOR PRINT' });
    expect(languageWords('pt-BR', { name: 'Portuguese', incompleteBand: 'DADOS INCOMPLETOS - NÃO IMPRIMIR' }).incompleteBand).toBe(
      'DADOS INCOMPLETOS - NÃO IMPRIMIR',
    );
  });
});

describe('registering a market while the process runs', () => {
  const made: LabelMarket = {
    ...US_MARKET,
    key: 'xt',
    name: 'a made-up market',
    languages: [{ code: 'en-XT', statementHeading: 'Ingredients: ' }],
    formats: [{ key: 'xt_plain', layout: US_MARKET.formats[0]?.layout ?? (() => ({ width: 0, height: 0 })) }],
  };

  it('adds its language and format everywhere, and takes them away again', () => {
    const unregister = registerMarket(made);
    try {
      expect(labelLanguages()).toContain('en-XT');
      expect(labelFormats()).toContain('xt_plain');
      expect(labelRequest('en-XT')).toMatchObject({ ok: true, request: { market: { key: 'xt' }, format: 'xt_plain' } });
    } finally {
      unregister();
    }
    expect(labelLanguages()).not.toContain('en-XT');
    expect(labelRequest('en-XT')).toMatchObject({ ok: false, field: 'language' });
  });

  it('refuses a market whose key, language or format another market has, and leaves the list as it was', () => {
    const before = labelMarkets();
    expect(() => registerMarket({ ...made, languages: [{ code: 'en-US', statementHeading: 'Ingredients: ' }] })).toThrow(/en-US/);
    expect(() => registerMarket({ ...made, formats: [{ key: 'fda_vertical', layout: () => ({ width: 0, height: 0 }) }] })).toThrow(
      /fda_vertical/,
    );
    expect(() => registerMarket({ ...made, key: 'us' })).toThrow(/us/);
    expect(labelMarkets()).toBe(before);
  });
});
