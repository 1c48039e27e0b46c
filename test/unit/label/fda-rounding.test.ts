import { describe, it, expect } from 'vitest';
import { roundFda, fdaVitaminMineralStep } from '../../../src/core/label/fda/rounding.js';

type Case = [value: number, display: string, amount: number];

function table(keys: string[], cases: Case[]) {
  for (const key of keys) {
    describe(key, () => {
      it.each(cases)(`${key} %s -> "%s" (amount %s)`, (value, display, amount) => {
        const r = roundFda(key, value);
        expect(r.display).toBe(display);
        expect(r.amount).toBe(amount);
      });
    });
  }
}

describe('FDA declared amounts, 21 CFR 101.9(c)', () => {
  // (c)(1): < 5 -> 0; <= 50 -> nearest 5; > 50 -> nearest 10
  table(
    ['calories'],
    [
      [0, '0', 0],
      [4.99, '0', 0],
      [5, '5', 5],
      [7.49, '5', 5],
      [7.5, '10', 10],
      [47, '45', 45],
      [49.99, '50', 50],
      [50, '50', 50],
      [50.01, '50', 50],
      [52, '50', 50],
      [54.99, '50', 50],
      [55, '60', 60],
      [230, '230', 230],
      [1234, '1,230', 1230],
    ],
  );
  // (c)(2): < 0.5 -> 0; < 5 -> nearest 0.5; >= 5 -> nearest 1
  table(
    ['fat', 'fat_saturated', 'fat_trans', 'fat_polyunsaturated', 'fat_monounsaturated'],
    [
      [0, '0g', 0],
      [0.49, '0g', 0],
      [0.5, '0.5g', 0.5],
      [0.74, '0.5g', 0.5],
      [0.75, '1g', 1],
      [2.25, '2.5g', 2.5],
      [4.74, '4.5g', 4.5],
      [4.75, '5g', 5],
      [4.99, '5g', 5],
      [5, '5g', 5],
      [5.49, '5g', 5],
      [5.5, '6g', 6],
      [8, '8g', 8],
    ],
  );
  // (c)(3): < 2 -> 0; 2 to 5 -> "less than 5mg"; > 5 -> nearest 5
  table(
    ['cholesterol'],
    [
      [0, '0mg', 0],
      [1.99, '0mg', 0],
      [2, 'less than 5mg', 2],
      [4.999, 'less than 5mg', 5],
      [5, 'less than 5mg', 5],
      [5.01, '5mg', 5],
      [7.49, '5mg', 5],
      [7.5, '10mg', 10],
      [12.5, '15mg', 15],
    ],
  );
  // (c)(4): < 5 -> 0; <= 140 -> nearest 5; > 140 -> nearest 10
  table(
    ['sodium'],
    [
      [4.99, '0mg', 0],
      [5, '5mg', 5],
      [7.49, '5mg', 5],
      [7.5, '10mg', 10],
      [139.99, '140mg', 140],
      [140, '140mg', 140],
      [140.01, '140mg', 140],
      [144.99, '140mg', 140],
      [145, '150mg', 150],
      [160, '160mg', 160],
      [1234, '1,230mg', 1230],
    ],
  );
  // (c)(6), (c)(7): < 0.5 -> 0; < 1 -> "less than 1g"; >= 1 -> nearest 1
  table(
    ['carbohydrate', 'fiber', 'sugar', 'added_sugar', 'sugar_alcohol', 'protein'],
    [
      [0.49, '0g', 0],
      [0.5, 'less than 1g', 0.5],
      [0.7, 'less than 1g', 0.7],
      [0.994, 'less than 1g', 0.99],
      [0.999, 'less than 1g', 1],
      [1, '1g', 1],
      [1.49, '1g', 1],
      [1.5, '2g', 2],
      [2.5, '3g', 3],
      [36.5, '37g', 37],
    ],
  );
  // Dec 2019 guidance tiers: RDI < 25 -> 0.1; 25-<250 -> 1; >= 250 -> 10
  table(
    ['iron'],
    [
      [0.04, '0mg', 0],
      [0.05, '0.1mg', 0.1],
      [0.15, '0.2mg', 0.2],
      [7.96, '8mg', 8],
      [8.04, '8mg', 8],
      [8.05, '8.1mg', 8.1],
    ],
  );
  table(
    ['vitamin_d'],
    [
      [2, '2mcg', 2],
      [2.25, '2.3mcg', 2.3],
      [0.049, '0mcg', 0],
    ],
  );
  table(
    ['calcium'],
    [
      [4.99, '0mg', 0],
      [5, '10mg', 10],
      [254.99, '250mg', 250],
      [255, '260mg', 260],
      [260, '260mg', 260],
    ],
  );
  table(
    ['potassium'],
    [
      [234.99, '230mg', 230],
      [235, '240mg', 240],
      [1234, '1,230mg', 1230],
    ],
  );
  table(
    ['vitamin_c'],
    [
      [0.49, '0mg', 0],
      [0.5, '1mg', 1],
      [2.5, '3mg', 3],
    ],
  );
  table(
    ['vitamin_a'],
    [
      [44.99, '40mcg', 40],
      [45, '50mcg', 50],
    ],
  );

  it('tiers follow the RDI size', () => {
    expect(
      ['iron', 'vitamin_d', 'vitamin_e', 'thiamin', 'niacin', 'zinc', 'copper', 'manganese', 'vitamin_b12'].map(fdaVitaminMineralStep),
    ).toEqual(Array(9).fill('0.1'));
    expect(['vitamin_c', 'vitamin_k', 'biotin', 'iodine', 'selenium', 'chromium', 'molybdenum'].map(fdaVitaminMineralStep)).toEqual(
      Array(7).fill('1'),
    );
    expect(
      ['calcium', 'potassium', 'phosphorus', 'magnesium', 'chloride', 'choline', 'vitamin_a', 'folate'].map(fdaVitaminMineralStep),
    ).toEqual(Array(8).fill('10'));
  });

  it('never prints a negative zero', () => {
    expect(roundFda('fat', -0.1).display).toBe('0g');
  });
});
