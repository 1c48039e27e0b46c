// Canada's front-of-package nutrition symbol as a scheme of the market (FDR B.01.350-B.01.357): which
// labels carry the determination, its drawing in English, French or both, horizontal or vertical, and
// the symbol an approval of a Canadian label freezes (docs/api.md#approved-front-of-pack).
import type { FrontOfPackScheme } from '../market.js';
import type { FrontOfPack, LabelModel } from '../shared/model.js';
import {
  HIGH_IN_SCHEME,
  type HighInDrawing,
  highInTitle,
  layoutHighIn,
  type SymbolLanguage,
  type SymbolOrientation,
} from './draw-symbol.js';

/** A Canadian label's "High in" determination (another market's label carries its own front_of_pack, or none). */
function highInOf(label: LabelModel): FrontOfPack | undefined {
  const fop = label.front_of_pack;
  return fop && 'high_in' in fop ? fop : undefined;
}

/** Why no symbol is drawn, said in the 422's message (for the recipe, and for an approved label's frozen symbol). */
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

const drawingOf = (fop: FrontOfPack, language: string, orientation: string, incomplete: boolean): HighInDrawing => ({
  scheme: HIGH_IN_SCHEME,
  high_in: fop.high_in,
  language: language as SymbolLanguage,
  orientation: orientation as SymbolOrientation,
  incomplete,
});

export const HIGH_IN_SYMBOL: FrontOfPackScheme<FrontOfPack, HighInDrawing> = {
  key: HIGH_IN_SCHEME,
  // B.01.351(2)(b): one symbol in both official languages, or one in each.
  symbolLanguages: ['en-CA', 'fr-CA', 'bilingual'],
  // B.01.351(3): the vertical formats are for narrow panels.
  orientations: ['horizontal', 'vertical'],
  // The determination does not depend on the table's language or format: the English standard table carries it.
  label: () => ({ language: 'en-CA', format: 'ca_standard' }),
  of: highInOf,
  // Every Canadian table carries the determination.
  absent: {
    refused: 'no determination',
    message: 'No front-of-package nutrition symbol can be drawn: the label carries no determination.',
  },
  drawing: (fop, choice, incomplete) =>
    fop.required
      ? { drawing: drawingOf(fop, choice.language, choice.orientation, incomplete) }
      : { refused: 'no symbol is required', message: notRequiredMessage(fop) },
  layout: layoutHighIn,
  title: highInTitle,
  // Drawn as GET /v1/recipes/{id}/front_of_pack.svg draws it by default (bilingual, horizontal), with the
  // band of an incomplete label when the approval accepted one.
  freeze: (label) => {
    const fop = highInOf(label);
    if (!fop?.required) return null;
    return { drawing: drawingOf(fop, 'bilingual', 'horizontal', !label.complete), language: 'bilingual', orientation: 'horizontal' };
  },
  notFrozen: (label) => {
    const fop = highInOf(label);
    return fop && !fop.required
      ? `The approved label needed no symbol. ${notRequiredMessage(fop)}`
      : 'This label was approved before approvals froze the symbol: approve the label again to freeze one (docs/api.md#history).';
  },
};
