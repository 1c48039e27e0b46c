// NOM-051-SCFI/SSA1-2010 nutrition declaration: energy factors (5.1.1) and the engine's rounding convention.
import { describe, expect, it } from 'vitest';
import { mxEnergy, roundMxAmount, roundMxEnergy } from '../../../src/core/label/mexico/declaration.js';
import { dec } from '../../../src/core/label/shared/decimal-round.js';
import { labelOfPer100g } from '../../support/per-100g-label.js';

const facts = { sugars: false, fats: false, sodium: false, non_caloric_sweetener: false, added_caffeine: false };

describe('5.1.1 energy factors: kcal and kJ, two sums', () => {
  it.each([
    ['protein 4 kcal / 17 kJ', { protein: 1 }, 4, 17],
    ['fat 9 kcal / 37 kJ', { fat: 1 }, 9, 37],
    ['available carbohydrate 4 kcal / 17 kJ', { available_carbohydrate: 1 }, 4, 17],
    ['alcohol 7 kcal / 29 kJ', { alcohol: 1 }, 7, 29],
  ])('%s', (_why, part, kcal, kj) => {
    const parts = { protein: dec(0), fat: dec(0), available_carbohydrate: dec(0), alcohol: dec(0) };
    for (const [k, v] of Object.entries(part)) parts[k as keyof typeof parts] = dec(v);
    expect(mxEnergy(parts).kcal.toNumber()).toBe(kcal);
    expect(mxEnergy(parts).kj.toNumber()).toBe(kj);
  });
});

describe('declared figures (engine convention, docs/labeling.md#mexico-declaration)', () => {
  it.each([
    [4.99, 20.9, '0', '0'],
    [5, 20.9, '5', '21'],
    [480.5, 2010.5, '481', '2011'],
    [480.49, 2010.49, '480', '2010'],
  ])('energy %s kcal / %s kJ -> %s kcal (%s kJ)', (kcal, kj, kcalText, kjText) => {
    const r = roundMxEnergy(dec(kcal), dec(kj));
    expect([r.kcal.toFixed(), r.kj.toFixed()]).toEqual([kcalText, kjText]);
  });

  it.each([
    [2.45, 'g', '2.5'],
    [2.449, 'g', '2.4'],
    [12, 'g', '12.0'],
    [75.5, 'mg', '76'],
    [75.49, 'mg', '75'],
  ] as const)('%s %s -> %s', (value, unit, text) => {
    expect(roundMxAmount(dec(value), unit).text).toBe(text);
  });
});

describe('mx_table: per 100 g and per portion', () => {
  const label = labelOfPer100g('es-MX', {
    per_100g: {
      protein: 10,
      fat: 20,
      fat_saturated: 2,
      fat_trans: 0.15,
      carbohydrate: 73,
      fiber: 3,
      sugar: 1.2,
      added_sugar: 0,
      sodium: 280,
    },
    serving_grams: 30,
    servings_per_package: 10,
    label_date: '2026-03-01',
    facts,
  });

  it('rows, names and units in order; trans fat and sodium in mg; carbohydrate without fibre', () => {
    expect(label.nutrients.map((r) => [r.name, r.per_100?.display, r.per_portion?.display])).toEqual([
      ['Contenido energético', '500 kcal (2100 kJ)', '150 kcal (630 kJ)'], // 4x10 + 9x20 + 4x70 = 500; 17x10 + 37x20 + 17x70 = 2100
      ['Proteínas', '10.0 g', '3.0 g'],
      ['Grasas totales', '20.0 g', '6.0 g'],
      ['Grasas saturadas', '2.0 g', '0.6 g'],
      ['Grasas trans', '150 mg', '45 mg'],
      ['Hidratos de carbono disponibles', '70.0 g', '21.0 g'],
      ['Azúcares', '1.2 g', '0.4 g'], // 0.36
      ['Azúcares añadidos', '0.0 g', '0.0 g'],
      ['Fibra dietética', '3.0 g', '0.9 g'],
      ['Sodio', '280 mg', '84 mg'],
    ]);
    expect(label.column_titles).toEqual(['Por 100 g', 'Por porción (30 g)']);
    expect(label.complete).toBe(true);
  });
});
