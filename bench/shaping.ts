// Text shaping (src/render/text): what loading the shaper and its fallback fonts costs a process (time,
// resident memory), and what a label whose ingredient statement names ingredients in Arabic and Chinese
// costs to draw as SVG, PNG (zoom 3) and PDF against the same label in Latin only, interleaved call by
// call in the same run. Run it alone (`npm run bench -- shaping`): the first figures need a process
// that has not loaded the shaper yet.
import type { LabelModel } from '../src/core/label/shared/model.js';
import { renderLabelPdfSync } from '../src/render/pdf.js';
import { renderLabelPng } from '../src/render/png.js';
import { renderLabelSvg } from '../src/render/svg/index.js';
import { loadShaper } from '../src/render/text/load.js';
import { activeShaper, shaperLoaded } from '../src/render/text/shaper.js';
import { FDA_SAMPLE } from '../test/unit/render/fixtures.js';
import { fmt, percentile, timeCalls } from './lib/load.js';

const LATIN: LabelModel = FDA_SAMPLE;
/** The same label with three of its ingredients named in Arabic and Chinese, as a recipe's data may hold them. */
const SHAPED: LabelModel = {
  ...FDA_SAMPLE,
  ingredient_statement:
    'Ingredients: Whole Grain Oats, سكر القصب, 全麦面粉, Skim Milk Powder, زيت الكانولا, Salt, Calcium Carbonate, ' +
    'Natural Flavor, Iron, Vitamin D3.',
};

const rssMb = (): number => process.memoryUsage().rss / 1e6;

export async function run(): Promise<void> {
  console.log('\n## shaping (text in Arabic and Chinese, in-process)');
  if (shaperLoaded()) console.log('(the shaper was already loaded: the first-use figures below are not first uses)');
  const rss0 = rssMb();
  let start = performance.now();
  await loadShaper();
  console.log(
    `load the shaper (harfbuzzjs WebAssembly, bidi-js): ${fmt(performance.now() - start, 1)} ms, RSS +${fmt(rssMb() - rss0, 1)} MB`,
  );
  for (const [what, text] of [
    ['first Arabic line (loads Noto Sans Arabic)', 'السكريات المضافة'],
    ['first Chinese line (loads Noto Sans SC)', '营养成分表 能量'],
  ] as const) {
    const rss = rssMb();
    start = performance.now();
    activeShaper().layoutLine(text, 'regular', 'auto');
    console.log(`${what}: ${fmt(performance.now() - start, 1)} ms, RSS +${fmt(rssMb() - rss, 1)} MB`);
  }
  renderLabelPdfSync(LATIN); // pdfkit and Arimo ready, so the next figure is the shaped fonts' own
  const rss = rssMb();
  start = performance.now();
  renderLabelPdfSync(SHAPED);
  console.log(
    `first PDF with shaped text (parses both fonts for pdfkit): ${fmt(performance.now() - start, 1)} ms, RSS +${fmt(rssMb() - rss, 1)} MB`,
  );

  const renders: Record<string, (model: LabelModel) => unknown> = {
    svg: (model) => renderLabelSvg(model),
    png: (model) => renderLabelPng(model, { zoom: 3 }),
    pdf: (model) => renderLabelPdfSync(model),
  };
  for (const [kind, render] of Object.entries(renders)) {
    const rounds = kind === 'svg' ? 200 : 30;
    const latin: number[] = [];
    const shaped: number[] = [];
    for (let round = 0; round < rounds; round++) {
      latin.push(...(await timeCalls(() => render(LATIN), 1, round === 0 ? 3 : 0)));
      shaped.push(...(await timeCalls(() => render(SHAPED), 1, round === 0 ? 3 : 0)));
    }
    const [l, s] = [percentile(latin, 50), percentile(shaped, 50)];
    console.log(
      `${kind}: Latin ${fmt(l, 2)} ms, with Arabic and Chinese names ${fmt(s, 2)} ms (${fmt(s / l, 2)}x), p50 of ${rounds} alternating calls`,
    );
  }
  console.log(`RSS after: ${fmt(rssMb(), 0)} MB`);
}
