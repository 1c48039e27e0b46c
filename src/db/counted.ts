// A transaction that counts the statements it awaits (docs/api.md#import-transaction: an import's
// transaction says how many it ran, so a test can hold it to a few however many rows it writes).
import type { KyselyPlugin } from 'kysely';
import type { Executor } from './schema.js';

export function countingStatements(tx: Executor): { tx: Executor; statements: () => number } {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements++;
      return args.result;
    },
  };
  return { tx: tx.withPlugin(plugin), statements: () => statements };
}
