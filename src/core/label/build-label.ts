// Entry point of the label engine: recipe nutrition + settings -> the label as data (docs/api.md#label-data).
// Pure: no I/O; every rounding in decimal arithmetic. The language picks the market (markets.ts), the
// market its engine.
import { formatsFor, isLabelLanguage, marketOf } from './markets.js';
import { LABEL_LANGUAGES, type LabelFormat, type LabelLanguage, type LabelModel } from './shared/model.js';
import type { LabelInput, LabelOptions } from './shared/label-input.js';

export type { LabelInput, LabelSettings, LabelOptions } from './shared/label-input.js';

/** The formats each language allows (its market's). */
export const LABEL_FORMATS_FOR: Readonly<Record<LabelLanguage, readonly LabelFormat[]>> = Object.fromEntries(
  LABEL_LANGUAGES.map((language) => [language, formatsFor(language)]),
) as Record<LabelLanguage, readonly LabelFormat[]>;

export function defaultFormat(language: LabelLanguage): LabelFormat {
  return marketOf(language).defaultFormat;
}

export type LabelOptionsCheck =
  | { ok: true; language: LabelLanguage; format: LabelFormat }
  | { ok: false; field: 'language' | 'format'; message: string };

/** Validate a requested language/format pair (format defaults per language). For the service's 422s. */
export function checkLabelOptions(language: string, format?: string | null): LabelOptionsCheck {
  if (!isLabelLanguage(language)) {
    return { ok: false, field: 'language', message: `language must be one of ${LABEL_LANGUAGES.join(', ')}` };
  }
  const allowed = formatsFor(language);
  if (format === undefined || format === null || format === '') return { ok: true, language, format: defaultFormat(language) };
  if (!(allowed as readonly string[]).includes(format)) {
    return { ok: false, field: 'format', message: `format for ${language} must be one of ${allowed.join(', ')}` };
  }
  return { ok: true, language, format: format as LabelFormat };
}

export function buildLabel(input: LabelInput, opts: LabelOptions): LabelModel {
  const check = checkLabelOptions(opts.language, opts.format);
  // Callers validate first (checkLabelOptions); reaching here with a bad pair is a programming error.
  if (!check.ok) throw new RangeError(check.message);
  return marketOf(check.language).build(input, check.language, check.format);
}
