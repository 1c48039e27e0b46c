// `recipal import FILE --kind K --account ID [--apply]` run as a user runs it (docs/api.md#bulk-work): the same
// report as POST /v1/imports, a dry run unless --apply, exit status 1 and nothing written on any error.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/services/accounts/index.js';
import { TestClock } from '../support/app.js';
import { runCli } from '../support/cli.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';
import { databaseSnapshotter } from '../support/db-snapshot.js';

const temp = mkdtempSync(join(tmpdir(), 'recipal-import-sheet-'));
const file = (name: string, text: string) => {
  const path = join(temp, name);
  writeFileSync(path, text);
  return path;
};
const BOXES = file(
  'boxes.csv',
  'name,description1,weight1,food,non_food\nBox,1 box,10,false,packaging\nCrate,1 crate,900,false,packaging\n',
);
const BAD = file('bad.csv', 'name,description1,weight1,food,non_food\nBox,1 box,heavy,false,packaging\nCrate,1 crate,900,false,pallet\n');

describe.each(databaseKinds())('recipal import FILE on %s', (kind) => {
  let db: TestDatabase;
  let url: string;
  let account: number;
  beforeEach(async () => {
    db = await createTestDatabase(kind);
    url =
      db.config.kind === 'sqlite'
        ? db.config.path
        : `${db.config.url}${db.config.url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${db.schema}`)}`;
    const none = { email: null, weekly_limit: null, per_minute_limit: null, render_limit: null };
    account = (await createAccount({ database: db.handle, clock: new TestClock() }, { name: 'Shop', ...none })).account.id;
  });
  afterEach(() => db.drop());

  const recipal = (...args: string[]) => runCli(args, { DATABASE_URL: url });
  const names = async () =>
    (await db.handle.db.selectFrom('ingredients').select('name').where('account_id', '=', account).orderBy('name').execute()).map(
      (r) => r.name,
    );

  it('checks without --apply (writing nothing), then applies with it, with a progress line and the report', async () => {
    const dry = await recipal('import', BOXES, '--kind', 'ingredients', '--account', String(account));
    expect({ code: dry.code, stderr: dry.stderr }).toEqual({ code: 0, stderr: '' });
    expect(dry.stdout).toContain('check: 2 of 2 rows');
    expect(dry.stdout).toContain('boxes.csv: 2 ingredients rows, dry run, nothing written (add --apply to write)');
    expect(dry.stdout).toContain('created 2, updated 0, unchanged 0, errors 0');
    expect(await names()).toEqual([]);
    const applied = await recipal('import', BOXES, '--kind', 'ingredients', '--account', String(account), '--apply', '--json');
    expect(applied.code).toBe(0);
    expect(JSON.parse(applied.stdout.trim().split('\n').at(-1)!).import).toMatchObject({ status: 'applied', created: 2 });
    expect(await names()).toEqual(['Box', 'Crate']);
  });

  it('fails with exit status 1, every error by row and field, and nothing written', async () => {
    const snapshots = await databaseSnapshotter(db);
    const before = await snapshots.take();
    const run = await recipal('import', BAD, '--kind', 'ingredients', '--account', String(account), '--apply');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('FAILED, nothing written');
    expect(run.stdout).toContain('row 2 weight1: "heavy" is not a number');
    expect(run.stdout).toContain('row 3 non_food: must be one of');
    expect(await snapshots.take()).toEqual(before);
    await snapshots.close();
  });

  it('refuses a missing --kind or --account, an unknown account, and explains itself with --help', async () => {
    expect((await recipal('import', BOXES, '--account', String(account))).stderr).toContain(
      '--kind must be one of ingredients, recipes, ingredient_costs',
    );
    expect((await recipal('import', BOXES, '--kind', 'recipes')).code).toBe(2);
    const unknown = await recipal('import', BOXES, '--kind', 'recipes', '--account', '999999');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no account with id 999999');
    const help = await recipal('import', BOXES, '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--apply');
    expect(help.stdout).toContain('recipal import recipes.csv --kind recipes --account 1');
    const group = await recipal('import', '--help');
    expect(group.stdout).toContain('import usda');
  });
});
