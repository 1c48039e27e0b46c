// recipal import usda SOURCE [SUPPORTING_SOURCE] [--force] [--report FILE]
// Exit status: 0 imported; 1 failed (nothing imported); 2 usage; 3 refused because the library already
// holds a newer release of the same kind (nothing changed; --force imports it anyway).
import { writeFile } from 'node:fs/promises';
import type { FoodNote, RenamedFood, UsdaImportResult, UsdaImportSummary } from '../../services/usda/index.js';
import { CommandRefused, defineCommand, type CommandGroup } from '../args.js';
import { withDatabase } from '../database.js';
import { usdaService } from '../services.js';
import { formatBytes, Progress } from '../progress.js';
import { importSheetCommand } from './import-sheet.js';

/** Exit status when an older release than the loaded one is refused. */
export const EXIT_OLDER_RELEASE = 3;

const foodRef = (f: FoodNote | RenamedFood) => (f.ndb_no !== undefined ? `NDB_No ${f.ndb_no}` : `fdc_id ${f.fdc_id}`);

/** The summary as lines: counts, then every skipped and flagged food with its reasons. */
export function summaryLines(s: UsdaImportSummary): string[] {
  const lines = [
    ...(s.chosen ? [`Imported ${s.chosen}`] : []),
    `${s.release}: ${s.foods_in_release} foods`,
    `  created ${s.created}, updated ${s.updated}, unchanged ${s.unchanged}, skipped ${s.skipped.length}, flagged ${s.flagged.length}`,
    `  energy: ${s.energy_sources.fdc_1008} from FDC 1008, ${s.energy_sources.fdc_2048} from 2048 (Atwater specific), ${s.energy_sources.fdc_2047} from 2047 (Atwater general), ${s.energy_sources.calculated_4_9_4} calculated 4/9/4, ${s.energy_sources.unknown} unknown`,
    `  allergens inferred for ${s.allergens_inferred} foods (allergens_inferred: true); added sugars set on ${s.added_sugars_set} sweeteners`,
    `  values zero by nature set on ${s.zero_by_nature} foods (nutrients_inferred)`,
  ];
  if (s.forced_over) lines.push(`  --force: imported over the newer ${s.forced_over}`);
  const utf8 = Object.entries(s.encodings ?? {}).filter(([, encoding]) => encoding === 'utf-8');
  if (utf8.length > 0) lines.push(`  read as UTF-8 (detected; USDA writes Latin-1): ${utf8.map(([file]) => file).join(', ')}`);
  if (s.unknown_nutrient_rows > 0) {
    lines.push(
      `  ${s.unknown_nutrient_rows} nutrient values skipped: nutrient id ${s.unknown_nutrient_ids.join(', ')} not defined in nutrient.csv`,
    );
  }
  if (s.skipped.length > 0) lines.push('Skipped:', ...s.skipped.map((f) => `  ${foodRef(f)} ${f.name}: ${f.reasons.join('; ')}`));
  if (s.flagged.length > 0)
    lines.push('Flagged (imported, worth a look):', ...s.flagged.map((f) => `  ${foodRef(f)} ${f.name}: ${f.reasons.join('; ')}`));
  if (s.renamed.length > 0)
    lines.push('Renamed (name already taken):', ...s.renamed.map((r) => `  ${foodRef(r)} "${r.description}" -> "${r.name}"`));
  lines.push(`Done in ${(s.elapsed_ms / 1000).toFixed(1)} s.`);
  return lines;
}

const importUsdaCommand = defineCommand({
  name: 'import usda',
  summary: 'import a USDA FoodData Central release into the public library',
  description:
    'Imports a USDA FoodData Central release (a folder, a ZIP file or an https URL of the CSV release)\n' +
    'or SR28 (a folder of its ASCII files). Given a folder of several releases, imports the newest and\n' +
    'says which (with the Supporting Data of its date when it needs one); a folder holding no release\n' +
    'fails, listing what it holds.\n' +
    "into the public library: energy, inferred allergens and sweeteners' added sugars (docs/api.md#public-library).\n" +
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
    await printResult(result, options.report, io.out);
  },
});

/** Prints the summary (and writes it to --report FILE); a failed import is an error: nothing was imported. */
async function printResult(result: UsdaImportResult, report: string | undefined, out: (line: string) => void): Promise<void> {
  if (!result.ok) throw new Error(`import failed, nothing imported: ${result.error}`);
  const lines = summaryLines(result.summary);
  for (const line of lines) out(line);
  if (report) {
    await writeFile(report, report.endsWith('.json') ? `${JSON.stringify(result.summary, null, 2)}\n` : `${lines.join('\n')}\n`);
    out(`Report written to ${report}.`);
  }
}

const importSr28Command = defineCommand({
  name: 'import usda-sr',
  summary: 'import USDA Standard Reference Release 28 (ASCII files) into the public library',
  description:
    "Imports USDA's National Nutrient Database for Standard Reference, Release 28, from a folder of its\n" +
    'ASCII files (FOOD_DES, NUT_DATA, NUTR_DEF, FD_GROUP, WEIGHT) into the public library, beside the\n' +
    'FoodData Central foods: energy from Nutr_No 208, household measures from WEIGHT as units, inferred\n' +
    "allergens, sweeteners' added sugars, values zero by nature and statement names (docs/api.md#public-library).\n" +
    'Each food\'s source is "usda-sr28:<NDB_No>"; importing again updates the same foods in place.\n' +
    '`recipal import usda DIR` does the same when DIR holds these files.',
  positionals: [{ name: 'DIR', description: 'the folder of SR28 ASCII files (FOOD_DES.txt, NUT_DATA.txt, ...)' }],
  options: {
    report: {
      type: 'string',
      value: 'FILE',
      description: 'also write the summary to FILE (JSON when FILE ends in .json, text otherwise)',
      default: 'no file',
    },
  },
  exitStatuses: ['1 failed, nothing imported'],
  examples: ['recipal import usda-sr ./sr28 --report sr28-import.json'],
  async run({ positionals, options, config, io }) {
    const [dir] = positionals as [string];
    const progress = new Progress(io.terminal);
    const { importSr28 } = await usdaService();
    const result = await withDatabase(config, (ctx) =>
      importSr28(ctx, {
        dir,
        events: {
          onRead: ({ file, rows, bytes, totalBytes, finished }) =>
            progress.update(`read ${file}`, bytes, totalBytes || null, `${rows.toLocaleString('en-US')} rows`, finished),
          onWrite: ({ done, total }) => progress.update('write', done, total, `${done} of ${total} foods`),
        },
      }),
    );
    progress.finish();
    await printResult(result, options.report, io.out);
  },
});

export const importGroup: CommandGroup = {
  name: 'import',
  summary: 'Import spreadsheets into an account, or food composition data into the public library.',
  subcommands: [importSheetCommand, importUsdaCommand, importSr28Command],
};
