// recipal history prune
import { defineCommand, UsageError, type CommandGroup } from '../args.js';
import { withDatabase } from '../database.js';
import { historyService } from '../services.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const prune = defineCommand({
  name: 'history prune',
  summary: 'delete recipe revisions, audit events and import reports older than a date (approvals are kept)',
  description:
    'Deletes recipe revisions, audit events and import reports created before --before (a UTC date), or before\n' +
    'RECIPAL_HISTORY_RETENTION_DAYS ago when --before is not given. Each recipe keeps its newest revision\n' +
    'before the date, so ?as_of= at the date still answers. Label approvals are never deleted.',
  positionals: [],
  options: {
    before: { type: 'string', description: 'YYYY-MM-DD: delete history created before this day (UTC)' },
    json: { type: 'boolean', description: 'print {"before", "revisions", "parts", "audit_events", "import_reports"} as one JSON line' },
  },
  examples: ['recipal history prune --before 2025-01-01', 'RECIPAL_HISTORY_RETENTION_DAYS=730 recipal history prune'],
  async run({ options, config, io }) {
    const given = options.before as string | undefined;
    if (given !== undefined && (!DATE.test(given) || Number.isNaN(Date.parse(`${given}T00:00:00Z`)))) {
      throw new UsageError(`--before must be a date YYYY-MM-DD, got "${given}"`);
    }
    const result = await withDatabase(config, async (ctx) => {
      const { pruneHistory, retentionCutoff } = await historyService();
      const before = given !== undefined ? `${given}T00:00:00Z` : retentionCutoff(ctx, config.historyRetentionDays);
      if (before === null)
        throw new UsageError('give --before DATE, or set RECIPAL_HISTORY_RETENTION_DAYS (history is kept forever by default)');
      return { before, ...(await pruneHistory(ctx, before)) };
    });
    io.out(
      options.json
        ? JSON.stringify(result)
        : `Deleted ${result.revisions} revisions (${result.parts} stored parts no revision names any more), ${result.audit_events} audit events and ${result.import_reports} import reports from before ${result.before}.`,
    );
  },
});

export const historyGroup: CommandGroup = {
  name: 'history',
  summary: 'Prune old recipe revisions, audit events and import reports (label approvals are permanent).',
  subcommands: [prune],
};
