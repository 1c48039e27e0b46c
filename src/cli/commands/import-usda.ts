// recipal import usda SOURCE [SUPPORTING_SOURCE] [--report FILE]
import { writeFile } from 'node:fs/promises';
import type { ServiceContext } from '../../services/context.js';
import { importUsda, type UsdaImportSummary } from '../../services/usda-import.js';
import { stringFlag, UsageError, type ParsedArgs } from '../args.js';
import type { CliCommand } from '../registry.js';
import { formatBytes, Progress, type ProgressOutput } from '../progress.js';

export const IMPORT_USAGE = 'import usda SOURCE [SUPPORTING_SOURCE] [--report FILE]';

/** The summary as lines: counts, then every skipped and flagged food with its reasons. */
export function summaryLines(s: UsdaImportSummary): string[] {
  const lines = [
    `${s.release}: ${s.foods_in_release} foods`,
    `  imported ${s.imported}, updated ${s.updated}, unchanged ${s.unchanged}, skipped ${s.skipped.length}, flagged ${s.flagged.length}`,
  ];
  if (s.unknown_nutrient_rows > 0) {
    lines.push(`  ${s.unknown_nutrient_rows} nutrient values skipped: nutrient id ${s.unknown_nutrient_ids.join(', ')} not defined in nutrient.csv`);
  }
  if (s.skipped.length > 0) lines.push('Skipped:', ...s.skipped.map((f) => `  fdc_id ${f.fdc_id} ${f.name}: ${f.reasons.join('; ')}`));
  if (s.flagged.length > 0) lines.push('Flagged (imported, worth a look):', ...s.flagged.map((f) => `  fdc_id ${f.fdc_id} ${f.name}: ${f.reasons.join('; ')}`));
  if (s.renamed.length > 0) lines.push('Renamed (name already taken):', ...s.renamed.map((r) => `  fdc_id ${r.fdc_id} "${r.description}" -> "${r.name}"`));
  lines.push(`Done in ${(s.elapsed_ms / 1000).toFixed(1)} s.`);
  return lines;
}

export async function runImportUsda(
  ctx: ServiceContext,
  args: ParsedArgs,
  out: (line: string) => void,
  terminal: ProgressOutput = process.stdout,
): Promise<void> {
  const [, kind, source, supporting, extra] = args.positionals;
  if (kind !== 'usda' || !source || extra !== undefined) throw new UsageError(IMPORT_USAGE);
  const report = stringFlag(args, 'report');
  const progress = new Progress(terminal);
  const result = await importUsda(ctx, {
    source,
    supportingSource: supporting,
    events: {
      onDownload: ({ received, total }) => progress.update('download', received, total, total ? `${formatBytes(received)} of ${formatBytes(total)}` : formatBytes(received), false),
      onDownloaded: ({ url, bytes, sha256 }) => {
        progress.finish();
        out(`Downloaded ${url} (${formatBytes(bytes)}), sha256 ${sha256}`);
      },
      onRead: ({ file, rows, bytes, totalBytes, finished }) =>
        progress.update(`read ${file}`, bytes, totalBytes || null, `${rows.toLocaleString('en-US')} rows`, finished),
      onWrite: ({ done, total }) => progress.update('write', done, total, `${done} of ${total} foods`),
    },
  });
  progress.finish();
  if (!result.ok) throw new Error(`import failed, nothing imported: ${result.error}`);
  const lines = summaryLines(result.summary);
  for (const line of lines) out(line);
  if (report) {
    await writeFile(report, report.endsWith('.json') ? JSON.stringify(result.summary, null, 2) + '\n' : lines.join('\n') + '\n');
    out(`Report written to ${report}.`);
  }
}

export const importCommand: CliCommand = {
  name: 'import',
  usage: IMPORT_USAGE,
  run: (ctx, args, out) => runImportUsda(ctx, args, out),
};
