// The Australia / New Zealand nutrition information panel: FSANZ Standard 1.2.8, Schedules 11 and 12.
import { describe, expect, it } from 'vitest';
import { ANZ_DAILY_INTAKE, anzPercentDi } from '../../../src/core/label/anz/daily-intake.js';
import { anzEnergyKj } from '../../../src/core/label/anz/energy.js';
import { dec } from '../../../src/core/label/shared/decimal-round.js';
import type { AnzColumnValue, LabelModel } from '../../../src/core/label/shared/model.js';
import { toSignificantFigures } from '../../../src/core/label/shared/significant-figures.js';
import { labelOfPer100g, type Per100gFood, rowOf } from '../../support/per-100g-label.js';

// A muesli bar, per 100 g (worked by hand in docs/labeling.md#anz-worked-example).
const MUESLI_BAR = { protein: 8.5, fat: 20.3, fat_saturated: 9.87, carbohydrate: 62.5, fiber: 5.5, sugar: 28.4, sodium: 215 };

const buildAnzNip = (food: Per100gFood): LabelModel => labelOfPer100g('en-AU', food);

function nip(overrides: Partial<Per100gFood> = {}): LabelModel {
  return buildAnzNip({ per_100g: MUESLI_BAR, serving_grams: 35, servings_per_package: 8, ...overrides });
}

/** A row's two columns. */
const byKey = (label: LabelModel, key: string) => {
  const row = rowOf(label, key);
  return { ...row, per_serving: row.per_serving as AnzColumnValue, per_100: row.per_100 as AnzColumnValue };
};

describe('FSANZ user guide §3.6: no more than three significant figures, half up', () => {
  it.each([
    [99.94, '99.9'],
    [99.95, '100'],
    [999.4, '999'],
    [999.5, '1000'],
    [9994, '9990'],
    [9995, '10000'],
    [1415, '1420'],
    [338.5, '339'],
    [0.04449, '0.0445'],
    [2.675, '2.68'],
    [0, '0'],
  ])('%s -> %s', (value, text) => {
    expect(toSignificantFigures(value, 3).toFixed()).toBe(text);
  });

  it.each([
    // The same boundaries through a panel: sodium per 100 g (mg), energy from protein alone (17 kJ/g).
    [{ sodium: 99.94 }, 'sodium', '99.9 mg'],
    [{ sodium: 99.95 }, 'sodium', '100 mg'],
    [{ sodium: 999.4 }, 'sodium', '999 mg'],
    [{ sodium: 999.5 }, 'sodium', '1000 mg'],
    [{ sodium: 9994 }, 'sodium', '9990 mg'],
    [{ sodium: 9995 }, 'sodium', '10000 mg'],
    [{ protein: 58.79 }, 'energy', '999 kJ'], // 999.43 kJ
    [{ protein: 58.8 }, 'energy', '1000 kJ'], // 999.6 kJ
  ])('panel %j: %s per 100 g prints %s', (values, key, display) => {
    const zero = { protein: 0, fat: 0, fat_saturated: 0, carbohydrate: 0, fiber: 0, sugar: 0, sodium: 0 };
    const label = buildAnzNip({ per_100g: { ...zero, ...values }, serving_grams: 50, servings_per_package: 2 });
    expect(byKey(label, key).per_100.display).toBe(display);
  });
});

describe('Schedule 11, S11—2: energy from factors over unrounded amounts', () => {
  it.each([
    ['protein 17 kJ/g', { protein: 1 }, 17],
    ['fat 37 kJ/g', { fat: 1 }, 37],
    ['available carbohydrate 17 kJ/g', { available_carbohydrate: 1 }, 17],
    ['dietary fibre 8 kJ/g', { fiber: 1 }, 8],
    ['alcohol 29 kJ/g', { alcohol: 1 }, 29],
  ])('%s', (_name, part, kj) => {
    const parts = { protein: dec(0), fat: dec(0), available_carbohydrate: dec(0), fiber: dec(0), alcohol: dec(0) };
    for (const [k, v] of Object.entries(part)) parts[k as keyof typeof parts] = dec(v);
    expect(anzEnergyKj(parts).toNumber()).toBe(kj);
  });

  it('carbohydrate counts without fibre, fibre at 8 kJ/g, and alcohol at 29 kJ/g when the recipe has it', () => {
    const label = buildAnzNip({
      per_100g: { protein: 0, fat: 0, fat_saturated: 0, carbohydrate: 10, fiber: 4, sugar: 0, sodium: 0, alcohol: 2 },
      serving_grams: 100,
      servings_per_package: 1,
    });
    // 17 x 6 + 8 x 4 + 29 x 2 = 102 + 32 + 58 = 192
    expect(byKey(label, 'energy').per_100.kj).toBe(192);
    expect(byKey(label, 'carbohydrate').per_100.display).toBe('6 g');
    expect(label.notes.join(' ')).toContain('alcohol at 29 kJ/g');
  });

  it('S11—2(4): Calories are the unrounded kJ / 4.18, rounded on their own, in brackets only when show_calories', () => {
    const kj = buildAnzNip({ per_100g: { ...MUESLI_BAR }, serving_grams: 35, servings_per_package: 8 });
    expect(byKey(kj, 'energy').per_100.display).toBe('1910 kJ');
    expect(byKey(kj, 'energy').per_100.cal).toBeNull();
    const cal = nip({ settings: { show_calories: true } });
    expect(byKey(cal, 'energy').per_100.display).toBe('1910 kJ (457 Cal)'); // 1908.6 / 4.18 = 456.60
  });
});

describe('Schedule 12 worked example: muesli bar, 35 g serving, 8 servings (hand-checked)', () => {
  const label = nip({ settings: { show_calories: true, percent_daily_intake: true } });

  it('S12—2 header lines and column titles (1.2.8—7: average quantities)', () => {
    expect(label.title).toBe('NUTRITION INFORMATION');
    expect(label.servings_per_container.display).toBe('Servings per package: 8');
    expect(label.serving_size.display).toBe('Serving size: 35 g');
    expect(label.column_titles).toEqual(['Avg. Quantity per Serving', 'Avg. Quantity per 100 g']);
    expect(label.basis).toBe('100g');
  });

  it('S12—2 rows in order, per serving and per 100 g, %DI per serving (1.2.8—8)', () => {
    const table = label.nutrients.map((r) => [r.name, r.per_serving?.display, r.per_100?.display, r.per_serving?.percent_di_display]);
    expect(table).toEqual([
      ['Energy', '668 kJ (160 Cal)', '1910 kJ (457 Cal)', '8%'], // 668.01 kJ; 159.81 Cal; 668 / 8700
      ['Protein', '2.98 g', '8.5 g', '6%'], // 2.975
      ['Fat, total', '7.11 g', '20.3 g', '10%'], // 7.105
      ['- saturated', '3.45 g', '9.87 g', '14%'], // 3.4545 ; 3.45 / 24 = 14.4 %
      ['Carbohydrate', '20 g', '57 g', '6%'], // (62.5 - 5.5) x 0.35 = 19.95 -> 20.0
      ['- sugars', '9.94 g', '28.4 g', '11%'],
      ['Sodium', '75.3 mg', '215 mg', '3%'], // 75.25
    ]);
    expect(label.nutrients.every((r) => (r.per_100 as AnzColumnValue).percent_di_display === null)).toBe(true);
    expect(label.percent_di_header).toBe('% Daily Intake* (per serving)');
    expect(label.footnote).toBe(
      '*Percentage daily intakes are based on an average adult diet of 8700 kJ. Your daily intakes may be higher or lower depending on your energy needs.',
    );
    expect(label.complete).toBe(true);
    expect(label.warnings).toEqual([]);
  });

  it('without percent_daily_intake there is no %DI column and no footnote', () => {
    const plain = nip();
    expect(plain.percent_di_header).toBeNull();
    expect(plain.footnote).toBe('');
    expect(plain.nutrients.every((r) => r.per_serving?.percent_di_display === null)).toBe(true);
  });
});

describe('1.2.8—8: %DI reference values, whole percent half up', () => {
  it.each(Object.entries(ANZ_DAILY_INTAKE))('%s: 0.5 %% of %s rounds up to 1%%, just below to 0 -> "<1%%"', (key, reference) => {
    expect(anzPercentDi(key, dec(reference).mul('0.005'))?.display).toBe('1%');
    expect(anzPercentDi(key, dec(reference).mul('0.00499'))?.display).toBe('<1%');
    expect(anzPercentDi(key, dec(0))?.display).toBe('0%');
  });

  it('the named setting anz_percent_di_basis picks the declared or the unrounded amount', () => {
    // Fat 0.999 g/100 g, 0.34965 g per serving: declared 0.350 g -> 0.5 % -> 1 %; unrounded 0.4995 % -> "<1%".
    const declared = buildAnzNip({
      per_100g: { ...MUESLI_BAR, fat: 0.999 },
      serving_grams: 35,
      servings_per_package: 8,
      settings: { percent_daily_intake: true },
    });
    const unrounded = buildAnzNip({
      per_100g: { ...MUESLI_BAR, fat: 0.999 },
      serving_grams: 35,
      servings_per_package: 8,
      settings: { percent_daily_intake: true, anz_percent_di_basis: 'unrounded' },
    });
    expect(byKey(declared, 'fat').per_serving.percent_di_display).toBe('1%');
    expect(byKey(unrounded, 'fat').per_serving.percent_di_display).toBe('<1%');
  });

  it('rows without a reference value (trans, cholesterol) carry no %DI', () => {
    const label = nip({
      per_100g: { ...MUESLI_BAR, fat_trans: 0.2, cholesterol: 12 },
      settings: { percent_daily_intake: true, optional_nutrients: ['fat_trans', 'cholesterol'] },
    });
    expect(byKey(label, 'fat_trans').per_serving.percent_di_display).toBeNull();
    expect(byKey(label, 'cholesterol').per_serving.percent_di_display).toBeNull();
  });
});

describe('S12—3 optional rows (label_settings.optional_nutrients)', () => {
  it('takes its place in the extended panel; fibre gets its %DI (30 g)', () => {
    const label = nip({
      per_100g: { ...MUESLI_BAR, fat_trans: 0.2, fat_polyunsaturated: 3, fat_monounsaturated: 6, cholesterol: 12 },
      settings: {
        percent_daily_intake: true,
        optional_nutrients: ['cholesterol', 'fiber', 'fat_trans', 'fat_monounsaturated', 'fat_polyunsaturated', 'vitamin_c'],
      },
    });
    expect(label.nutrients.map((r) => r.name)).toEqual([
      'Energy',
      'Protein',
      'Fat, total',
      '- saturated',
      '- trans',
      '- polyunsaturated',
      '- monounsaturated',
      'Cholesterol',
      'Carbohydrate',
      '- sugars',
      'Dietary fibre',
      'Sodium',
    ]);
    expect(byKey(label, 'fiber').per_serving.display).toBe('1.93 g'); // 1.925
    expect(byKey(label, 'fiber').per_serving.percent_di_display).toBe('6%'); // 1.93 / 30 = 6.4 %
    expect(label.notes.join(' ')).toContain('"vitamin_c" is not declared');
  });
});

describe('1.2.8—6(1): 100 mL for liquids, through the density', () => {
  const juice = { protein: 0.5, fat: 0.1, fat_saturated: 0, carbohydrate: 10.4, fiber: 0.4, sugar: 9.6, sodium: 4 };

  it('declares per 100 mL and a serving in mL', () => {
    const label = buildAnzNip({
      per_100g: juice,
      serving_grams: 257.5,
      servings_per_package: 4,
      density: 1.03,
      settings: { food_kind: 'beverage' },
    });
    expect(label.basis).toBe('100mL');
    expect(label.column_titles?.[1]).toBe('Avg. Quantity per 100 mL');
    expect(label.serving_size.display).toBe('Serving size: 250 mL');
    // 100 mL = 103 g: sugars 9.6 x 1.03 = 9.888 -> 9.89 g
    expect(byKey(label, 'sugar').per_100.display).toBe('9.89 g');
    expect(label.complete).toBe(true);
  });

  it('a liquid without a density stays per 100 g and is not complete (missing_density)', () => {
    const label = buildAnzNip({ per_100g: juice, serving_grams: 250, servings_per_package: 4, settings: { food_kind: 'liquid' } });
    expect(label.basis).toBe('100g');
    expect(label.warnings.map((w) => w.code)).toEqual(['missing_density']);
    expect(label.complete).toBe(false);
  });
});

describe('docs/api.md#trust-and-completeness: unknown is never zero', () => {
  it('an absent nutrient prints "unknown", makes energy unknown and the panel incomplete', () => {
    const { protein: _protein, ...rest } = MUESLI_BAR;
    const label = nip({ per_100g: rest });
    expect(byKey(label, 'protein').per_100).toMatchObject({ amount: null, display: 'unknown' });
    expect(byKey(label, 'energy').per_serving).toMatchObject({ amount: null, display: 'unknown', kj: null });
    expect(label.warnings).toEqual([expect.objectContaining({ code: 'missing_nutrient', nutrient: 'protein', accepted: false })]);
    expect(label.complete).toBe(false);
  });

  it('accept_missing takes it as zero, still said, and the panel is complete', () => {
    const { protein: _protein, ...rest } = MUESLI_BAR;
    const label = nip({ per_100g: rest, settings: { accept_missing: ['protein'] } });
    expect(byKey(label, 'protein').per_100.display).toBe('0 g');
    expect(label.warnings).toEqual([expect.objectContaining({ code: 'missing_nutrient', nutrient: 'protein', accepted: true })]);
    expect(label.complete).toBe(true);
  });

  it('an ingredient without fibre makes carbohydrate and energy unknown (fibre is subtracted and counted)', () => {
    const missing = { fiber: [{ ingredient_id: 7, name: 'Oat clusters', grams: 40, recipe_id: 1 }] };
    const label = nip({ missing });
    expect(label.warnings).toHaveLength(1);
    expect(label.warnings[0]).toMatchObject({ code: 'missing_nutrient', nutrient: 'fiber', ingredient_ids: [7], accepted: false });
    // The one warning on fibre says that carbohydrate and energy rest on it (their rows print the known sums).
    expect(label.warnings[0]!.message).toContain('subtracted from carbohydrate and counts in energy');
    expect(label.complete).toBe(false);
  });
});
