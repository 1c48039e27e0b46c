// Rendered label files (docs/api.md#labels: .svg, .png, .pdf): the query options each format takes, checked
// into typed values (422 naming the field), content types, and a safe download name (the http layer
// puts them in headers).
import { invalidField } from '../../errors.js';

export type LabelFileFormat = 'svg' | 'png' | 'pdf';

export const LABEL_FILE_FORMATS: readonly LabelFileFormat[] = ['svg', 'png', 'pdf'];

// docs/api.md#labels: zoom 0.8 to 6 for PNG, default 3.
export const ZOOM_MIN = 0.8;
export const ZOOM_MAX = 6;
export const ZOOM_DEFAULT = 3;

// docs/api.md#labels: page_size auto, letter, legal, A4 for PDF (auto: the page is the label's own size).
export const PAGE_SIZES = ['auto', 'letter', 'legal', 'A4'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export interface LabelFileOptions {
  format: LabelFileFormat;
  zoom: number;
  pageSize: PageSize;
}

export interface LabelFileQuery {
  zoom?: string;
  page_size?: string;
}

const present = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * Checks the options of a file: `zoom` and `page_size` are checked whenever sent, as the front-of-pack
 * files check them, and used by the format they apply to (zoom: PNG, page_size: PDF); a bad value is
 * a mistake in the query on every format (docs/api.md#errors).
 */
export function fileOptionsOf(format: LabelFileFormat, query: LabelFileQuery): LabelFileOptions {
  let zoom = ZOOM_DEFAULT;
  let pageSize: PageSize = 'auto';
  if (present(query.zoom)) {
    const text = query.zoom.trim();
    const value = /^\d+(\.\d+)?$|^\.\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!(value >= ZOOM_MIN && value <= ZOOM_MAX)) throw invalidField('zoom', `must be a number from ${ZOOM_MIN} to ${ZOOM_MAX}`);
    if (format === 'png') zoom = value;
  }
  const wantedSize = query.page_size;
  if (present(wantedSize)) {
    const found = PAGE_SIZES.find((size) => size.toLowerCase() === wantedSize.trim().toLowerCase());
    if (!found) throw invalidField('page_size', `must be one of ${PAGE_SIZES.join(', ')}`);
    if (format === 'pdf') pageSize = found;
  }
  return { format, zoom, pageSize };
}

export const CONTENT_TYPES: Record<LabelFileFormat, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  pdf: 'application/pdf',
};

/**
 * "Granola Bars (big)!" -> "granola-bars-big-label.png": ASCII only, so the header needs no quoting
 * tricks. `what` names the drawing: "label", or "front-of-pack" for the nutrition symbol.
 */
export function fileNameOf(recipeName: string, format: LabelFileFormat, what = 'label'): string {
  const base = recipeName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${base || 'recipe'}-${what}.${format}`;
}
