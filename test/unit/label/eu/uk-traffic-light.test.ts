// The UK front-of-pack traffic-light panel: the per-100 g food bands of the DH/FSA "Guide to creating a
// front of pack (FoP) nutrition label for pre-packed products sold through retail outlets" (2016), on
// both sides of every boundary, tested on unrounded amounts; %RI per portion (Regulation (EU) 1169/2011
// Annex XIII Part B); unknown amounts never coloured.
import { describe, expect, it } from 'vitest';
import { buildLabel } from '../../../../src/core/label/build-label.js';
import type { LabelInput } from '../../../../src/core/label/shared/label-input.js';
import type { UkFrontOfPackValue } from '../../../../src/core/label/shared/model.js';
import { foodLevel, largePortionIsRed } from '../../../../src/core/label/eu/uk/traffic-light-bands.js';
import { EU_SAMPLE_INPUT } from '../../../support/eu-sample.js';

describe('DH/FSA FoP guide (2016), food bands per 100 g: low <= limit, high > limit', () => {
  it.each([
    // fat: low <= 3 g, high > 17.5 g
    ['fat', '0', 'low'],
    ['fat', '3', 'low'],
    ['fat', '3.001', 'medium'],
    ['fat', '17.5', 'medium'],
    ['fat', '17.501', 'high'],
    // saturates: low <= 1.5 g, high > 5 g
    ['fat_saturated', '1.5', 'low'],
    ['fat_saturated', '1.501', 'medium'],
    ['fat_saturated', '5', 'medium'],
    ['fat_saturated', '5.001', 'high'],
    // sugars: low <= 5 g, high > 22.5 g
    ['sugar', '5', 'low'],
    ['sugar', '5.001', 'medium'],
    ['sugar', '22.5', 'medium'],
    ['sugar', '22.501', 'high'],
    // salt: low <= 0.3 g, high > 1.5 g
    ['salt', '0.3', 'low'],
    ['salt', '0.30001', 'medium'],
    ['salt', '1.5', 'medium'],
    ['salt', '1.50001', 'high'],
  ] as const)('%s %s g/100 g is %s', (nutrient, amount, level) => {
    expect(foodLevel(nutrient, amount)).toBe(level);
  });

  it('bands the unrounded amount: 3.04 g fat (declared "3.0 g") is medium, not low', () => {
    expect(foodLevel('fat', '3.04')).toBe('medium');
  });
});

describe('portion-size rule for red (label_settings.uk_large_portion_rule; 30 % of Annex XIII Part B RI)', () => {
  it.each([
    // portion must be above 100 g
    ['fat', '100', '30', false],
    ['fat', '100.1', '21', false],
    ['fat', '100.1', '21.01', true],
    ['fat_saturated', '150', '6', false],
    ['fat_saturated', '150', '6.01', true],
    ['sugar', '150', '27', false],
    ['sugar', '150', '27.01', true],
    ['salt', '150', '1.8', false],
    ['salt', '150', '1.801', true],
  ] as const)('%s, portion %s g holding %s g: red %s', (nutrient, portion, amount, red) => {
    expect(largePortionIsRed(nutrient, portion, amount)).toBe(red);
  });
});

const panel = (input: LabelInput): UkFrontOfPackValue =>
  buildLabel(input, { language: 'en-GB', format: 'eu_table' }).front_of_pack as UkFrontOfPackValue;
/** One ingredient (id 4, 10 g) with no value for a nutrient. */
const gap = (name: string) => ({ ingredient_id: 4, name, grams: 10, recipe_id: 31 });
const box = (p: UkFrontOfPackValue, key: string) => p.nutrients.find((n) => n.key === key)!;

describe('the en-GB panel of the worked example (30 g portion; per 100 g fat 20, saturates 12.4, sugars 30, salt 0.6)', () => {
  const p = panel(EU_SAMPLE_INPUT);

  it('five boxes per portion with %RI, colours by the per-100 g bands', () => {
    expect(p.scheme).toBe('uk_traffic_light');
    expect(p.heading).toBe('Each portion (30g) contains');
    expect(p.nutrients.map((n) => [n.name, n.per_portion?.display, n.percent_ri_display, n.colour])).toEqual([
      ['Energy', '538kJ 128kcal', '6%', null],
      ['Fat', '6.0g', '9%', 'red'],
      ['Saturates', '3.7g', '19%', 'red'],
      ['Sugars', '9.0g', '10%', 'red'],
      ['Salt', '0.18g', '3%', 'amber'],
    ]);
    expect(p.per_100_line).toBe('Typical values (as sold) per 100g: Energy 1794kJ / 428kcal');
    expect(p.ri_line).toBe("of an adult's reference intake");
    expect(p.ri_statement).toBe('*Reference intake of an average adult (8 400 kJ/2 000 kcal)');
    expect(p.complete).toBe(true);
  });

  it('only en-GB carries the panel; other EU languages and Canada do not', () => {
    expect(buildLabel(EU_SAMPLE_INPUT, { language: 'de-DE', format: 'eu_table' }).front_of_pack).toBeUndefined();
    expect(buildLabel(EU_SAMPLE_INPUT, { language: 'en-IE', format: 'eu_table' }).front_of_pack).toBeUndefined();
  });

  it('green for low amounts', () => {
    const low = panel({
      ...EU_SAMPLE_INPUT,
      nutrition: { fat: 0.9, fat_saturated: 0.45, carbohydrate: 10, fiber: 0, sugar: 1.5, protein: 1, sodium: 36 },
    });
    // per 100 g: fat 3, saturates 1.5, sugars 5, salt 0.3: each at its low limit
    expect(low.nutrients.slice(1).map((n) => n.colour)).toEqual(['green', 'green', 'green', 'green']);
  });
});

describe('unknown is never coloured', () => {
  it('a box resting on an unknown amount shows no amount and no colour; the panel is incomplete', () => {
    const p = panel({ ...EU_SAMPLE_INPUT, missing: { sugar: [gap('Syrup')] } });
    expect(box(p, 'sugar')).toMatchObject({ per_portion: null, percent_ri: null, colour: null, level: null, uncoloured: 'unknown' });
    expect(box(p, 'fat').colour).toBe('red');
    expect(p.complete).toBe(false);
  });

  it('unknown sodium leaves salt uncoloured; unknown protein leaves energy unknown', () => {
    const p = panel({
      ...EU_SAMPLE_INPUT,
      missing: { sodium: [gap('Stock')], protein: [gap('Stock')] },
    });
    expect(box(p, 'salt').uncoloured).toBe('unknown');
    expect(box(p, 'energy').per_portion).toBeNull();
    expect(p.per_100_line).toBe('Typical values (as sold) per 100g: Energy unknown');
  });

  it('an unknown the account accepts as zero (label_settings.accept_missing) is coloured on the known values', () => {
    const p = panel({
      ...EU_SAMPLE_INPUT,
      missing: { sugar: [gap('Syrup')] },
      settings: { accept_missing: ['sugar'] },
    });
    expect(box(p, 'sugar').colour).toBe('red');
  });
});

describe('drinks and large portions (rules not confirmed from the guide: docs/labeling.md#eu-uk)', () => {
  it('a beverage is not coloured (drink bands not modelled): the panel is incomplete', () => {
    const p = panel({ ...EU_SAMPLE_INPUT, density: 1, settings: { food_kind: 'beverage' } });
    expect(p.nutrients.slice(1).map((n) => [n.colour, n.uncoloured])).toEqual(Array(4).fill([null, 'drink_bands_unconfirmed']));
    expect(p.complete).toBe(false);
  });

  it('a liquid food (soup) declared per 100 mL is coloured on its amounts per 100 g', () => {
    // 30 g portion at density 1.2 = 25 mL; per 100 g sugars 30 (red) whatever the per-100 mL figure
    const p = panel({ ...EU_SAMPLE_INPUT, density: 1.2, settings: { food_kind: 'liquid' } });
    expect(p.portion.unit).toBe('mL');
    expect(box(p, 'sugar').colour).toBe('red');
    expect(box(p, 'salt').colour).toBe('amber');
  });

  it('the portion rule, when turned on, makes red a portion above 100 g holding more than 30 % RI', () => {
    // 150 g portion, per 100 g fat 15 (amber): 22.5 g per portion > 21 g
    const input: LabelInput = {
      ...EU_SAMPLE_INPUT,
      serving_grams: 150,
      nutrition: { fat: 22.5, fat_saturated: 1.5, carbohydrate: 30, fiber: 0, sugar: 3, protein: 5, sodium: 100 },
    };
    expect(box(panel(input), 'fat').colour).toBe('amber');
    const on = panel({ ...input, settings: { uk_large_portion_rule: true } });
    expect(box(on, 'fat').colour).toBe('red');
    expect(box(on, 'fat_saturated').colour).toBe('green');
    expect(on.large_portion_rule).toBe(true);
  });
});
