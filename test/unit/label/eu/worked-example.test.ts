import { describe, expect, it } from 'vitest';
import { buildLabel } from '../../../../src/core/label/build-label.js';
import { EU_SAMPLE_INPUT, EU_SAMPLE_ROWS } from '../../../support/eu-sample.js';

describe('EU/UK declaration: the worked example (Regulation (EU) 1169/2011 Arts 30-33, Annexes XIII-XV)', () => {
  const label = buildLabel(EU_SAMPLE_INPUT, { language: 'en-GB', format: 'eu_table' });

  it('prints the Annex XV rows in order, per 100 g, per 30 g portion and %RI per portion', () => {
    expect(label.nutrients.map((r) => [r.key, r.per_100?.display, r.per_portion?.display, r.per_portion?.percent_ri_display])).toEqual(
      EU_SAMPLE_ROWS,
    );
  });

  it('states the energy as two separate Annex XIV sums (kJ 1794, kcal 428), never kcal x 4.184', () => {
    const energy = label.nutrients[0]!;
    expect(energy.per_100).toMatchObject({ kj: 1794, kcal: 428 });
    expect(energy.per_portion).toMatchObject({ kj: 538, kcal: 128 });
  });

  it('states the basis, the portion, the portions in the pack and the Art. 32(5) RI statement', () => {
    expect(label.basis).toBe('100g');
    expect(label.portion).toEqual({ grams: 30, display: '30 g' });
    expect(label.portions_per_pack).toBe(10);
    expect(label.servings_per_container.display).toBe('This pack contains 10 portions');
    expect(label.ri_statement).toBe('*Reference intake of an average adult (8 400 kJ/2 000 kcal)');
    expect(label.column_headers).toEqual({ per_100: 'Per 100 g', per_portion: 'Per portion (30 g)', percent_ri: '%RI*' });
    expect(label.title).toBe('Nutrition declaration');
  });

  it('indents the "of which" rows and prints no Contains line (Art. 21: allergens in the list)', () => {
    expect(label.nutrients.filter((r) => r.indent === 1).map((r) => r.key)).toEqual(['fat_saturated', 'sugar']);
    expect(label.allergen_statement).toBeNull();
    expect(label.claims).toEqual([]);
    // Art. 21(1)(b): the allergens are emphasised inside the list (ingredient_statement_runs); nothing holds the label back.
    expect(label.warnings).toEqual([]);
    expect(label.complete).toBe(true);
    expect(label.ingredient_statement_runs?.some((r) => r.emphasis)).toBe(true);
  });

  it('never prints trans fat, cholesterol, sodium or added sugars (Annex I(1)), even when asked', () => {
    const asked = buildLabel(
      { ...EU_SAMPLE_INPUT, settings: { optional_nutrients: ['fat_trans', 'cholesterol', 'sodium', 'added_sugar'] } },
      { language: 'en-GB', format: 'eu_table' },
    );
    expect(asked.nutrients.map((r) => r.key)).toEqual(EU_SAMPLE_ROWS.map((r) => r[0]));
    expect(asked.notes.some((n) => n.includes('"fat_trans" may not appear'))).toBe(true);
  });

  it('writes the names of Annex XV and a decimal comma in German, French, Spanish, Italian and Dutch', () => {
    const cases: Array<[Parameters<typeof buildLabel>[1]['language'], string, string, string]> = [
      ['de-DE', 'Nährwertdeklaration', 'davon gesättigte Fettsäuren', '0,60 g'],
      ['fr-FR', 'Déclaration nutritionnelle', 'dont acides gras saturés', '0,60 g'],
      ['es-ES', 'Información nutricional', 'de las cuales saturadas', '0,60 g'],
      ['it-IT', 'Dichiarazione nutrizionale', 'di cui acidi grassi saturi', '0,60 g'],
      ['nl-NL', 'Voedingswaardevermelding', 'waarvan verzadigde vetzuren', '0,60 g'],
      ['en-IE', 'Nutrition declaration', 'of which saturates', '0.60 g'],
    ];
    for (const [language, title, saturates, salt] of cases) {
      const l = buildLabel(EU_SAMPLE_INPUT, { language, format: 'eu_table' });
      expect(l.title).toBe(title);
      expect(l.nutrients.find((r) => r.key === 'fat_saturated')!.name).toBe(saturates);
      expect(l.nutrients.find((r) => r.key === 'salt')!.per_100!.display).toBe(salt);
    }
    const de = buildLabel(EU_SAMPLE_INPUT, { language: 'de-DE', format: 'eu_table' });
    expect(de.nutrients.map((r) => r.name)).toEqual([
      'Brennwert',
      'Fett',
      'davon gesättigte Fettsäuren',
      'Kohlenhydrate',
      'davon Zucker',
      'Eiweiß',
      'Salz',
    ]);
    expect(de.nutrients.find((r) => r.key === 'fat')!.per_portion!.display).toBe('6,0 g');
    expect(de.servings_per_container.display).toBe('Diese Packung enthält 10 Portionen');
    expect(de.ri_statement).toBe('*Referenzmenge für einen durchschnittlichen Erwachsenen (8 400 kJ/2 000 kcal)');
  });
});
