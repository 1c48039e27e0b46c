// recipal serve
import cluster from 'node:cluster';
import { PREPARE_ENV, type PreparedMessage } from '../../cluster.js';
import type { FirstAccount } from '../../start-lines.js';
import { defineCommand } from '../args.js';

/** In the worker the cluster asked to prepare the database: how it tells the primary it is done. */
function reportPrepared(): ((first: FirstAccount | null) => void) | undefined {
  if (process.env[PREPARE_ENV] !== '1') return undefined;
  return (first) => process.send?.({ kind: 'prepared', first } satisfies PreparedMessage);
}

export const serveCommand = defineCommand({
  name: 'serve',
  summary: 'serve the API (what `npm start` runs)',
  description:
    'Migrates the database, then serves the HTTP API until SIGINT or SIGTERM. On a database without\n' +
    'accounts it first creates the "default" account and prints its API key (once), then the address\n' +
    'and the URL of the interactive docs (/docs). It runs WORKERS processes sharing the port (default:\n' +
    'one per CPU core on PostgreSQL, one on SQLite; docs/scaling.md). Address, database and limits come from the environment\n' +
    '(PORT, HOST, DATABASE_URL, WORKERS, ...): see README.md.',
  positionals: [],
  options: {},
  examples: ['PORT=8080 DATABASE_URL=./recipal.db recipal serve', 'WORKERS=1 recipal serve'],
  async run({ config }) {
    // Imported when needed: a cluster's primary never loads the HTTP application nor the database
    // (less memory). A forked worker of src/cluster.ts: the first one migrates the database and
    // reports the first account; the primary prints the address.
    const server = cluster.isWorker
      ? await (await import('../../server.js')).startServer(config, () => {}, { worker: true, prepared: reportPrepared() })
      : config.workers > 1
        ? await (await import('../../cluster.js')).startCluster(config)
        : await (await import('../../server.js')).startServer(config);
    const stop = async () => {
      await server.close();
      process.exit(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return 'running';
  },
});
