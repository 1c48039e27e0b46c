// The shaper loads on first need, not with the renderers (render/text/shaper.ts): a Latin label never
// loads it; a label whose text needs it says so (ShaperNotLoaded) until it is loaded, and withShaper
// loads it and draws the label. Its own file: the test needs a fresh process state (unit files run
// isolated), with no other test having loaded the shaper first.
import { describe, expect, it } from 'vitest';
import type { LabelModel } from '../../../src/core/label/shared/model.js';
import { renderLabelSvg } from '../../../src/render/svg/index.js';
import { withShaper } from '../../../src/render/text/load.js';
import { ShaperNotLoaded, shaperLoaded } from '../../../src/render/text/shaper.js';
import { FDA_SAMPLE } from './fixtures.js';

/** The FDA sample with two ingredients named in Arabic and Chinese (names come from the recipe's data). */
const WITH_ARABIC_AND_CHINESE: LabelModel = {
  ...FDA_SAMPLE,
  ingredient_statement: 'Ingredients: Whole Grain Oats, سكر القصب, 燕麦片, Salt.',
};

describe('loading the shaper', () => {
  it('a Latin label is drawn without it', () => {
    expect(renderLabelSvg(FDA_SAMPLE)).toContain('Whole Grain Oats');
    expect(shaperLoaded()).toBe(false);
  });

  it('a label whose text needs it throws ShaperNotLoaded until it is loaded; withShaper loads it and draws the label', async () => {
    expect(() => renderLabelSvg(WITH_ARABIC_AND_CHINESE)).toThrow(ShaperNotLoaded);
    const svg = await withShaper(() => renderLabelSvg(WITH_ARABIC_AND_CHINESE));
    expect(shaperLoaded()).toBe(true);
    expect(svg).toMatch(/<use href="#g-noto-sans-arabic-regular-\d+"/);
    expect(svg).toMatch(/<use href="#g-noto-sans-sc-regular-\d+"/);
    // Once loaded it stays: the next render draws straight away.
    expect(renderLabelSvg(WITH_ARABIC_AND_CHINESE)).toBe(svg);
  });

  it('withShaper passes on any other error', async () => {
    await expect(
      withShaper(() => {
        throw new RangeError('not about shaping');
      }),
    ).rejects.toThrow(RangeError);
  });
});
