// recipal migrate
import { defineCommand } from '../args.js';
import { withDatabase } from '../database.js';

export const migrateCommand = defineCommand({
  name: 'migrate',
  summary: 'bring the database schema up to date (also done at every start)',
  description:
    'Applies the migrations the database does not have yet and names them. Safe to run while\ninstances are serving and from several instances at once.',
  positionals: [],
  options: {},
  examples: ['DATABASE_URL=postgres://recipal@db/recipal recipal migrate'],
  async run({ config, io }) {
    const applied = await withDatabase(config, async (_ctx, report) => report.applied);
    io.out(applied.length ? `Applied ${applied.join(', ')}.` : 'The database is up to date.');
  },
});
