import { describe, expect, it } from 'vitest';
import { NUTRIENT_KEYS } from '../../../src/core/nutrients.js';
import { convertAmount, FDC_SOURCES, mapFdcNutrients, type FdcAmount } from '../../../src/core/usda/nutrient-map.js';

const values = (entries: Array<[number, number, string]>) =>
  new Map<number, FdcAmount>(entries.map(([id, amount, unit]) => [id, { amount, unit }]));

describe('FDC nutrient mapping', () => {
  it('maps only to keys of the nutrient catalogue', () => {
    for (const key of Object.keys(FDC_SOURCES)) expect(NUTRIENT_KEYS).toContain(key);
  });

  it.each([
    ['G to g', { amount: 2.5, unit: 'G' }, 'g', 2.5],
    ['G to mg (amino acids)', { amount: 0.19, unit: 'G' }, 'mg', 190],
    ['MG to mg', { amount: 4.6, unit: 'MG' }, 'mg', 4.6],
    ['UG to mcg', { amount: 469, unit: 'UG' }, 'mcg', 469],
    ['MG to mcg', { amount: 0.3, unit: 'MG' }, 'mcg', 300],
    ['UG to mg', { amount: 250, unit: 'UG' }, 'mg', 0.25],
    ['KCAL to kcal', { amount: 52, unit: 'KCAL' }, 'kcal', 52],
    ['IU to IU', { amount: 40, unit: 'IU' }, 'IU', 40],
    ['kJ is not kcal', { amount: 218, unit: 'kJ' }, 'kcal', undefined],
    ['IU is not a mass', { amount: 40, unit: 'IU' }, 'mcg', undefined],
  ] as const)('converts %s', (_, value, to, expected) => {
    expect(convertAmount(value, to)).toBe(expected);
  });

  it.each([
    [
      '1008 wins',
      [
        [1008, 52, 'KCAL'],
        [2048, 50, 'KCAL'],
        [2047, 55, 'KCAL'],
      ],
      52,
      1008,
    ],
    [
      '2048 before 2047',
      [
        [2048, 50, 'KCAL'],
        [2047, 55, 'KCAL'],
      ],
      50,
      2048,
    ],
    ['2047 last', [[2047, 55, 'KCAL']], 55, 2047],
    ['none', [[1062, 218, 'kJ']], undefined, undefined],
  ] as const)('energy: %s', (_, entries, calories, id) => {
    const mapped = mapFdcNutrients(values(entries as any));
    expect(mapped.nutrients.calories).toBe(calories);
    expect(mapped.sourceIds.calories).toBe(id);
  });

  it.each([
    [
      '2000 before 1063',
      [
        [2000, 12, 'G'],
        [1063, 5, 'G'],
      ],
      12,
    ],
    ['1063 when 2000 is absent', [[1063, 5, 'G']], 5],
  ] as const)('sugars: %s', (_, entries, sugar) => {
    expect(mapFdcNutrients(values(entries as any)).nutrients.sugar).toBe(sugar);
  });

  it.each([
    ['mcg only: IU derived at 40 IU/mcg', [[1114, 0.5, 'UG']], 20, 0.5],
    ['IU only: mcg derived', [[1110, 80, 'IU']], 80, 2],
    [
      'both measured: both kept',
      [
        [1114, 0.5, 'UG'],
        [1110, 21, 'IU'],
      ],
      21,
      0.5,
    ],
    ['neither', [], undefined, undefined],
  ] as const)('vitamin D: %s', (_, entries, iu, mcg) => {
    const { nutrients } = mapFdcNutrients(values(entries as any));
    expect(nutrients.vitamin_d_IU).toBe(iu);
    expect(nutrients.vitamin_d_mcg).toBe(mcg);
  });

  it('maps starch (1009) and alcohol, ethyl (1018) in grams, for the EU energy factors of Annex XIV', () => {
    expect(
      mapFdcNutrients(
        values([
          [1009, 52.3, 'G'],
          [1018, 10.6, 'G'],
        ]),
      ).nutrients,
    ).toEqual({ starch: 52.3, alcohol: 10.6 });
    expect(mapFdcNutrients(values([[1004, 3, 'G']])).nutrients).not.toHaveProperty('starch');
  });

  it('stores vitamin A RAE, and IU only from 1104', () => {
    expect(mapFdcNutrients(values([[1106, 469, 'UG']])).nutrients).toEqual({ vitamin_a_rae: 469 });
    expect(
      mapFdcNutrients(
        values([
          [1106, 469, 'UG'],
          [1104, 9377, 'IU'],
        ]),
      ).nutrients,
    ).toEqual({ vitamin_a_rae: 469, vitamin_a_IU: 9377 });
  });

  it('maps amino acids (g -> mg), carotenoids and folate forms', () => {
    const { nutrients } = mapFdcNutrients(
      values([
        [1214, 0.19, 'G'],
        [1232, 0.05, 'G'],
        [1107, 5626, 'UG'],
        [1123, 12198, 'UG'],
        [1187, 194, 'UG'],
        [1186, 0, 'UG'],
        [1190, 194, 'UG'],
      ]),
    );
    expect(nutrients).toEqual({
      lysine: 190,
      cystine: 50,
      beta_carotene: 5626,
      lutein_zeaxanthin: 12198,
      food_folate: 194,
      folic_acid: 0,
      folate_dietary_equivalents: 194,
    });
  });
});
