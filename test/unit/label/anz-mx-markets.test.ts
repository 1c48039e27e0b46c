// The Australian / New Zealand and Mexican markets as the label engine runs them (docs/api.md#market-anz, docs/api.md#market-mexico):
// the worked examples of docs/labeling.md#anz-worked-example (FSANZ Standard 1.2.8, Schedules 11-12) and docs/labeling.md#mexico-worked-examples
// example 1 (NOM-051 4.5.3, Table 6) through buildLabel, the PEAL summary (Standard 1.2.3—4), the
// Spanish band, and the label_settings members these markets add.
import { describe, expect, it } from 'vitest';
import { buildLabel } from '../../../src/core/label/build-label.js';
import { incompleteBandLines, labelRequest, marketLanguage, marketOfLanguage } from '../../../src/core/label/markets.js';
import type { MxFrontOfPackValue } from '../../../src/core/label/shared/model.js';
import { applyIngredientWrite } from '../../../src/core/ingredient.js';
import { applyLabelSettings } from '../../../src/core/recipe/label-settings.js';
import { type FrontOfPackDrawing, renderFrontOfPackSvg } from '../../../src/render/svg/front-of-pack.js';
import { ANZ_SAMPLE_INPUT, ANZ_SAMPLE_ROWS, MX_SAMPLE_INPUT } from '../../support/anz-mx-sample.js';

describe('Australia / New Zealand (anz_nip)', () => {
  it.each(['en-AU', 'en-NZ'] as const)('%s reproduces the worked example of docs/labeling.md#anz-worked-example', (language) => {
    const label = buildLabel(ANZ_SAMPLE_INPUT, { language, format: 'anz_nip' });
    expect(label.nutrients.map((r) => [r.key, r.per_serving?.display, r.per_serving?.percent_di_display, r.per_100?.display])).toEqual(
      ANZ_SAMPLE_ROWS,
    );
    expect(label).toMatchObject({ title: 'NUTRITION INFORMATION', complete: true, allergen_statement: null });
  });

  it('FSANZ 1.2.3—4: the Contains summary names wheat and gluten, and the list carries the names in bold', () => {
    const label = buildLabel(
      { ...ANZ_SAMPLE_INPUT, allergens: { wheat: true, tree_nut: 'almond' } },
      { language: 'en-AU', format: 'anz_nip' },
    );
    expect(label.allergen_statement).toBe('Contains: wheat, gluten, almond');
    // No statement items given: the statement is one item with every allergen, the names added at its end.
    expect(label.ingredient_statement).toBe('Ingredients: Rolled oats, Honey, Sunflower oil, Sultanas (wheat, almond)');
    expect(label.ingredient_statement_runs?.filter((r) => r.emphasis).map((r) => r.text)).toEqual(['wheat', 'almond']);
    expect(label.complete).toBe(true);
    expect(label.warnings).toEqual([]);
  });

  it('a liquid without a density is not for print (missing_density blocks on these labels)', () => {
    const label = buildLabel({ ...ANZ_SAMPLE_INPUT, settings: { food_kind: 'beverage' } }, { language: 'en-AU', format: 'anz_nip' });
    expect(label.warnings.map((w) => w.code)).toContain('missing_density');
    expect(label.complete).toBe(false);
  });
});

describe('Mexico (mx_table)', () => {
  const fop = (input = MX_SAMPLE_INPUT) => buildLabel(input, { language: 'es-MX', format: 'mx_table' }).front_of_pack as MxFrontOfPackValue;

  it('example 1 of docs/labeling.md#mexico-worked-examples (biscuit, Table 6): four seals, no TRANS; the caffeine legend', () => {
    expect(fop()).toEqual({
      seals: ['EXCESO CALORÍAS', 'EXCESO AZÚCARES', 'EXCESO GRASAS SATURADAS', 'EXCESO SODIO'],
      legends: ['CONTIENE CAFEÍNA - EVITAR EN NIÑOS'],
      phase: 3,
      undetermined: [],
    });
  });

  it.each([
    ['2027-12-31', 2],
    ['2028-01-01', 3],
  ] as const)('the label date %s picks phase %d when mx_phase is not set', (date, phase) => {
    expect(fop({ ...MX_SAMPLE_INPUT, settings: {}, label_date: date }).phase).toBe(phase);
  });

  it('phase 2 evaluates only the seals linked to what was added (sodium not added: no SODIO)', () => {
    const input = { ...MX_SAMPLE_INPUT, settings: { mx_phase: 2 as const }, added: { ...MX_SAMPLE_INPUT.added!, sodium: false } };
    expect(fop(input).seals).toEqual(['EXCESO CALORÍAS', 'EXCESO AZÚCARES', 'EXCESO GRASAS SATURADAS']);
  });

  it('an unknown "added sugars" fact leaves its seals undetermined and the label not for print, unless accepted as zero', () => {
    const unknown = { ...MX_SAMPLE_INPUT, added: { ...MX_SAMPLE_INPUT.added!, sugars: null, fats: false, sodium: false } };
    const label = buildLabel(unknown, { language: 'es-MX', format: 'mx_table' });
    // Phase 3 evaluates all five once anything may have been added: every seal whose criterion is met waits.
    expect((label.front_of_pack as MxFrontOfPackValue).undetermined).toEqual([
      'EXCESO CALORÍAS',
      'EXCESO AZÚCARES',
      'EXCESO GRASAS SATURADAS',
      'EXCESO SODIO',
    ]);
    expect(label.complete).toBe(false);
    const accepted = buildLabel(
      { ...unknown, settings: { ...unknown.settings, accept_missing: ['added_sugar'] } },
      { language: 'es-MX', format: 'mx_table' },
    );
    expect((accepted.front_of_pack as MxFrontOfPackValue).undetermined).toEqual([]);
  });

  it('the band reads in Spanish; the statement heading is "Ingredientes: "', () => {
    const request = labelRequest('es-MX');
    if (!request.ok) throw new Error(request.message);
    expect(incompleteBandLines(request.request)).toEqual(['DATOS INCOMPLETOS - NO IMPRIMIR']);
    const market = marketOfLanguage('es-MX');
    expect(market && marketLanguage(market, 'es-MX')?.statementHeading).toBe('Ingredientes: ');
  });
});

describe('the octagons as SVG (NOM-051 4.5.3.4, 7.1.3-7.1.4)', () => {
  it('one black octagon per seal with SECRETARÍA DE SALUD, legends in their rectangles, the band when incomplete', () => {
    const svg = renderFrontOfPackSvg({
      scheme: 'mx_warnings',
      seals: ['EXCESO CALORÍAS', 'EXCESO SODIO'],
      legends: ['CONTIENE EDULCORANTES - NO RECOMENDABLE EN NIÑOS'],
      incomplete: true,
    } as FrontOfPackDrawing);
    expect(svg.match(/data-key="seal"/g)).toHaveLength(2);
    expect(svg.match(/SECRETARÍA DE SALUD/g)).toHaveLength(2);
    expect(svg).toContain('data-legend="CONTIENE EDULCORANTES - NO RECOMENDABLE EN NIÑOS"');
    // Printed on two lines, split at " - ".
    expect(svg).toContain('>NO RECOMENDABLE EN NIÑOS<');
    expect(svg).toContain('DATOS INCOMPLETOS - NO IMPRIMIR');
  });
});

describe('label_settings and ingredient booleans: bad input names the field', () => {
  it.each([
    ['mx_phase', 4],
    ['mx_phase', 0],
    ['show_calories', 'yes'],
    ['percent_daily_intake', 1],
    ['anz_significant_figures', 4],
    ['anz_significant_figures', 2.5],
    ['anz_percent_di_basis', 'rounded'],
    ['peal_summary_cereal_names', 'no'],
  ])('%s = %j is refused', (member, value) => {
    const result = applyLabelSettings({}, { [member]: value });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual([`label_settings.${member}`]);
  });

  it.each([
    ['mx_phase', 1],
    ['mx_phase', 3],
    ['anz_significant_figures', 3],
    ['show_calories', true],
  ])('%s = %j is kept', (member, value) => {
    expect(applyLabelSettings({}, { [member]: value })).toEqual({ ok: true, value: { [member]: value } });
  });

  it('a non-boolean ingredient flag is refused by the ingredient rules too (spreadsheets go through them)', () => {
    const result = applyIngredientWrite(null, { name: 'Oil', description1: '1 gram', weight1: 1, calories: 9, adds_fat: 'yes' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.adds_fat).toEqual(['must be true or false']);
  });
});
