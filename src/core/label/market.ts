// A label market: the languages it prints in, the formats it allows, and its own engine. Each engine
// folder (fda/, canada/, eu/) exports one; src/core/label/markets.ts lists them. Everything that
// depends on the market (which formats a language takes, the default format, the statement heading,
// the "not for print" band) is read from here, never switched on a language elsewhere.
import type { LabelInput } from './shared/label-input.js';
import type { LabelFormat, LabelLanguage, LabelModel } from './shared/model.js';

export interface LabelMarket {
  /** Short stable name ("us", "ca", "eu"). */
  key: string;
  /** The law the labels follow, for messages ("21 CFR 101.9"). */
  law: string;
  languages: readonly LabelLanguage[];
  formats: readonly LabelFormat[];
  defaultFormat: LabelFormat;
  /** The heading before the ingredient list, in the language ("Ingredients: ", "Zutaten: "). */
  statementHeading(language: LabelLanguage): string;
  /** The band across the rendered file of an incomplete label (docs/api.md#incomplete-band), in the label's language(s). */
  incompleteBand(language: LabelLanguage, format: LabelFormat): string[];
  build(input: LabelInput, language: LabelLanguage, format: LabelFormat): LabelModel;
}
