// Loading the text shaper on first need (shaper.ts says why it is not loaded up front).

import { createHarfBuzzShaper } from './harfbuzz-shaper.js';
import { ShaperNotLoaded, installShaper, shaperLoaded } from './shaper.js';

let loading: Promise<void> | null = null;

/** Loads HarfBuzz and installs the shaper; later calls return at once. */
export function loadShaper(): Promise<void> {
  if (shaperLoaded()) return Promise.resolve();
  loading ??= createHarfBuzzShaper().then(installShaper);
  return loading;
}

/**
 * Runs a synchronous render; if it meets text that needs the shaper before the shaper is loaded, loads
 * it and runs the render again (from the start: a render keeps no state between attempts).
 */
export async function withShaper<T>(render: () => T): Promise<T> {
  try {
    return render();
  } catch (error) {
    if (!(error instanceof ShaperNotLoaded)) throw error;
    await loadShaper();
    return render();
  }
}
