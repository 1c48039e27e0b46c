// Code and docs cite the docs by topic name (docs/api.md#limits), never by section number, so a page
// can grow without moving what others point at. This holds every such citation to an anchor that
// exists: in src, test, bench and scripts, in the top-level Markdown files, and in docs/ itself
// (its links between pages and within one).
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

function filesUnder(folder: string, extensions: readonly string[]): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extensions.includes(extname(entry.name)))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

const docPages = filesUnder('docs', ['.md']);
const topMarkdown = readdirSync(root).filter((name) => name.endsWith('.md'));
const codeFiles = ['src', 'test', 'bench', 'scripts'].flatMap((folder) => filesUnder(folder, ['.ts', '.js', '.mjs', '.cjs']));
// This file holds the patterns it looks for, so it is left out.
const citingFiles = [...codeFiles, ...topMarkdown, ...docPages].filter((file) => !file.endsWith('docs-anchors.test.ts'));

/** GitHub's id for a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a page offers: its explicit `<a id>` (or `name`) anchors and its headings' ids. */
function anchorsOf(page: string): Set<string> {
  const text = read(page);
  const anchors = new Set<string>();
  for (const match of text.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(match[1] as string);
  for (const match of text.matchAll(/^#{1,6} (.+)$/gm)) anchors.add(headingSlug(match[1] as string));
  return anchors;
}

const anchors = new Map(docPages.map((page) => [page, anchorsOf(page)]));

/** Every `docs/<page>.md#anchor` a file cites, and in Markdown every link to an anchor, with the page it names. */
function citationsIn(file: string): { page: string; anchor: string; text: string }[] {
  const text = read(file);
  const found: { page: string; anchor: string; text: string }[] = [];
  for (const match of text.matchAll(/docs\/([\w-]+\.md)#([\w-]+)/g)) {
    found.push({ page: `docs/${match[1]}`, anchor: match[2] as string, text: match[0] });
  }
  if (file.endsWith('.md')) {
    // Links relative to the file: [Errors](#errors), [Errors](api.md#errors) inside docs/.
    for (const match of text.matchAll(/\]\(((?:[\w-]+\/)*[\w-]+\.md)?#([\w-]+)\)/g)) {
      const target = match[1] === undefined ? file : join(file, '..', match[1]);
      if (target.startsWith('docs/')) found.push({ page: target, anchor: match[2] as string, text: match[0] });
    }
  }
  return found;
}

describe('citations of the docs name anchors that exist', () => {
  it('finds the docs, the files that cite them, and citations to check', () => {
    expect(docPages).toEqual(expect.arrayContaining(['docs/api.md', 'docs/labeling.md']));
    expect(codeFiles.length).toBeGreaterThan(100);
    expect(citingFiles.flatMap(citationsIn).length).toBeGreaterThan(500);
  });

  it('every citation names an anchor of its page', () => {
    const missing = citingFiles.flatMap((file) =>
      citationsIn(file)
        .filter(({ page, anchor }) => !anchors.get(page)?.has(anchor))
        .map(({ text }) => `${file}: ${text}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('nothing cites the docs by section number', () => {
  // "docs/api.md", "labeling.md" or "LABELING" followed by a section sign and a number: the numbers
  // the pages no longer have.
  const numbered = /(?:\b(?:api|labeling|scaling|decisions|markets)\.md|LABELING),?\s*(?:\/\/|\*)?\s*§\s?\d/;
  // Inside the pages, a bare "§N" is a section of the page itself; sections of outside sources
  // (the FSANZ user guide's) keep theirs.
  const bare = /(?<!guide |Standard 1\.2\.8 )§\s?\d/;

  it('no file cites a page by section number', () => {
    const found = citingFiles.flatMap((file) => {
      const text = read(file);
      const match = text.match(numbered) ?? (file.startsWith('docs/') ? text.match(bare) : null);
      return match ? [`${file}: ${match[0]}`] : [];
    });
    expect(found).toEqual([]);
  });
});
