// Asking for fda_simplified on a recipe that does not qualify (21 CFR 101.9(f): at least 8 of
// 15 nutrients insignificant) rendered the simplified label with only a note. It is now a
// format_not_allowed warning and an incomplete label, so every file of it carries the band.
import { describe, expect, it } from 'vitest';
import { buildLabel } from '../../src/core/label/build-label.js';
import { renderLabelSvg } from '../../src/render/svg/index.js';
import { FDA_SAMPLE_INPUT } from '../support/fda-sample.js';

describe('fda_simplified on a recipe that does not qualify', () => {
  it('is refused in the data and banded in the file', () => {
    const label = buildLabel(FDA_SAMPLE_INPUT, { language: 'en-US', format: 'fda_simplified' });
    expect(label.complete).toBe(false);
    expect(label.warnings.map((w) => w.code)).toEqual(['format_not_allowed']);
    expect(renderLabelSvg(label, { embedFont: false })).toContain('INCOMPLETE DATA - NOT FOR PRINT');
  });
});
