// The front-of-package nutrition symbol of a recipe (docs/api.md#canada-front-of-pack; FDR B.01.350-B.01.357), or with
// language=es-MX Mexico's warning octagons and legends (docs/api.md#market-mexico; NOM-051 4.5.3, 7.1.3-7.1.4), or with
// language=en-GB the UK's traffic-light panel (docs/api.md#uk-front-of-pack; DH/FSA FoP guide 2016): the
// determination as data, and the drawing a file is rendered from, with the query checked into
// typed values (422 naming the field) and a 422 when the recipe needs no symbol.
import { marketOf } from '../../core/label/markets.js';
import type { FrontOfPack, LabelModel, MxFrontOfPackValue, UkFrontOfPackValue } from '../../core/label/shared/model.js';
import { invalidField, validationFailed } from '../../errors.js';
import type { FrontOfPackDrawing, SymbolDrawing, SymbolLanguage, SymbolOrientation } from '../../render/svg/front-of-pack.js';
import type { Caller, ServiceContext } from '../context.js';
import { labelFor, type LabelChoice } from './labels.js';
import { loadRecipeForLabel, type RecipeForLabel } from '../recipes/index.js';

/** Canada's symbol languages, es-MX for Mexico's warnings, en-GB for the UK's traffic-light panel. */
export const SYMBOL_LANGUAGES: ReadonlyArray<SymbolLanguage | 'es-MX' | 'en-GB'> = ['en-CA', 'fr-CA', 'bilingual', 'es-MX', 'en-GB'];
export const SYMBOL_ORIENTATIONS: readonly SymbolOrientation[] = ['horizontal', 'vertical'];

export interface SymbolQuery {
  language?: string;
  orientation?: string;
}

export interface SymbolChoice {
  language: SymbolLanguage | 'es-MX' | 'en-GB';
  orientation: SymbolOrientation;
}

const present = (value: string | undefined): value is string => typeof value === 'string' && value !== '';

/**
 * Defaults: bilingual (one symbol in both official languages, B.01.351(2)(b)) and horizontal (the
 * vertical formats are for narrow panels, B.01.351(3)). Anything else is a 422 listing the valid values.
 */
export function chooseSymbolOptions(query: SymbolQuery): SymbolChoice {
  const language = present(query.language) ? query.language : 'bilingual';
  if (!(SYMBOL_LANGUAGES as readonly string[]).includes(language)) {
    throw invalidField('language', `must be one of ${SYMBOL_LANGUAGES.join(', ')}`);
  }
  const orientation = present(query.orientation) ? query.orientation : 'horizontal';
  if (!(SYMBOL_ORIENTATIONS as readonly string[]).includes(orientation)) {
    throw invalidField('orientation', `must be one of ${SYMBOL_ORIENTATIONS.join(', ')}`);
  }
  return { language: language as SymbolChoice['language'], orientation: orientation as SymbolOrientation };
}

export interface RecipeFrontOfPack {
  name: string;
  front_of_pack: FrontOfPack | MxFrontOfPackValue | UkFrontOfPackValue;
  /** Whether the label data the determination rests on is complete (docs/api.md#trust-and-completeness, X-Label-Complete). */
  complete: boolean;
}

/**
 * The caller's recipe's determination (404 when not the caller's): the front_of_pack member of its Canadian
 * label, or of its Mexican label for es-MX.
 */
export async function recipeFrontOfPack(
  ctx: ServiceContext,
  caller: Caller,
  recipeId: number,
  language: SymbolChoice['language'] = 'bilingual',
): Promise<RecipeFrontOfPack> {
  return frontOfPackOfRecipe(await loadRecipeForLabel(ctx, caller, recipeId), language, ctx.clock.now());
}

/** The label a front-of-pack determination is read from: Mexico's table, the UK's table, else Canada's English standard table. */
export function frontOfPackLabelChoice(language: SymbolChoice['language']): LabelChoice {
  return language === 'es-MX'
    ? { language, format: 'mx_table' }
    : language === 'en-GB'
      ? { language, format: 'eu_table' }
      : { language: 'en-CA', format: 'ca_standard' };
}

/**
 * The determination of a recipe already loaded, as made on `at`. `built` is that label when the caller
 * has already built it (the label studio builds every market's label of the recipe once).
 */
export function frontOfPackOfRecipe(
  recipe: RecipeForLabel,
  language: SymbolChoice['language'],
  at: Date,
  built?: LabelModel,
): RecipeFrontOfPack {
  // The determination does not depend on the table's language or format: the English standard table carries it.
  const choice = frontOfPackLabelChoice(language);
  const label = built?.language === choice.language && built.format === choice.format ? built : labelFor(recipe, choice, at);
  const front_of_pack = label.front_of_pack;
  // The UK panel is per portion: a recipe without a portion weight has none to show.
  if (!front_of_pack) {
    throw validationFailed(
      { front_of_pack: ['the recipe has no portion'] },
      'No front-of-pack panel can be drawn: the recipe has no portion weight (set its yield and servings), and the UK panel is per portion (Regulation (EU) 1169/2011 Art. 33).',
    );
  }
  // The symbol rests on the same data as the label: an incomplete label (docs/api.md#trust-and-completeness) makes an
  // incomplete symbol, for the header and the drawing's band alike. A UK box left uncoloured (unknown
  // amount, or a drink) leaves the panel incomplete too.
  const complete = label.complete && (!isUk(front_of_pack) || front_of_pack.complete);
  return { name: recipe.name, front_of_pack, complete };
}

/** Why no symbol is drawn, said in the 422's message (here and for an approved label's frozen symbol). */
export function notRequiredMessage(fop: FrontOfPack): string {
  if (fop.exemption !== null) {
    return `This recipe needs no front-of-package nutrition symbol: label_settings.front_of_pack_exemption says it is exempt (${fop.exemption}).`;
  }
  if (fop.undetermined?.length) {
    // Under the thresholds on known values only: not a determination (docs/api.md#trust-and-completeness).
    return `No front-of-package nutrition symbol can be drawn yet: ${fop.undetermined.join(', ')} ${fop.undetermined.length === 1 ? 'has' : 'have'} unknown contributions, so whether the recipe is high in ${fop.undetermined.length === 1 ? 'it' : 'them'} (FDR B.01.350(1)) cannot be decided. Complete the ingredients' values or accept the gap (label_settings.accept_missing).`;
  }
  return 'This recipe needs no front-of-package nutrition symbol: its saturated fat, sugars and sodium are all under the thresholds of FDR B.01.350(1).';
}

/** Why no Mexican warning is drawn, said in the 422's message. */
function noWarningsMessage(fop: MxFrontOfPackValue): string {
  if (fop.undetermined.length > 0) {
    return `No front-of-pack warning can be drawn yet: whether ${fop.undetermined.join(', ')} apply (NOM-051 4.5.3, phase ${fop.phase}) cannot be decided on the known values. Complete the ingredients' values (added_sugar, adds_fat, adds_sodium) or accept the gap (label_settings.accept_missing).`;
  }
  return `This recipe needs no front-of-pack warning: no seal of NOM-051 4.5.3 (phase ${fop.phase}) applies and no ingredient is marked non_caloric_sweetener or added_caffeine.`;
}

type AnyFrontOfPack = FrontOfPack | MxFrontOfPackValue | UkFrontOfPackValue;
const isMexican = (fop: AnyFrontOfPack): fop is MxFrontOfPackValue => 'seals' in fop;
const isUk = (fop: AnyFrontOfPack): fop is UkFrontOfPackValue => 'scheme' in fop;

export interface RecipeSymbol extends RecipeFrontOfPack {
  drawing: SymbolDrawing;
}

/** What a symbol file is drawn from; 422 when the recipe needs no symbol, or the query is invalid. */
export async function recipeSymbol(ctx: ServiceContext, caller: Caller, recipeId: number, query: SymbolQuery): Promise<RecipeSymbol> {
  const choice = chooseSymbolOptions(query);
  return symbolOf(await recipeFrontOfPack(ctx, caller, recipeId, choice.language), choice);
}

/** The drawing of a determination; 422 when the recipe needs no symbol. */
export function symbolOf(found: RecipeFrontOfPack, choice: SymbolChoice): RecipeSymbol {
  const fop = found.front_of_pack;
  if (isUk(fop)) {
    // Voluntary, and always drawable: every box shows its amount (or that it is unknown).
    const band = marketOf('en-GB').incompleteBand('en-GB', 'eu_table');
    return { ...found, drawing: { panel: fop, incomplete: !found.complete, band } };
  }
  if (isMexican(fop)) {
    if (fop.seals.length === 0 && fop.legends.length === 0) {
      throw validationFailed({ front_of_pack: ['no warning is required'] }, noWarningsMessage(fop));
    }
    const band = marketOf('es-MX').incompleteBand('es-MX', 'mx_table');
    return { ...found, drawing: { seals: fop.seals, legends: fop.legends, incomplete: !found.complete, band } };
  }
  if (!fop.required) throw validationFailed({ front_of_pack: ['no symbol is required'] }, notRequiredMessage(fop));
  const drawing: FrontOfPackDrawing = {
    high_in: fop.high_in,
    language: choice.language as SymbolLanguage,
    orientation: choice.orientation,
    incomplete: !found.complete,
  };
  return { ...found, drawing };
}
