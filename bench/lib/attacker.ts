// One attack of `npm run bench attacks`, in its own process so that its client work is not the
// server's nor the probe's: `node --import tsx bench/lib/attacker.ts <attack> <base url> <api key>
// <seconds>`. Sends only to the given base URL (127.0.0.1), stops after <seconds> and after a bounded
// number of requests, and prints one line "ANSWERS {status: count}" when done.
import { connect } from 'node:net';
import { ingredientsCsv, lastColumnXlsx, whitespaceBombXlsx, wideHeaderCsv } from './attack-payloads.js';

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
  'four-10000-row-dry-runs': {
    payload: () => ({ name: 'a.csv', type: 'text/csv', bytes: ingredientsCsv(10_000), kind: 'ingredients' }),
    parallel: 4,
  },
};
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function importLoop(payload: Payload): Promise<void> {
  for (let sent = 0; sent < MAX_REQUESTS && Date.now() < until; sent++) {
    const form = new FormData();
    form.append('kind', payload.kind);
    form.append('dry_run', 'true');
    form.append('file', new Blob([payload.bytes], { type: payload.type }), payload.name);
    try {
      const res = await fetch(`${base}/v1/imports`, {
        method: 'POST',
        headers: { authorization: `Token token=${key}` },
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

if (attack === 'slow-bodies') await slowBodies();
else {
  const chosen = IMPORTS[attack!];
  if (!chosen) throw new Error(`unknown attack ${attack}`);
  const payload = chosen.payload();
  await Promise.all(Array.from({ length: chosen.parallel }, () => importLoop(payload)));
}
console.log(`ANSWERS ${JSON.stringify(answers)}`);
