// The public library as the word index that matches recipe lines (src/core/recipe-text/foods.ts),
// kept per database and rebuilt when the library changes. Each parse reads the library's version
// (one statement; migrations 033 and 058 make every write of a public ingredient bump it), so an
// import by any process is seen by the next parse everywhere. Building reads every library food once
// (~9,000 with SR28 and the Foundation foods), a page of rows per statement and a slice of foods per
// turn of the event loop, so the first parse after a start or an import never stalls other requests;
// concurrent parses share one build.
import { buildLibraryIndex, type FoodRow, type LibraryIndex } from '../../core/recipe-text/foods.js';
import { libraryFoodsAfter, libraryVersion } from '../../db/repositories/recipe-text.js';
import type { Db, Dialect } from '../../db/schema.js';
import type { ServiceContext } from '../context.js';

interface Held {
  version: string;
  index: Promise<LibraryIndex>;
}

const held = new WeakMap<object, Held>();

/** Library foods read by one statement. */
const FOODS_PER_PAGE = 500;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The library's foods in id order, a page at a time, each page read after the one before was indexed. */
async function* libraryPages(db: Db, dialect: Dialect): AsyncGenerator<FoodRow[]> {
  let after = 0;
  for (;;) {
    const rows = await libraryFoodsAfter(db, dialect, after, FOODS_PER_PAGE);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < FOODS_PER_PAGE) return;
    after = (rows[rows.length - 1] as FoodRow).id;
  }
}

/** The library index for the current library version of the context's database. */
export async function libraryIndexOf(ctx: ServiceContext): Promise<LibraryIndex> {
  const { db, dialect } = ctx.database;
  const version = await libraryVersion(db);
  const known = held.get(db);
  if (known?.version === version) return known.index;
  const index = buildLibraryIndex(libraryPages(db, dialect), nextTurn);
  // The build is remembered at the version seen before it read; a write during the read makes the
  // next parse see another version and build again.
  held.set(db, { version, index });
  index.catch(() => {
    if (held.get(db)?.index === index) held.delete(db);
  });
  return index;
}

/**
 * Builds the library index in the background when it is not built for the current library version
 * (the studio's new-recipe page asks for it when it opens, so the first preview does not wait for it).
 */
export function prepareLibraryIndex(ctx: ServiceContext): void {
  libraryIndexOf(ctx).catch(() => {
    // A failed build is forgotten (above); the next parse builds again and reports its error.
  });
}
