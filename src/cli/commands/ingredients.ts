// recipal ingredients import FILE.json --public
import { readFile } from 'node:fs/promises';
import { AppError } from '../../errors.js';
import type { ServiceContext } from '../../services/context.js';
import { importPublicIngredients } from '../../services/public-library.js';
import { UsageError, type ParsedArgs } from '../args.js';

export async function ingredientsCommand(ctx: ServiceContext, args: ParsedArgs, out: (line: string) => void): Promise<void> {
  const [, action, file] = args.positionals;
  if (action !== 'import' || !file) throw new UsageError('ingredients import FILE.json --public');
  if (args.flags.public !== true) throw new UsageError('only the public library can be imported from a file: add --public');
  let items: unknown;
  try {
    items = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    const result = await importPublicIngredients(ctx, items);
    out(args.flags.json === true ? JSON.stringify(result) : `Imported ${result.created} new and ${result.updated} updated public ingredients.`);
  } catch (error) {
    if (error instanceof AppError && error.errors) {
      const lines = Object.entries(error.errors).map(([field, messages]) => `  ${field}: ${messages.join('; ')}`);
      throw new UsageError(`${error.message}\n${lines.join('\n')}`);
    }
    throw error;
  }
}
