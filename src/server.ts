// Starting the service: configuration, database (migrated), the first account, the HTTP server.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/connect.js';
import { buildApp } from './http/app.js';
import { listenUrl } from './lib/listen-url.js';
import { prepareDatabase } from './start.js';
import { type FirstAccount, startLines } from './start-lines.js';

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
  close(): Promise<void>;
}

export interface StartOptions {
  /**
   * A worker of a `recipal serve` cluster (src/cluster.ts): the primary prints the address once for
   * all workers, and only the first worker prepares the database (`prepared` given).
   */
  worker?: boolean;
  /** Prepare the database before listening, and hand over the first account made (a cluster's first worker). */
  prepared?: (first: FirstAccount | null) => void;
}

export async function startServer(
  config: Config,
  print: (line: string) => void = console.log,
  options: StartOptions = {},
): Promise<RunningServer> {
  const database = openDatabase(config.database);
  const prepares = !options.worker || options.prepared !== undefined;
  const first = prepares ? await prepareDatabase(database) : null;
  options.prepared?.(first);
  const https = config.tls ? { key: readFileSync(config.tls.key), cert: readFileSync(config.tls.cert) } : undefined;
  const app = await buildApp({ config, database, server: https ? { https } : {} });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? listenUrl(config, port);
  if (!options.worker) for (const line of startLines(config, url, first)) print(line);
  return {
    app,
    database,
    url,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
