// The front-of-package drawing of a recipe, by the scheme of the market the query's `language` names
// (core/label/markets.ts schemeOfSymbolLanguage): Canada's "High in" symbol (en-CA, fr-CA, bilingual;
// docs/api.md#canada-front-of-pack; FDR B.01.350-B.01.357), Mexico's warning octagons and legends (es-MX; docs/api.md#market-mexico;
// NOM-051 4.5.3, 7.1.3-7.1.4), the UK's traffic-light panel (en-GB; docs/api.md#uk-front-of-pack; DH/FSA FoP guide
// 2016): the determination as data, and the drawing a file is rendered from, with the query checked
// into typed values (422 naming the field) and a 422 when the recipe needs no drawing.
import type { FrontOfPackDrawing, FrontOfPackScheme, SymbolChoice } from '../../core/label/market.js';
import { labelRequest, schemeOfSymbolLanguage, symbolLanguages, symbolOrientations } from '../../core/label/markets.js';
import type { FrontOfPack, LabelModel, MxFrontOfPackValue, UkFrontOfPackValue } from '../../core/label/shared/model.js';
import { invalidField, validationFailed } from '../../errors.js';
import type { Caller, ServiceContext } from '../context.js';
import { labelFor } from './labels.js';
import { loadRecipeForLabel, type RecipeForLabel } from '../recipes/index.js';

export type { SymbolChoice } from '../../core/label/market.js';

/** The API's defaults (docs/api.md#canada-front-of-pack): one symbol in both official languages (B.01.351(2)(b)), horizontal. */
const DEFAULT_SYMBOL_LANGUAGE = 'bilingual';

export interface SymbolQuery {
  language?: string;
  orientation?: string;
}

const present = (value: string | undefined): value is string => typeof value === 'string' && value !== '';

/**
 * The scheme the language asks for, and the orientation (the scheme's first by default). Anything else is a
 * 422 listing the valid values.
 */
export function chooseSymbolOptions(query: SymbolQuery): SymbolChoice & { scheme: FrontOfPackScheme } {
  const language = present(query.language) ? query.language : DEFAULT_SYMBOL_LANGUAGE;
  const scheme = schemeOfSymbolLanguage(language);
  if (!scheme) throw invalidField('language', `must be one of ${symbolLanguages().join(', ')}`);
  const orientations = symbolOrientations();
  const orientation = present(query.orientation) ? query.orientation : (orientations[0] ?? 'horizontal');
  if (!orientations.includes(orientation)) throw invalidField('orientation', `must be one of ${orientations.join(', ')}`);
  return { scheme, language, orientation };
}

export interface RecipeFrontOfPack {
  name: string;
  front_of_pack: FrontOfPack | MxFrontOfPackValue | UkFrontOfPackValue;
  /** Whether the label data the determination rests on is complete (docs/api.md#trust-and-completeness, X-Label-Complete). */
  complete: boolean;
}

/**
 * The caller's recipe's determination (404 when not the caller's): the front_of_pack member of the label
 * the scheme reads it from.
 */
export async function recipeFrontOfPack(
  ctx: ServiceContext,
  caller: Caller,
  recipeId: number,
  choice: Pick<SymbolChoice, 'language'> & { scheme: FrontOfPackScheme },
): Promise<RecipeFrontOfPack> {
  return frontOfPackOfRecipe(await loadRecipeForLabel(ctx, caller, recipeId), choice, ctx.clock.now());
}

/**
 * The determination of a recipe already loaded, as made on `at`. `built` is the label the scheme reads
 * when the caller has already built it (the label studio builds every market's label of the recipe once).
 */
export function frontOfPackOfRecipe(
  recipe: RecipeForLabel,
  choice: Pick<SymbolChoice, 'language'> & { scheme: FrontOfPackScheme },
  at: Date,
  built?: LabelModel,
): RecipeFrontOfPack {
  const { scheme } = choice;
  const asked = scheme.label(choice.language);
  const request = labelRequest(asked.language, asked.format);
  if (!request.ok) throw new RangeError(`the front-of-pack scheme ${scheme.key} reads a label no market prints`);
  const label =
    built?.language === request.request.language && built.format === request.request.format ? built : labelFor(recipe, request.request, at);
  const front_of_pack = scheme.of(label);
  if (!front_of_pack) throw validationFailed({ front_of_pack: [scheme.absent.refused] }, scheme.absent.message);
  // The drawing rests on the same data as the label: an incomplete label (docs/api.md#incomplete-band) makes an
  // incomplete drawing, for the header and the drawing's band alike.
  const complete = label.complete && (scheme.complete?.(front_of_pack) ?? true);
  return { name: recipe.name, front_of_pack: front_of_pack as RecipeFrontOfPack['front_of_pack'], complete };
}

export interface RecipeSymbol extends RecipeFrontOfPack {
  drawing: FrontOfPackDrawing;
}

/** What a symbol file is drawn from; 422 when the recipe needs no drawing, or the query is invalid. */
export async function recipeSymbol(ctx: ServiceContext, caller: Caller, recipeId: number, query: SymbolQuery): Promise<RecipeSymbol> {
  const choice = chooseSymbolOptions(query);
  return symbolOf(await recipeFrontOfPack(ctx, caller, recipeId, choice), choice);
}

/** The drawing of a determination; 422 when the recipe needs no drawing. */
export function symbolOf(found: RecipeFrontOfPack, choice: SymbolChoice & { scheme: FrontOfPackScheme }): RecipeSymbol {
  const drawn = choice.scheme.drawing(found.front_of_pack, choice, !found.complete);
  if ('refused' in drawn) throw validationFailed({ front_of_pack: [drawn.refused] }, drawn.message);
  return { ...found, drawing: drawn.drawing };
}
