// The PNG zoom range (docs/api.md#labels: 0.8 to 6, default 3), apart from the rasteriser so that
// request checks (bounds.ts) do not load resvg into the HTTP process.
export const PNG_ZOOM_MIN = 0.8;
export const PNG_ZOOM_MAX = 6;
export const PNG_ZOOM_DEFAULT = 3;

/** The zoom a PNG is drawn at: the default when absent, held within the range. */
export function pngZoom(zoom: number | undefined): number {
  return Math.min(PNG_ZOOM_MAX, Math.max(PNG_ZOOM_MIN, zoom ?? PNG_ZOOM_DEFAULT));
}
