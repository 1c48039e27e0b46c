// recipal import usda SOURCE [SUPPORTING_SOURCE] [--force] [--report FILE]
// Exit status: 0 imported; 1 failed (nothing imported); 2 usage; 3 refused because the library already
// holds a newer release of the same kind (nothing changed; --force imports it anyway).
import { writeFile } from 'node:fs/promises';
import type { UsdaImportSummary } from '../../services/usda/index.js';
import { CommandRefused, defineCommand, type CommandGroup } from '../args.js';
import { withDatabase } from '../database.js';
import { usdaService } from '../services.js';
import { formatBytes, Progress } from '../progress.js';
import { importSheetCommand } from './import-sheet.js';

/** Exit status when an older release than the loaded one is refused. */
export const EXIT_OLDER_RELEASE = 3;

/** The summary as lines: counts, then every skipped and flagged food with its reasons. */
export function summaryLines(s: UsdaImportSummary): string[] {
  const lines = [
    `${s.release}: ${s.foods_in_release} foods`,
    `  created ${s.created}, updated ${s.updated}, unchanged ${s.unchanged}, skipped ${s.skipped.length}, flagged ${s.flagged.length}`,
    `  energy: ${s.energy_sources.fdc_1008} from FDC 1008, ${s.energy_sources.fdc_2048} from 2048 (Atwater specific), ${s.energy_sources.fdc_2047} from 2047 (Atwater general), ${s.energy_sources.calculated_4_9_4} calculated 4/9/4, ${s.energy_sources.unknown} unknown`,
    `  allergens inferred for ${s.allergens_inferred} foods (allergens_inferred: true); added sugars set on ${s.added_sugars_set} sweeteners`,
  ];
  if (s.forced_over) lines.push(`  --force: imported over the newer ${s.forced_over}`);
  if (s.unknown_nutrient_rows > 0) {
    lines.push(
      `  ${s.unknown_nutrient_rows} nutrient values skipped: nutrient id ${s.unknown_nutrient_ids.join(', ')} not defined in nutrient.csv`,
    );
  }
  if (s.skipped.length > 0) lines.push('Skipped:', ...s.skipped.map((f) => `  fdc_id ${f.fdc_id} ${f.name}: ${f.reasons.join('; ')}`));
  if (s.flagged.length > 0)
    lines.push('Flagged (imported, worth a look):', ...s.flagged.map((f) => `  fdc_id ${f.fdc_id} ${f.name}: ${f.reasons.join('; ')}`));
  if (s.renamed.length > 0)
    lines.push('Renamed (name already taken):', ...s.renamed.map((r) => `  fdc_id ${r.fdc_id} "${r.description}" -> "${r.name}"`));
  lines.push(`Done in ${(s.elapsed_ms / 1000).toFixed(1)} s.`);
  return lines;
}

const importUsdaCommand = defineCommand({
  name: 'import usda',
  summary: 'import a USDA FoodData Central release into the public library',
  description:
    'Imports a USDA FoodData Central release (a folder, a ZIP file or an https URL of the CSV release)\n' +
    "into the public library: energy, inferred allergens and sweeteners' added sugars (docs/api.md §8).\n" +
    'Re-importing updates the foods already loaded. An older release than the loaded one of the same\n' +
    'kind changes nothing unless --force. Prints a summary with every skipped and flagged food.',
  positionals: [
    { name: 'SOURCE', description: 'release folder, ZIP file or URL (e.g. FoodData_Central_foundation_food_csv_2024-04-18)' },
    { name: 'SUPPORTING_SOURCE', description: 'a second release the first refers to, e.g. SR Legacy for Foundation foods', optional: true },
  ],
  options: {
    force: { type: 'boolean', description: 'import even when the library holds a newer release of the same kind' },
    report: {
      type: 'string',
      value: 'FILE',
      description: 'also write the summary to FILE (JSON when FILE ends in .json, text otherwise)',
      default: 'no file',
    },
  },
  exitStatuses: [
    '1 failed, nothing imported',
    `${EXIT_OLDER_RELEASE} refused: the library holds a newer release (nothing changed; --force imports it anyway)`,
  ],
  examples: ['recipal import usda ./FoodData_Central_foundation_food_csv_2024-04-18 --report usda-import.json'],
  async run({ positionals, options, config, io }) {
    const [source, supporting] = positionals as [string, string | undefined];
    const progress = new Progress(io.terminal);
    const { importUsda } = await usdaService();
    const result = await withDatabase(config, (ctx) =>
      importUsda(ctx, {
        source,
        supportingSource: supporting,
        force: options.force === true,
        events: {
          onDownload: ({ received, total }) =>
            progress.update(
              'download',
              received,
              total,
              total ? `${formatBytes(received)} of ${formatBytes(total)}` : formatBytes(received),
              false,
            ),
          onDownloaded: ({ url, bytes, sha256 }) => {
            progress.finish();
            io.out(`Downloaded ${url} (${formatBytes(bytes)}), sha256 ${sha256}`);
          },
          onRead: ({ file, rows, bytes, totalBytes, finished }) =>
            progress.update(`read ${file}`, bytes, totalBytes || null, `${rows.toLocaleString('en-US')} rows`, finished),
          onWrite: ({ done, total }) => progress.update('write', done, total, `${done} of ${total} foods`),
        },
      }),
    );
    progress.finish();
    if (!result.ok && result.reason === 'older_release') throw new CommandRefused(result.error, EXIT_OLDER_RELEASE);
    if (!result.ok) throw new Error(`import failed, nothing imported: ${result.error}`);
    const lines = summaryLines(result.summary);
    for (const line of lines) io.out(line);
    if (options.report) {
      await writeFile(
        options.report,
        options.report.endsWith('.json') ? `${JSON.stringify(result.summary, null, 2)}\n` : `${lines.join('\n')}\n`,
      );
      io.out(`Report written to ${options.report}.`);
    }
  },
});

export const importGroup: CommandGroup = {
  name: 'import',
  summary: 'Import spreadsheets into an account, or food composition data into the public library.',
  subcommands: [importSheetCommand, importUsdaCommand],
};
