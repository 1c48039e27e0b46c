// Manifests patched as text (src/services/history/manifest-text.ts) must come out byte for byte as
// JSON.stringify of the same change made to the parsed object: the next write, as_of and prune read
// them back with JSON.parse, and a revision is compared with the next by its hashes.
import { describe, expect, it } from 'vitest';
import { entriesOfKind, hashInManifest, inManifestOrder, patchManifestText } from '../../../src/services/history/manifest-text.js';

type Manifest = Record<string, string>;

const hash = (n: number) => `h${String(n).padStart(21, '0')}`;
const manifest: Manifest = {
  'recipe:1': hash(1),
  'line:3': hash(2),
  'ingredient:3': hash(3),
  'ingredient:33': hash(4),
  'cost:9': hash(5),
  'line:33': hash(6),
  'cost:10': hash(7),
};
const text = JSON.stringify(manifest);

/** The change made to the object, as the whole-object code path made it. */
function patchObject(before: Manifest, set: Map<string, string>, remove: string[]): string {
  const after = { ...before };
  for (const key of remove) delete after[key];
  for (const [key, value] of set) after[key] = value;
  return JSON.stringify(after);
}

describe('patchManifestText', () => {
  it.each<[string, Manifest, [string, string][], string[]]>([
    ['replacing a hash', manifest, [['ingredient:3', hash(30)]], []],
    [
      'replacing the first and the last entry',
      manifest,
      [
        ['recipe:1', hash(10)],
        ['cost:10', hash(70)],
      ],
      [],
    ],
    [
      'adding entries (at the end, in order)',
      manifest,
      [
        ['cost:11', hash(8)],
        ['cost:12', hash(9)],
      ],
      [],
    ],
    ['removing an entry in the middle', manifest, [], ['cost:9']],
    ['removing the first entry', manifest, [], ['recipe:1']],
    ['removing the last entry', manifest, [], ['cost:10']],
    ['removing every entry', { 'cost:9': hash(5) }, [], ['cost:9']],
    ['adding to an empty manifest', {}, [['cost:9', hash(5)]], []],
    [
      'replacing, adding and removing at once',
      manifest,
      [
        ['ingredient:33', hash(40)],
        ['cost:11', hash(8)],
      ],
      ['cost:9', 'cost:10'],
    ],
    ['removing a key the manifest does not have', manifest, [], ['cost:99']],
    ['a hash of another length (a stored whole digest)', { 'ingredient:3': 'x'.repeat(43) }, [['ingredient:3', hash(3)]], []],
  ])('gives what JSON.stringify gives: %s', (_what, before, set, remove) => {
    const patched = patchManifestText(JSON.stringify(before), new Map(set), remove);
    expect(patched).toBe(patchObject(before, new Map(set), remove));
  });
});

describe('reading a manifest as text', () => {
  it('finds a key without matching a longer key that starts with it', () => {
    expect(hashInManifest(text, 'ingredient:3')).toBe(hash(3));
    expect(hashInManifest(text, 'ingredient:33')).toBe(hash(4));
    expect(hashInManifest(text, 'line:3')).toBe(hash(2));
    expect(hashInManifest(text, 'ingredient:4')).toBeUndefined();
  });

  it('lists the entries of one kind in the manifest order', () => {
    expect([...entriesOfKind(text, 'cost')]).toEqual([
      ['cost:9', hash(5)],
      ['cost:10', hash(7)],
    ]);
    expect(entriesOfKind(text, 'recipe').size).toBe(1);
  });

  it('orders keys as the patched manifest lists them: present keys by position, new keys after in their order', () => {
    expect(inManifestOrder(text, ['cost:11', 'cost:10', 'ingredient:3', 'cost:12'])).toEqual([
      'ingredient:3',
      'cost:10',
      'cost:11',
      'cost:12',
    ]);
  });
});
