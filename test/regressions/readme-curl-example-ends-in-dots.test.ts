// The README's curl example ended in `...` and failed as written. The quick start's two
// shell blocks (create an ingredient; read it back, make a recipe, fetch its label) are now run here,
// as written, with curl against the real server listening on a free port: only the key and the
// address the README cannot know are filled in.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.js';

const run = promisify(execFile);

async function hasCurl(): Promise<boolean> {
  try {
    await run('curl', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** The quick start's shell blocks from the one that sets KEY on. */
function quickStartScript(readme: string): string {
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const first = blocks.findIndex((block) => block.includes('KEY=rcp_...'));
  expect(first, 'the README has a block setting KEY=rcp_...').toBeGreaterThanOrEqual(0);
  return blocks.slice(first, first + 2).join('\n');
}

const curl = await hasCurl();
if (!curl) console.warn('curl is not installed: the README example test is skipped');

describe.skipIf(!curl)('the README quick start, run as written', () => {
  let t: TestApp;
  let dir: string;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    dir = await mkdtemp(join(tmpdir(), 'readme-example-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('creates the ingredient, reads it back, makes the recipe and fetches a complete label', async () => {
    const script = quickStartScript(await readFile('README.md', 'utf8'))
      .replace('KEY=rcp_...', `KEY=${t.accountA.key}`)
      .replaceAll('http://127.0.0.1:3000', base);
    expect(script).not.toMatch(/\.\.\.\s/);
    await run('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd: dir });

    const flour = JSON.parse(await readFile(join(dir, 'flour.json'), 'utf8')).ingredient;
    expect(flour).toMatchObject({ name: 'All-purpose flour', weight1: 125 });
    const recipe = JSON.parse(await readFile(join(dir, 'recipe.json'), 'utf8')).recipe;
    expect(recipe).toMatchObject({ name: 'Flour sampler', servings: 8, total_grams: 500, missing_nutrients: {} });
    const svg = await readFile(join(dir, 'label.svg'), 'utf8');
    expect(svg).toMatch(/^<svg/);
    expect(svg).toContain('Nutrition Facts');
    expect(svg).not.toContain('INCOMPLETE DATA');
    // The ingredient the README made is account A's, as the key said.
    expect(json(await t.client().get(`/v1/ingredients/${flour.id}`)).ingredient.name).toBe('All-purpose flour');
  });
});
