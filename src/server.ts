// Starting the service: configuration, database (migrated), the first account, the HTTP server.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp } from './http/app.js';
import { systemClock } from './lib/time.js';
import { ensureFirstAccount } from './services/accounts.js';

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config, print: (line: string) => void = console.log): Promise<RunningServer> {
  const database = openDatabase(config.database);
  await migrateToLatest(database.db, database.dialect);
  const first = await ensureFirstAccount({ database, clock: systemClock });
  const https = config.tls ? { key: readFileSync(config.tls.key), cert: readFileSync(config.tls.cert) } : undefined;
  const app = await buildApp({ config, database, server: https ? { https } : {} });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = config.publicUrl ?? `${config.tls ? 'https' : 'http'}://${host}:${port}`;
  if (first) {
    print('');
    print(`Created the first account "${first.account.name}" (id ${first.account.id}). Its API key, shown only this once:`);
    print('');
    print(`    ${first.api_key}`);
    print('');
    print(`Try it:  curl -H "Authorization: Token token=${first.api_key}" ${url}/v1/ingredients`);
  }
  print(`Recipe API listening on ${url}  (${database.dialect === 'sqlite' ? `SQLite ${config.database.kind === 'sqlite' ? config.database.path : ''}` : 'PostgreSQL'})`);
  print(`API docs: ${url}/docs   OpenAPI: ${url}/v1/openapi.json`);
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
