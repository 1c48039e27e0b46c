// The public library as the word index that matches recipe lines (src/core/recipe-text/foods.ts),
// kept per database and rebuilt when the library changes. Each parse reads the library's version
// (one statement; migrations 033 and 058 make every write of a public ingredient bump it), so an
// import by any process is seen by the next parse everywhere. Building reads every library food once
// (~9,000 with SR28 and the Foundation foods) in slices that leave the event loop to other requests;
// concurrent parses share one build.
import { buildLibraryIndex, type LibraryIndex } from '../../core/recipe-text/foods.js';
import { libraryFoods, libraryVersion } from '../../db/repositories/recipe-text.js';
import type { ServiceContext } from '../context.js';

interface Held {
  version: string;
  index: Promise<LibraryIndex>;
}

const held = new WeakMap<object, Held>();

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The library index for the current library version of the context's database. */
export async function libraryIndexOf(ctx: ServiceContext): Promise<LibraryIndex> {
  const { db, dialect } = ctx.database;
  const version = await libraryVersion(db);
  const known = held.get(db);
  if (known?.version === version) return known.index;
  const index = libraryFoods(db, dialect).then(({ rows }) => buildLibraryIndex(rows, nextTurn));
  // The build is remembered at the version seen before it read; a write during the read makes the
  // next parse see another version and build again.
  held.set(db, { version, index });
  index.catch(() => {
    if (held.get(db)?.index === index) held.delete(db);
  });
  return index;
}
