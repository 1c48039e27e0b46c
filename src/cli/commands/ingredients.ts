// recipal ingredients import FILE.json --public
import { must } from '../../lib/must.js';
import { readFile } from 'node:fs/promises';
import { AppError } from '../../errors.js';
import { defineCommand, UsageError, type CommandGroup } from '../args.js';
import { withDatabase } from '../database.js';
import { ingredientsService } from '../services.js';

const importFile = defineCommand({
  name: 'ingredients import',
  summary: 'load a JSON array of ingredients into the public library',
  description:
    "Loads a JSON array of ingredients (the API's field names, nutrients per 100 g) into the public\n" +
    'library shared by every account. Ingredients already there (same name) are updated. The whole\n' +
    'file is checked first: one invalid item imports nothing and names the item and field.',
  positionals: [{ name: 'FILE.json', description: 'the JSON array to load' }],
  options: {
    public: { type: 'boolean', description: 'load into the public library (required: the only destination a file can have)' },
    json: { type: 'boolean', description: 'print {"created": N, "updated": N} as one JSON line' },
  },
  examples: ['recipal ingredients import library.json --public'],
  async run({ positionals, options, config, io }) {
    const file = must(positionals[0], 'FILE (the parser requires it)');
    if (!options.public) throw new UsageError('only the public library can be imported from a file: add --public');
    let items: unknown;
    try {
      items = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
    }
    try {
      const result = await withDatabase(config, async (ctx) => (await ingredientsService()).importPublicIngredients(ctx, items));
      io.out(options.json ? JSON.stringify(result) : `Imported ${result.created} new and ${result.updated} updated public ingredients.`);
    } catch (error) {
      if (error instanceof AppError && error.errors) {
        const lines = Object.entries(error.errors).map(([field, messages]) => `  ${field}: ${messages.join('; ')}`);
        throw new UsageError(`${error.message}\n${lines.join('\n')}`);
      }
      throw error;
    }
  },
});

export const ingredientsGroup: CommandGroup = {
  name: 'ingredients',
  summary: 'Manage the public ingredient library.',
  subcommands: [importFile],
};
