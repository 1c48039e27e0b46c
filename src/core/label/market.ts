// A label market: everything that differs from one country's (or union's) labels to another's, in one
// object. Each market folder (fda/, canada/, eu/, anz/, mexico/) exports one, and src/core/label/markets.ts
// lists them: adding a market is a folder and a line there (docs/markets.md). Nothing outside a market's
// folder switches on its languages or formats; it asks the market:
// - languages: the label languages it prints, with their statement heading and words;
// - formats: its label formats, each with the layout that draws it;
// - build: the label's data, in the same five steps for every market (shared/label-steps.ts);
// - completeness: what keeps its labels from print and from approval beyond docs/api.md#completeness;
// - frontOfPack: its front-of-pack scheme, if it has one: the determination's drawing, and what an
//   approval of its labels freezes.
// Rules still to come find their place the same way (docs/markets.md, "Where the next rules go").
import type { LabelCanvas, Size } from './shared/drawing/canvas.js';
import type { LabelInput, LabelSettings } from './shared/label-input.js';
import type { LanguageWords } from './shared/languages.js';
import type { LabelFormat, LabelLanguage, LabelModel, LabelWarning } from './shared/model.js';
import type { LabelGaps } from './shared/warnings.js';

export interface LabelMarket {
  /** Short stable name ("us", "ca", "eu"). */
  key: string;
  /** Where its labels are sold, for people ("the United States"). */
  name: string;
  /** The law the labels follow, for messages ("21 CFR 101.9"). */
  law: string;
  /** The label languages it prints, in the order the API lists them. */
  languages: readonly MarketLanguage[];
  /** Its label formats; the first is the default. */
  formats: readonly MarketFormat[];
  /** The label as data (docs/api.md#label-data): shared/label-steps.ts labelBuilder over the market's five steps. */
  build(label: LabelStart): LabelModel;
  completeness?: CompletenessRules;
  frontOfPack?: FrontOfPackScheme;
}

/**
 * A label asked for: its market, language and format, resolved once (markets.ts labelRequest) and
 * carried through the build, the completeness rules and the drawing.
 */
export interface LabelRequest {
  readonly market: LabelMarket;
  readonly language: LabelLanguage;
  readonly format: LabelFormat;
}

/** What every builder starts from (shared/label-steps.ts startLabel): the input, the request, and what they share. */
export interface LabelStart {
  readonly input: LabelInput;
  readonly request: LabelRequest;
  readonly settings: LabelSettings;
  /** Plain-language notes, in the order they are first said (the caller's first). */
  readonly notes: Set<string>;
  /** Which nutrients rest on unknown values, and which of those the account accepted. */
  readonly gaps: LabelGaps;
}

/** One label language of a market, with the words its labels print around the data. */
export interface MarketLanguage {
  /** The language tag the API takes: "fr-CA". */
  code: LabelLanguage;
  /** The heading before the ingredient list ("Ingredients: ", "Zutaten: "): docs/api.md#label-data ingredient_statement. */
  statementHeading: string;
  /**
   * How the market lists ingredients in this language, beyond the order of predominance: the word a
   * group of sugars-based ingredients opens with (FDR B.01.008.3: "Sugars", "Sucres"). Languages with
   * the same rules (and the same language) share one generated statement.
   */
  statementRules?: { sugarsGroup?: string };
  /** Words of its own, where the shared ones of its language (shared/languages.ts) do not fit. */
  words?: Partial<LanguageWords>;
}

/** One label format of a market, and how it is drawn. */
export interface MarketFormat {
  /** The format's name in the API: "fda_vertical". */
  key: LabelFormat;
  /** Draws the label's table (the statements and the incomplete band are drawn around it: shared/drawing/label.ts). */
  layout: LabelLayout;
  /**
   * The languages one label of the format prints, in order, when it prints more than its own (a bilingual
   * Canadian table: English and French): its band is said in each, and its page is in the first.
   */
  languages?: readonly LabelLanguage[];
}

/** Draws one label of a format; returns the drawing's size in label units. */
export type LabelLayout = (canvas: LabelCanvas, model: LabelModel) => Size;

/**
 * What keeps a market's labels from print (`complete: false`, the band) and from approval, beyond the
 * rule every market keeps (docs/api.md#completeness: an unaccepted missing_nutrient or format_not_allowed).
 */
export interface CompletenessRules {
  /** A warning that also keeps this market's labels from print. */
  blocks?(warning: LabelWarning, format: LabelFormat): boolean;
  /**
   * Warnings no approval may override, accept_incomplete included (Canada: a statement that is not in
   * both languages), and what the refusal says.
   */
  unapprovable?: { applies(warning: LabelWarning, format: LabelFormat): boolean; message: string };
}

/** A drawing of a front-of-pack scheme (the render pool draws it from this data alone). */
export interface FrontOfPackDrawing {
  /** The scheme that draws it (FrontOfPackScheme.key). */
  scheme: string;
  /** The data behind it is incomplete: the band says the file is not for print. */
  incomplete: boolean;
  /** The scheme's own members (the nutrients, the seals, the panel). */
  readonly [member: string]: unknown;
}

/** What GET /v1/recipes/{id}/front_of_pack was asked for: a symbol language and an orientation. */
export interface SymbolChoice {
  language: string;
  orientation: string;
}

/**
 * A market's front-of-pack scheme (docs/api.md#canada-front-of-pack, docs/api.md#uk-front-of-pack, docs/api.md#market-mexico): Canada's "High in" symbol, the UK's traffic-light
 * panel, Mexico's octagons. The determination itself is the label's `front_of_pack` member, made by the
 * market's builder; the scheme turns it into a drawing, draws it, and says what an approval freezes.
 */
export interface FrontOfPackScheme<F = unknown, D extends FrontOfPackDrawing = FrontOfPackDrawing> {
  /** The drawing's kind, carried by every drawing of it ("ca_high_in"). */
  key: string;
  /** The `language` values of GET /v1/recipes/{id}/front_of_pack that ask for it (Canada: en-CA, fr-CA, bilingual). */
  symbolLanguages: readonly string[];
  /** Orientations it is drawn in (the first is the default); a scheme of one shape names none. */
  orientations?: readonly string[];
  /** The label the determination is read from (it does not depend on the table's language or format). */
  label(symbolLanguage: string): { language: LabelLanguage; format: LabelFormat };
  /** The determination on a label of this market; undefined when the label has none. */
  of(label: LabelModel): F | undefined;
  /** Why a label has no determination: the 422's error under front_of_pack, and its message. */
  absent: { refused: string; message: string };
  /** Whether the determination is complete beyond its label's completeness (a UK box left uncoloured). */
  complete?(determination: F): boolean;
  /** The drawing, or why nothing is drawn (a 422: the error under front_of_pack, and the message). */
  drawing(determination: F, choice: SymbolChoice, incomplete: boolean): { drawing: D } | { refused: string; message: string };
  /** Draws it; returns its size in label units. */
  layout(canvas: LabelCanvas, drawing: D): Size;
  /** The drawing's title and accessible name ("High in: Sat fat, Sodium"). */
  title(drawing: D): string;
  /**
   * What an approval of one of the market's labels freezes beside the label (docs/api.md#approved-front-of-pack): the drawing
   * with the symbol language and orientation it is kept under, or null when the label needs none.
   */
  freeze?(label: LabelModel): { drawing: D; language: string; orientation: string } | null;
  /** Why an approved label of this market has no frozen drawing (the 422 of its front_of_pack files). */
  notFrozen?(label: LabelModel): string;
}
