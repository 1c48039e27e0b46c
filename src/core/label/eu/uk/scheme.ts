// The UK's voluntary front-of-pack traffic-light panel as a scheme of the EU/UK market (docs/api.md#uk-front-of-pack;
// docs/labeling.md#uk-front-of-pack): read from the en-GB label, always drawable (every box shows its amount, or that
// it is unknown), incomplete while a box is left uncoloured.
import type { FrontOfPackScheme } from '../../market.js';
import type { LabelModel, UkFrontOfPackValue } from '../../shared/model.js';
import { layoutUkTrafficLight, TRAFFIC_LIGHT_SCHEME, type UkTrafficLightDrawing, ukTrafficLightTitle } from './draw-traffic-light.js';

function panelOf(label: LabelModel): UkFrontOfPackValue | undefined {
  const fop = label.front_of_pack;
  return fop && 'scheme' in fop ? fop : undefined;
}

export const UK_TRAFFIC_LIGHT: FrontOfPackScheme<UkFrontOfPackValue, UkTrafficLightDrawing> = {
  key: TRAFFIC_LIGHT_SCHEME,
  symbolLanguages: ['en-GB'],
  label: () => ({ language: 'en-GB', format: 'eu_table' }),
  of: panelOf,
  // The panel is per portion: a recipe without a portion weight has none to show.
  absent: {
    refused: 'the recipe has no portion',
    message:
      'No front-of-pack panel can be drawn: the recipe has no portion weight (set its yield and servings), and the UK panel is per portion (Regulation (EU) 1169/2011 Art. 33).',
  },
  // A box left uncoloured (an unknown amount, or a drink) leaves the panel incomplete.
  complete: (panel) => panel.complete,
  // Voluntary, and always drawable.
  drawing: (panel, _choice, incomplete) => ({ drawing: { scheme: TRAFFIC_LIGHT_SCHEME, panel, incomplete } }),
  layout: layoutUkTrafficLight,
  title: (drawing) => ukTrafficLightTitle(drawing.panel),
  // docs/api.md#approved-front-of-pack: approving an en-GB label freezes its panel as drawn then, with the band
  // when the label or a box was incomplete; a label without a portion has no panel.
  freeze: (label) => {
    const panel = panelOf(label);
    if (!panel) return null;
    return {
      drawing: { scheme: TRAFFIC_LIGHT_SCHEME, panel, incomplete: !label.complete || !panel.complete },
      language: 'en-GB',
      orientation: 'default',
    };
  },
  notFrozen: (label) =>
    label.language !== 'en-GB'
      ? `The approved label is in ${label.language}: the UK traffic-light panel is frozen with en-GB labels only (docs/api.md#approved-front-of-pack).`
      : 'The approved label has no traffic-light panel: the recipe had no portion weight (the panel is per portion), or the label was approved before approvals froze the panel: approve the label again (docs/api.md#approved-front-of-pack).',
};
