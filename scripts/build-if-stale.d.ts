/** Builds dist/ from src/ when a source is newer than the last build (see build-if-stale.js). */
export function buildIfStale(): 'current' | 'built' | 'shipped';
