// Dev helper, to look at renders with one's own eyes: writes a PNG of every fixture, and of the
// front-of-pack symbol, to /tmp/render-<format>.png (npx tsx test/unit/render/snap.ts [zoom]).
// It measures nothing: render times are `npm run bench labels`.
import { writeFileSync } from 'node:fs';
import { renderSymbolInline } from '../../../src/render/front-of-pack.js';
import { renderLabelPng } from '../../../src/render/png.js';
import { ALL_FIXTURES, CA_STANDARD_FR } from './fixtures.js';

const zoom = Number(process.argv[2] ?? 3);
for (const [format, model] of Object.entries({
  ...ALL_FIXTURES,
  ca_standard_fr: CA_STANDARD_FR,
  ca_incomplete: { ...CA_STANDARD_FR, complete: false },
})) {
  writeFileSync(`/tmp/render-${format}.png`, renderLabelPng(model, { zoom }));
  console.log(`/tmp/render-${format}.png`);
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
    `/tmp/render-symbol-${orientation}.png`,
    renderSymbolInline({ symbol: { ...symbol, high_in: [...symbol.high_in] }, kind: 'png', zoom }),
  );
  console.log(`/tmp/render-symbol-${orientation}.png`);
}
