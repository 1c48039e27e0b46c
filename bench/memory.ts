// Resident memory of `recipal serve` (SQLite, WORKERS from the environment, else
// every core) at start and after each kind of request, sent by 8 clients in turn from ACCOUNTS
// accounts: reads, writes, then the renders (PNG, SVG, PDF), whose threads and native buffers are
// where the memory goes. Prints each process's RSS (the primary first), so a leak shows as a kind
// that keeps growing when it runs again (the last line runs PNGs a second time).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FLOUR_BODY } from './lib/flour.js';
import { seedLoadDatabase, type SeededAccount } from './lib/load-seed.js';
import { memoryEach, startServe } from './lib/serve.js';

const ACCOUNTS = Number(process.env.LOAD_ACCOUNTS ?? 200);
// Render threads stop after this many idle seconds (RENDER_IDLE_SECONDS; 60 by default in a server):
// short here, so that the last line shows what stopping them gives back.
const RENDER_IDLE_SECONDS = Number(process.env.RENDER_IDLE_SECONDS ?? 5);
const CLIENTS = 8;

interface Kind {
  name: string;
  count: number;
  request(a: SeededAccount, n: number): { path: string; init?: RequestInit };
}

const KINDS: Kind[] = [
  { name: 'GET ingredient', count: 3000, request: (a) => ({ path: `/v1/ingredients/${a.ingredients[0]}` }) },
  { name: 'GET recipe', count: 3000, request: (a) => ({ path: `/v1/recipes/${a.recipe}` }) },
  {
    name: 'POST ingredient',
    count: 1000,
    request: (_a, n) => ({
      path: '/v1/ingredients',
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ingredient: { ...FLOUR_BODY, name: `Memory ${n}` } }),
      },
    }),
  },
  { name: 'label PNG', count: 300, request: (a) => ({ path: `/v1/recipes/${a.recipe}/label.png` }) },
  { name: 'label SVG', count: 1000, request: (a) => ({ path: `/v1/recipes/${a.recipe}/label.svg` }) },
  { name: 'label PDF', count: 300, request: (a) => ({ path: `/v1/recipes/${a.recipe}/label.pdf` }) },
  { name: 'label PNG again', count: 300, request: (a) => ({ path: `/v1/recipes/${a.recipe}/label.png` }) },
  { name: 'label PDF again', count: 300, request: (a) => ({ path: `/v1/recipes/${a.recipe}/label.pdf` }) },
  { name: 'label PNG a third time', count: 300, request: (a) => ({ path: `/v1/recipes/${a.recipe}/label.png` }) },
];

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'recipal-bench-memory-'));
  const accounts = await seedLoadDatabase(join(dir, 'bench.db'), ACCOUNTS);
  const server = await startServe(join(dir, 'bench.db'), { RENDER_IDLE_SECONDS: String(RENDER_IDLE_SECONDS) });
  try {
    console.log(`\n## Memory: recipal serve on SQLite, ${ACCOUNTS} accounts, ${CLIENTS} clients; RSS total (primary + workers)`);
    console.log(`at start: ${memoryEach(server.pids())}`);
    for (const kind of KINDS) {
      let next = 0;
      let failed = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < kind.count) {
            const n = next++;
            const account = accounts[n % accounts.length]!;
            const { path, init } = kind.request(account, n);
            const res = await fetch(`${server.url}${path}`, {
              ...init,
              headers: { authorization: `Token token=${account.key}`, ...(init?.headers ?? {}) },
            });
            await res.arrayBuffer();
            if (res.status >= 300) failed++;
          }
        }),
      );
      console.log(`after ${kind.count} x ${kind.name}${failed ? ` (${failed} not 2xx)` : ''}: ${memoryEach(server.pids())}`);
    }
    await new Promise((resolve) => setTimeout(resolve, (RENDER_IDLE_SECONDS + 2) * 1000));
    console.log(
      `${RENDER_IDLE_SECONDS + 2} s later, the render threads stopped (RENDER_IDLE_SECONDS=${RENDER_IDLE_SECONDS}): ${memoryEach(server.pids())}`,
    );
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// Run directly: `node --import tsx bench/memory.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await run();
