// How a request draws label files: an SVG inline, a PNG or PDF in the render pool inside one of the
// account's render slots (docs/api.md#limits), each with its format's default options (PNG zoom 3, PDF
// page "auto"). Approvals draw with these, through the API and the studio alike.
import type { AccountRow } from '../services/accounts/index.js';
import type { DrawLabel } from '../services/approvals/index.js';
import { fileOptionsOf, renderLabelFile, renderSymbolFile, type LabelFileFormat } from '../services/labels/index.js';
import type { FrontOfPackDrawing } from '../render/svg/front-of-pack.js';
import type { RouteDeps } from './routes/deps.js';

/** Draws any front-of-pack drawing: Canada's symbol (what an approval freezes), Mexico's octagons, the UK panel. */
export type DrawAnySymbol = (symbol: FrontOfPackDrawing, format: LabelFileFormat) => Promise<Buffer>;

export function labelDrawers(
  deps: Pick<RouteDeps, 'renderPool' | 'renderSlots'>,
  account: AccountRow,
): { draw: DrawLabel; drawSymbol: DrawAnySymbol } {
  return {
    draw: (label, format) => {
      const options = fileOptionsOf(format, {});
      const render = () => renderLabelFile(deps.renderPool, label, options, account.id);
      return format === 'svg' ? render() : deps.renderSlots.run(account, render);
    },
    drawSymbol: (symbol, format) => {
      const options = fileOptionsOf(format, {});
      const render = () => renderSymbolFile(deps.renderPool, symbol, options, account.id);
      return format === 'svg' ? render() : deps.renderSlots.run(account, render);
    },
  };
}
