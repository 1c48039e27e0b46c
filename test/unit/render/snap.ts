// Dev helper, to look at renders with one's own eyes: writes a PNG of every fixture, and of the
// front-of-pack symbol, as render-<format>.png in a new temporary folder it prints
// (npx tsx test/unit/render/snap.ts [zoom]).
// It measures nothing: render times are `npm run bench labels`.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderSymbolInline } from '../../../src/render/front-of-pack.js';
import { renderLabelPng } from '../../../src/render/png.js';
import { ALL_FIXTURES, CA_STANDARD_FR } from './fixtures.js';

const zoom = Number(process.argv[2] ?? 3);
const folder = mkdtempSync(join(tmpdir(), 'recipal-snap-'));
for (const [format, model] of Object.entries({
  ...ALL_FIXTURES,
  ca_standard_fr: CA_STANDARD_FR,
  ca_incomplete: { ...CA_STANDARD_FR, complete: false },
})) {
  writeFileSync(join(folder, `render-${format}.png`), renderLabelPng(model, { zoom }));
  console.log(join(folder, `render-${format}.png`));
}
for (const orientation of ['vertical', 'horizontal'] as const) {
  const symbol = {
    scheme: 'ca_high_in' as const,
    high_in: ['saturated_fat', 'sugars', 'sodium'] as const,
    language: 'bilingual' as const,
    orientation,
    incomplete: false,
  };
  writeFileSync(
    join(folder, `render-symbol-${orientation}.png`),
    renderSymbolInline({ symbol: { ...symbol, high_in: [...symbol.high_in] }, kind: 'png', zoom }),
  );
  console.log(join(folder, `render-symbol-${orientation}.png`));
}
