// One attack of `npm run bench attacks`, in its own process so that its client work is not the
// server's nor the probe's: `node --import tsx bench/lib/attacker.ts <attack> <base url> <api key>
// <seconds>`. Sends only to the given base URL (127.0.0.1), stops after <seconds> and after a bounded
// number of requests, and prints one line "ANSWERS {status: count}" when done.
import { connect } from 'node:net';
import { Agent, request } from 'node:http';
import { FLOUR_BODY } from './flour.js';
import { ingredientsCsv, lastColumnXlsx, repeatedFirstRowXlsx, whitespaceBombXlsx, wideHeaderCsv } from './attack-payloads.js';

const [attack, base, key, secondsText] = process.argv.slice(2);
const seconds = Number(secondsText);
const until = Date.now() + seconds * 1000;
const answers: Record<string, number> = {};
const note = (status: string) => (answers[status] = (answers[status] ?? 0) + 1);
const MAX_REQUESTS = 10_000;

type Payload = { name: string; type: string; bytes: Buffer; kind: string };

const IMPORTS: Record<string, { payload: () => Payload; parallel: number }> = {
  'xlsx-xfd1-100-rows': { payload: () => ({ name: 'a.xlsx', type: XLSX, bytes: lastColumnXlsx(100), kind: 'ingredients' }), parallel: 1 },
  'xlsx-xfd1-1000-rows': { payload: () => ({ name: 'a.xlsx', type: XLSX, bytes: lastColumnXlsx(1000), kind: 'ingredients' }), parallel: 1 },
  'csv-100000-unknown-columns': {
    payload: () => ({ name: 'a.csv', type: 'text/csv', bytes: wideHeaderCsv(100_000), kind: 'ingredients' }),
    parallel: 1,
  },
  'xlsx-zip-bomb': { payload: () => ({ name: 'a.xlsx', type: XLSX, bytes: whitespaceBombXlsx(150), kind: 'ingredients' }), parallel: 1 },
  'xlsx-400-rows-numbered-1': {
    payload: () => ({ name: 'a.xlsx', type: XLSX, bytes: repeatedFirstRowXlsx(400), kind: 'ingredients' }),
    parallel: 1,
  },
  'four-10000-row-dry-runs': {
    payload: () => ({ name: 'a.csv', type: 'text/csv', bytes: ingredientsCsv(10_000), kind: 'ingredients' }),
    parallel: 4,
  },
};
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function importLoop(payload: Payload, asKey = key, dryRun = true): Promise<void> {
  for (let sent = 0; sent < MAX_REQUESTS && Date.now() < until; sent++) {
    const form = new FormData();
    form.append('kind', payload.kind);
    form.append('dry_run', String(dryRun));
    form.append('file', new Blob([payload.bytes], { type: payload.type }), payload.name);
    try {
      const res = await fetch(`${base}/v1/imports`, {
        method: 'POST',
        headers: { authorization: `Token token=${asKey}` },
        body: form,
        signal: AbortSignal.timeout(Math.max(1000, until - Date.now() + 5000)),
      });
      await res.arrayBuffer();
      note(String(res.status));
    } catch {
      note('no answer');
    }
  }
}

/**
 * Connections that send a request head and part of its body, then nothing: half a POST that the
 * server must cut off, half a GET with a body it answers early. At most 100 open at once; a closed
 * one is replaced until the time is up.
 */
async function slowBodies(): Promise<void> {
  const { hostname, port } = new URL(base!);
  let opened = 0;
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const socket = connect({ host: hostname, port: Number(port) });
      let answered = false;
      socket.on('data', (chunk: Buffer) => {
        if (!answered) note(chunk.toString('latin1').split(' ')[1] ?? '?');
        answered = true;
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (!answered) note('closed unanswered');
        resolve();
      });
      const head =
        i % 2 === 0
          ? `POST /v1/ingredients HTTP/1.1\r\nHost: x\r\nAuthorization: Token token=${key}\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"ingredient": {"name": "`
          : `GET /v1/ingredients HTTP/1.1\r\nHost: x\r\nAuthorization: Token token=${key}\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"ingredient": {"name": "`;
      socket.write(head + 'x'.repeat(100_000));
      // Hang up at the end of the attack whatever happened.
      setTimeout(() => socket.destroy(), Math.max(0, until - Date.now())).unref();
    });
  const lane = async (lane: number) => {
    while (Date.now() < until && opened < MAX_REQUESTS) await one(lane + 100 * opened++);
  };
  await Promise.all(Array.from({ length: 100 }, (_, i) => lane(i)));
}

/** JSON requests sent one after another until the time is up: `make` gives each request's method, path and body. */
async function jsonLoop(make: () => { method: string; path: string; body: unknown }, parallel = 2): Promise<void> {
  const lane = async () => {
    for (let sent = 0; sent < MAX_REQUESTS && Date.now() < until; sent++) {
      const { method, path, body } = make();
      try {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: { authorization: `Token token=${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(Math.max(1000, until - Date.now() + 5000)),
        });
        const text = await res.arrayBuffer();
        note(`${res.status} (${Math.round(text.byteLength / 1024)} KB)`);
      } catch {
        note('no answer');
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, lane));
}

/** An ingredient of the attacker's own, for the PUT attacks. */
async function ownIngredient(): Promise<number> {
  const res = await fetch(`${base}/v1/ingredients`, {
    method: 'POST',
    headers: { authorization: `Token token=${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...FLOUR_BODY, name: `Attacker flour ${process.pid}` }),
  });
  const body = (await res.json()) as { ingredient: { id: number } };
  return body.ingredient.id;
}

const unknownNames = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`not an allergen ${i}`, true]));

/** A backend's keep-alive pool: 200 connections from one address, each asking again as soon as answered. */
async function keepAlivePool(): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 200 });
  const get = () =>
    new Promise<void>((resolve) => {
      const req = request(`${base}/v1/ingredients?per_page=1`, { agent, headers: { authorization: `Token token=${key}` } }, (res) => {
        res.resume();
        res.on('end', () => {
          note(String(res.statusCode));
          resolve();
        });
      });
      req.on('error', () => {
        note('no answer');
        resolve();
      });
      req.end();
    });
  let sent = 0;
  const lane = async () => {
    while (Date.now() < until && sent++ < 20 * MAX_REQUESTS) await get();
  };
  await Promise.all(Array.from({ length: 200 }, lane));
  agent.destroy();
}

const JSON_ATTACKS: Record<string, () => Promise<void>> = {
  'allergens-20000-unknown': async () => {
    const id = await ownIngredient();
    let i = 0;
    await jsonLoop(() =>
      i++ % 2 === 0
        ? { method: 'POST', path: '/v1/ingredients', body: { ...FLOUR_BODY, allergens: unknownNames(20_000) } }
        : { method: 'PUT', path: `/v1/ingredients/${id}`, body: { allergens: unknownNames(20_000) } },
    );
  },
  'names-840-kb': async () => {
    const id = await ownIngredient();
    const names = Object.fromEntries(Array.from({ length: 46_000 }, (_, i) => [`zz-${i}`, 'Mehl']));
    await jsonLoop(() => ({ method: 'PUT', path: `/v1/ingredients/${id}`, body: { names } }));
  },
  'shortcut-200000-ids': async () => {
    const ids = Array.from({ length: 200_000 }, (_, i) => (i % 9) + 1).join(',');
    await jsonLoop(() => ({ method: 'POST', path: '/v1/recipes/shortcut', body: { name: 'Many', ingredient_ids: ids } }));
  },
  'json-list-125000': async () => {
    const id = await ownIngredient();
    const tags = Array.from({ length: 125_000 }, (_, i) => i);
    await jsonLoop(() => ({ method: 'PUT', path: `/v1/ingredients/${id}`, body: { tags } }));
  },
  'keepalive-pool-200': keepAlivePool,
  'four-accounts-10000-row-imports': async () => {
    const keys = key!.split(',');
    const payload = { name: 'a.csv', type: 'text/csv', bytes: ingredientsCsv(10_000), kind: 'ingredients' };
    await Promise.all(keys.map((k) => importLoop(payload, k, false)));
  },
};

if (attack === 'slow-bodies') await slowBodies();
else if (JSON_ATTACKS[attack!]) await JSON_ATTACKS[attack!]!();
else {
  const chosen = IMPORTS[attack!];
  if (!chosen) throw new Error(`unknown attack ${attack}`);
  const payload = chosen.payload();
  await Promise.all(Array.from({ length: chosen.parallel }, () => importLoop(payload)));
}
console.log(`ANSWERS ${JSON.stringify(answers)}`);
