// Entry point of the label engine: recipe nutrition + settings -> the label as data (docs/api.md §6.1).
// Pure: no I/O; every rounding in decimal arithmetic.
import { CA_FORMATS, FDA_FORMATS, LABEL_LANGUAGES, type LabelFormat, type LabelLanguage, type LabelModel } from './shared/model.js';
import type { LabelInput, LabelOptions } from './shared/label-input.js';
import { buildFdaLabel } from './fda/build.js';
import { buildCanadaLabel } from './canada/build.js';

export type { LabelInput, LabelSettings, LabelOptions } from './shared/label-input.js';

/** en-US takes the FDA formats; en-CA and fr-CA the Canadian ones (docs/api.md §6). */
export const LABEL_FORMATS_FOR: Record<LabelLanguage, LabelFormat[]> = {
  'en-US': [...FDA_FORMATS],
  'en-CA': [...CA_FORMATS],
  'fr-CA': [...CA_FORMATS],
};

export function defaultFormat(language: LabelLanguage): LabelFormat {
  return language === 'en-US' ? 'fda_vertical' : 'ca_standard';
}

export type LabelOptionsCheck =
  | { ok: true; language: LabelLanguage; format: LabelFormat }
  | { ok: false; field: 'language' | 'format'; message: string };

/** Validate a requested language/format pair (format defaults per language). For the service's 422s. */
export function checkLabelOptions(language: string, format?: string | null): LabelOptionsCheck {
  if (!(LABEL_LANGUAGES as readonly string[]).includes(language)) {
    return { ok: false, field: 'language', message: `language must be one of ${LABEL_LANGUAGES.join(', ')}` };
  }
  const lang = language as LabelLanguage;
  const allowed = LABEL_FORMATS_FOR[lang];
  if (format === undefined || format === null || format === '') return { ok: true, language: lang, format: defaultFormat(lang) };
  if (!(allowed as string[]).includes(format)) {
    return { ok: false, field: 'format', message: `format for ${lang} must be one of ${allowed.join(', ')}` };
  }
  return { ok: true, language: lang, format: format as LabelFormat };
}

export function buildLabel(input: LabelInput, opts: LabelOptions): LabelModel {
  const check = checkLabelOptions(opts.language, opts.format);
  // Callers validate first (checkLabelOptions); reaching here with a bad pair is a programming error.
  if (!check.ok) throw new RangeError(check.message);
  return check.language === 'en-US' ? buildFdaLabel(input, check.format) : buildCanadaLabel(input, check.language, check.format);
}
