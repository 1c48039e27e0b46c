// A serving written "1/8 gâteau" (or "2 lébkuchen") was read as a measure of weight, "g" or "l" followed by a
// letter outside ASCII, so the serving was never checked against the reference amount (21 CFR 101.9(b)(2)(ii);
// Canada's Column 3A): the label stayed complete with a serving the rules do not give.
// docs/labeling.md#serving-size-rules.
import { describe, expect, it } from 'vitest';
import type { LabelStart } from '../../src/core/label/shared/label-steps.js';
import { declaredServing, servingSizeWarning } from '../../src/core/label/shared/serving-check.js';

describe('a serving of gâteau read as grams', () => {
  it('reads "1/8 gâteau" as an eighth of a cake and checks it: a 960 g cake against 80 g is served by twelfths', () => {
    expect(declaredServing('1/8 gâteau')).toEqual({ fraction: 8, word: 'gâteau' });
    expect(declaredServing('2 lébkuchen')).toEqual({ units: 2, word: 'lébkuchen' });
    const label = { input: { household_serving: '1/8 gâteau', serving_grams: 120 }, settings: {} } as unknown as LabelStart;
    expect(servingSizeWarning(label, 'CA', 80, 'A.6')?.message).toContain('declare 1/12 gâteau');
  });

  it('still reads "30 g" and "1 l" as measures, not pieces', () => {
    expect(declaredServing('30 g')).toBeNull();
    expect(declaredServing('1 l')).toBeNull();
  });
});
