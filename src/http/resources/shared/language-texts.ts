// `names` and `ingredient_lists` (docs/api.md#label-languages): texts keyed by label language, in requests and responses.
import { Type } from '@sinclair/typebox';
import { LANGUAGE_TEXT_MEMBERS_MAX, textLanguages } from '../../../core/language-texts.js';
import { Nullable } from './common.js';

const EXAMPLE = { de: 'Weizenmehl', fr: 'Farine de blé', es: 'Harina de trigo', it: 'Farina di frumento', nl: 'Tarwebloem' };

/**
 * A write: each language sent sets its text, null clears it, languages not sent stay; null clears all.
 * Other keys are let through to the rules, whose 422 names the key (`names.pt`).
 */
export const LanguageTextsBody = (maxLength: number, description: string) =>
  Nullable(
    Type.Object(Object.fromEntries(textLanguages().map((language) => [language, Type.Optional(Nullable(Type.String({ maxLength })))])), {
      additionalProperties: true,
      maxProperties: LANGUAGE_TEXT_MEMBERS_MAX,
      description: `${description}; keys ${textLanguages().join(', ')}`,
      examples: [EXAMPLE],
    }),
  );

/** As returned: the languages that have a text. */
export const LanguageTextsJson = (description: string) => Type.Record(Type.String(), Type.String(), { description, examples: [EXAMPLE] });
