// Regression (found in review): the zip-bomb guard summed the sizes an XLSX's parts declare, and a
// part that declared a few bytes while holding megabytes went on to exceljs, which inflates it whole.
// Every part is now inflated once under yauzl's size check before exceljs sees the file: a part
// larger than it declares is refused at its declared size (422), and nothing is written.
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';
import { databaseKinds } from '../support/databases.js';
import { databaseSnapshotter, type Snapshotter } from '../support/db-snapshot.js';
import { uploadSheet } from '../support/spreadsheet-upload.js';

/** A zip whose one part holds `actual` zero bytes but declares `declared` (local and central headers). */
function lyingZip(actual: number, declared: number): Buffer {
  const zip = Buffer.from(zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(actual) }, { level: 9 }));
  const LOCAL = 0x04034b50;
  const CENTRAL = 0x02014b50;
  for (let at = 0; at <= zip.length - 4; at++) {
    const signature = zip.readUInt32LE(at);
    if (signature === LOCAL) zip.writeUInt32LE(declared, at + 22);
    if (signature === CENTRAL) zip.writeUInt32LE(declared, at + 24);
  }
  return zip;
}

describe.each(databaseKinds())('an XLSX part that lies about its size on %s', (kind) => {
  let t: TestApp;
  let snapshots: Snapshotter;
  beforeAll(async () => {
    t = await createTestApp(kind);
    snapshots = await databaseSnapshotter(t.db);
  });
  afterAll(async () => {
    await snapshots.close();
    await t.close();
  });

  it('is refused before exceljs unpacks it, and nothing is written', async () => {
    const zip = lyingZip(8 * 1024 * 1024, 100);
    expect(zip.length).toBeLessThan(64 * 1024);
    const before = await snapshots.take();
    const res = await uploadSheet(t, zip, { kind: 'ingredients', filename: 'lying.xlsx', dryRun: false });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
    expect(json(res).import.errors).toEqual([
      { row: null, field: 'file', message: 'the XLSX workbook holds a part larger than it declares; it is not read' },
    ]);
    expect(await snapshots.take()).toEqual(before);
  });
});
