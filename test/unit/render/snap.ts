// Dev helper: writes PNGs of every fixture to /tmp/render-<format>.png (npx tsx test/unit/render/snap.ts).
import { writeFileSync } from 'node:fs';
import { renderLabelPng } from '../../../src/render/png.js';
import { ALL_FIXTURES, CA_STANDARD_FR } from './fixtures.js';

const zoom = Number(process.argv[2] ?? 3);
for (const [format, model] of Object.entries({ ...ALL_FIXTURES, ca_standard_fr: CA_STANDARD_FR })) {
  const t = performance.now();
  writeFileSync(`/tmp/render-${format}.png`, renderLabelPng(model, { zoom }));
  console.log(format, (performance.now() - t).toFixed(1), 'ms');
}
