import { describe, it, expect } from 'vitest';
import {
  caCalorieBands,
  caFatBands,
  caCholesterolBands,
  caSodiumBands,
  caFixedBands,
  roundCanadaWith,
  caServingsPerContainer,
  caMetricServing,
} from '../../../src/core/label/canada/rounding.js';
import type { Band } from '../../../src/core/label/shared/bands.js';
import { caPercentDv, CA_DAILY_VALUES } from '../../../src/core/label/canada/daily-values.js';

type Case = [value: number, display: string];

function table(label: string, key: string, bands: readonly Band[], cases: Case[], style: 'ca_en' | 'ca_fr' = 'ca_en') {
  describe(label, () => {
    it.each(cases)(`${key} %s -> "%s"`, (value, display) => {
      expect(roundCanadaWith(key, value, bands, style).display).toBe(display);
    });
  });
}

describe('FDR table to B.01.401, column 4', () => {
  table('item 2 calories, free of energy', 'calories', caCalorieBands(true), [
    [4.99, '0'],
    [5, '5'],
    [7.5, '10'],
    [50, '50'],
    [50.01, '50'],
    [55, '60'],
    [110, '110'],
  ]);
  table('item 2 calories, not free of energy', 'calories', caCalorieBands(false), [
    [0.4, '0'],
    [2.5, '3'],
    [4.49, '4'],
    [4.99, '5'],
  ]);
  for (const key of ['fat', 'fat_saturated', 'fat_trans']) {
    table(`items 3-5 ${key}, zero allowed`, key, caFatBands(true), [
      [0.49, '0 g'],
      [0.5, '0.5 g'],
      [0.74, '0.5 g'],
      [0.75, '1 g'],
      [4.75, '5 g'],
      [5, '5 g'],
      [5.01, '5 g'],
      [5.49, '5 g'],
      [5.5, '6 g'],
    ]);
    table(`items 3-5 ${key}, zero not allowed`, key, caFatBands(false), [
      [0.04, '0 g'],
      [0.05, '0.1 g'],
      [0.15, '0.2 g'],
      [0.44, '0.4 g'],
      [0.45, '0.5 g'],
      [0.49, '0.5 g'],
    ]);
  }
  table('item 7 cholesterol, free', 'cholesterol', caCholesterolBands(true), [[1.99, '0 mg']]);
  table('item 7 cholesterol, not free', 'cholesterol', caCholesterolBands(false), [
    [1.99, '0 mg'],
    [2.5, '5 mg'],
    [7.49, '5 mg'],
    [7.5, '10 mg'],
    [62.5, '65 mg'],
  ]);
  table('item 8 sodium, free', 'sodium', caSodiumBands(true), [
    [4.99, '0 mg'],
    [5, '5 mg'],
    [140, '140 mg'],
    [140.01, '140 mg'],
    [145, '150 mg'],
  ]);
  table('item 8 sodium, not free', 'sodium', caSodiumBands(false), [
    [0.49, '0 mg'],
    [0.5, '1 mg'],
    [4.5, '5 mg'],
    [4.49, '4 mg'],
    [2300, '2300 mg'],
  ]);
  for (const key of ['carbohydrate', 'fiber', 'sugar']) {
    table(`items 9-11 ${key}`, key, caFixedBands(key)!, [
      [0.49, '0 g'],
      [0.5, '1 g'],
      [1.49, '1 g'],
      [1.5, '2 g'],
      [2.5, '3 g'],
    ]);
  }
  table('item 12 protein', 'protein', caFixedBands('protein')!, [
    [0.04, '0 g'],
    [0.05, '0.1 g'],
    [0.15, '0.2 g'],
    [0.49, '0.5 g'],
    [0.5, '1 g'],
    [2.5, '3 g'],
  ]);
  for (const key of ['potassium', 'calcium', 'phosphorus', 'chloride']) {
    table(`items 13-14 ${key}`, key, caFixedBands(key)!, [
      [4.99, '0 mg'],
      [5, '10 mg'],
      [14.99, '10 mg'],
      [15, '20 mg'],
      [49.99, '50 mg'],
      [50, '50 mg'],
      [62.49, '50 mg'],
      [62.5, '75 mg'],
      [249.99, '250 mg'],
      [250, '250 mg'],
      [274.99, '250 mg'],
      [275, '300 mg'],
    ]);
  }
  table('item 15 iron', 'iron', caFixedBands('iron')!, [
    [0.049, '0 mg'],
    [0.05, '0.1 mg'],
    [0.15, '0.2 mg'],
    [0.49, '0.5 mg'],
    [0.5, '0.5 mg'],
    [0.625, '0.75 mg'],
    [2.49, '2.5 mg'],
    [2.5, '2.5 mg'],
    [2.75, '3 mg'],
    [2.74, '2.5 mg'],
  ]);
  table(
    'French decimal comma',
    'iron',
    caFixedBands('iron')!,
    [
      [0.625, '0,75 mg'],
      [2.75, '3 mg'],
    ],
    'ca_fr',
  );
});

describe('FDR table to B.01.402', () => {
  for (const key of ['fat_polyunsaturated', 'omega_6', 'omega_3', 'fat_monounsaturated']) {
    table(key, key, caFixedBands(key)!, [
      [0.04, '0 g'],
      [0.05, '0.1 g'],
      [0.99, '1 g'],
      [1, '1 g'],
      [1.25, '1.5 g'],
      [5, '5 g'],
      [5.5, '6 g'],
    ]);
  }
  table('sugar alcohols', 'sugar_alcohol', caFixedBands('sugar_alcohol')!, [
    [0.49, '0 g'],
    [0.5, '1 g'],
  ]);
  table('vitamin A', 'vitamin_a', caFixedBands('vitamin_a')!, [
    [4.99, '0 µg'],
    [5, '10 µg'],
    [49.99, '50 µg'],
    [50, '50 µg'],
    [74.99, '50 µg'],
    [75, '100 µg'],
    [250, '300 µg'],
    [249, '250 µg'],
  ]);
  for (const key of ['vitamin_c', 'vitamin_d', 'selenium']) {
    table(
      key,
      key,
      caFixedBands(key)!,
      [
        [0.09, '0'],
        [0.1, '0.2'],
        [0.99, '1'],
        [1, '1'],
        [1.25, '1.5'],
        [4.99, '5'],
        [5, '5'],
        [5.5, '6'],
      ].map(([v, d]) => [v as number, `${d} ${key === 'vitamin_c' ? 'mg' : 'µg'}`]),
    );
  }
  for (const key of ['vitamin_e', 'niacin', 'zinc', 'vitamin_k', 'biotin', 'chromium', 'molybdenum']) {
    table(
      key,
      key,
      caFixedBands(key)!,
      [
        [0.049, '0'],
        [0.05, '0.1'],
        [0.5, '0.5'],
        [2.5, '2.5'],
        [2.75, '3'],
      ].map(([v, d]) => [v as number, `${d} ${['vitamin_e', 'niacin', 'zinc'].includes(key) ? 'mg' : 'µg'}`]),
    );
  }
  for (const key of ['thiamin', 'riboflavin', 'vitamin_b6', 'manganese', 'vitamin_b12']) {
    table(
      key,
      key,
      caFixedBands(key)!,
      [
        [0.0049, '0'],
        [0.005, '0.01'],
        [0.05, '0.05'],
        [0.0625, '0.075'],
        [0.25, '0.25'],
        [0.275, '0.3'],
      ].map(([v, d]) => [v as number, `${d} ${key === 'vitamin_b12' ? 'µg' : 'mg'}`]),
    );
  }
  for (const key of ['folate', 'iodine', 'magnesium', 'choline']) {
    table(
      key,
      key,
      caFixedBands(key)!,
      [
        [0.99, '0'],
        [1, '2'],
        [9.99, '10'],
        [10, '10'],
        [12.5, '15'],
        [50, '50'],
        [55, '60'],
      ].map(([v, d]) => [v as number, `${d} ${['folate', 'iodine'].includes(key) ? 'µg' : 'mg'}`]),
    );
  }
  table('pantothenic acid', 'pantothenic_acid', caFixedBands('pantothenic_acid')!, [
    [0.0099, '0 mg'],
    [0.01, '0.02 mg'],
    [0.1, '0.1 mg'],
    [0.125, '0.15 mg'],
    [0.5, '0.5 mg'],
    [0.55, '0.6 mg'],
  ]);
  table('copper', 'copper', caFixedBands('copper')!, [
    [0.0014, '0 mg'],
    [0.0015, '0.002 mg'],
    [0.025, '0.025 mg'],
    [0.0275, '0.03 mg'],
    [0.05, '0.05 mg'],
    [0.055, '0.06 mg'],
  ]);

  it.each([
    [1.4, 1],
    [1.5, 2],
    [1.99, 2],
    [2, 2],
    [2.24, 2],
    [2.25, 2.5],
    [4.75, 5],
    [5, 5],
    [5.2, 5],
    [5.5, 6],
    [7.6, 8],
  ])('item 1 servings per container %s -> %s', (value, expected) => {
    expect(caServingsPerContainer(value).toNumber()).toBe(expected);
  });
  it.each([
    [9.94, 9.9],
    [9.95, 10],
    [10.4, 10],
    [249.5, 250],
  ])('B.01.401 item 1 metric serving %s -> %s', (value, expected) => {
    expect(caMetricServing(value).toNumber()).toBe(expected);
  });
});

describe('Canadian %DV (2022 Table of Daily Values), nearest 1 % from declared amounts', () => {
  it('DVs', () => {
    expect(CA_DAILY_VALUES).toMatchObject({
      fat: 75,
      fat_saturated_trans: 20,
      cholesterol: 300,
      sodium: 2300,
      fiber: 28,
      sugar: 100,
      potassium: 3400,
      calcium: 1300,
      iron: 18,
      vitamin_d: 20,
    });
  });
  it.each([
    ['fat', 0, '0 %'],
    ['fat', 0.1, '0 %'],
    ['fat', 0.5, '1 %'],
    ['fat', 0.375, '1 %'],
    ['fat', 1.125, '2 %'],
    ['fat_saturated_trans', 0, '0 %'],
    ['fat_saturated_trans', 0.5, '3 %'],
    ['sodium', 11.5, '1 %'],
    ['fiber', 2, '7 %'],
    ['sugar', 15, '15 %'],
    ['potassium', 300, '9 %'],
    ['potassium', 17, '1 %'],
    ['calcium', 125, '10 %'],
    ['iron', 0.3, '2 %'],
    ['iron', 0.09, '1 %'],
    ['vitamin_c', 4.5, '5 %'],
  ])('%s %s -> %s', (key, amount, display) => {
    expect(caPercentDv(key, amount, 'ca_en')?.display).toBe(display);
  });
  it('carbohydrate, protein and cholesterol print no %DV', () => {
    for (const k of ['carbohydrate', 'protein', 'cholesterol']) expect(caPercentDv(k, 10, 'ca_en')).toBeNull();
  });
});
