// A food description whose first comma-separated part holds no word ("(, raw", "/") threw a TypeError in
// commonForm (it took the last word of an empty list), which stopped the whole library import at that
// food. Such a part names no food: the description now simply has no common form.
import { describe, expect, it } from 'vitest';
import { commonForm } from '../../src/core/usda/common-form.js';

describe('a USDA description led by punctuation alone', () => {
  it.each(['(, raw', '/', '( ), cooked'])('%s has no common form instead of throwing', (description) => {
    expect(commonForm(description, null)).toBeNull();
  });

  it('a description with words keeps its common form', () => {
    expect(commonForm('Eggs, whole, raw', null)).toEqual({ head: 'egg', score: 0 });
  });
});
