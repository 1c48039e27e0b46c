// The embed page: a small standalone HTML document (no external assets, no scripts) holding the
// label's SVG inline, for an <iframe> on a customer's site (docs/api.md#labels, GET /embed/{token}).

import type { LabelModel } from '../core/label/shared/model.js';
import { formatOf } from '../core/label/markets.js';
import { escapeXml } from './escape.js';
import { renderLabelSvg } from './svg/index.js';

export interface EmbedHtmlOptions {
  /** The page title (usually the recipe's name); escaped here. */
  title: string;
}

const STYLE =
  'html,body{margin:0;padding:0;background:#fff}' +
  'body{display:flex;justify-content:center;padding:8px;box-sizing:border-box}' +
  'svg{max-width:100%;height:auto;display:block}';

/** The page around the label's SVG (renderLabelSvg with embedded fonts, drawn here or by the pool). */
export function embedHtmlOf(model: LabelModel, svg: string, options: EmbedHtmlOptions): string {
  // A label printed in more than its own language (a bilingual Canadian table) is a page in the first.
  const lang = formatOf(model.format)?.format.languages?.[0] ?? model.language;
  return (
    `<!doctype html><html lang="${escapeXml(lang)}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeXml(options.title)}</title><style>${STYLE}</style></head>` +
    `<body>${svg}</body></html>`
  );
}

export function renderEmbedHtml(model: LabelModel, options: EmbedHtmlOptions): string {
  return embedHtmlOf(model, renderLabelSvg(model, { embedFont: true }), options);
}
