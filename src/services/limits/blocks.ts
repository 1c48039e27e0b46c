// The blocks of request numbers one process holds for an account (src/services/limits/database.ts):
// which block a request takes its number from, and what to reserve next and how much. Pure: the store
// does the reserving, this decides. docs/scaling.md "Limits without Redis".
import { MAX_BLOCK } from '../../db/repositories/limit-reservations.js';

/**
 * Why a block is reserved: `now`, requests wait for it (nothing in hand); `ahead`, the block in use
 * is half spent; `next`, the window turns within NEXT_WINDOW_LEAD_MS.
 */
export type ReservationReason = 'now' | 'ahead' | 'next';

/** The next window's first block is reserved this long before the window turns. */
export const NEXT_WINDOW_LEAD_MS = 5_000;

/** Numbers `next` ... `end` of window `key`, reserved by this process; `size` numbers were granted. */
export interface Block<K> {
  key: K;
  next: number;
  end: number;
  size: number;
}

/** One account's blocks of one kind of window (minutes, keyed by Unix minute; weeks, by the local date of their Monday). */
export interface Blocks<K> {
  /** The block numbers are handed out from. */
  inUse: Block<K> | null;
  /** The rest of the window, reserved when the block in use was half spent. */
  spare: Block<K> | null;
  /** The next window's first block, reserved shortly before the window turns. */
  upcoming: Block<K> | null;
  /** The size the next block is asked for. */
  want: number;
}

/** The window a moment falls in, and the one after it. */
export interface Span<K> {
  key: K;
  nextKey: K;
  endsAt: number;
}

/** A planned reservation: `want` numbers asked for, and the size the next block is then asked for. */
export interface Planned<K> {
  reason: ReservationReason;
  key: K;
  want: number;
  nextWant: number;
}

export const left = (block: Block<unknown> | null): number => (block === null ? 0 : Math.max(0, block.end - block.next + 1));

/**
 * Whether a block's numbers may be handed out in window `key`. A minute block of a later minute
 * may: its numbers count in that minute, which errs on the side of counting (another process's
 * clock is ahead, or the account's next minute was reserved shortly before it began). A week's
 * numbers count only in their week.
 */
export const usableMinute = (block: Block<number>, key: number) => block.key >= key;
export const usableWeek = (block: Block<string>, key: string) => block.key === key;

export const emptyBlocks = <K>(): Blocks<K> => ({ inUse: null, spare: null, upcoming: null, want: 1 });

/** The blocks held, in use, spare and upcoming (null where there is none). */
const held = <K>(blocks: Blocks<K>): (Block<K> | null)[] => [blocks.inUse, blocks.spare, blocks.upcoming];

/** `ahead` is due: `block`, the one in use, had more than one number and is half spent, and no spare is held. */
export const needsAhead = <K>(blocks: Blocks<K>, block: Block<K>): boolean =>
  blocks.spare === null && block.size > 1 && left(block) * 2 <= block.size;

/** `next` is due: the account is active, the window turns within NEXT_WINDOW_LEAD_MS, and nothing is held for the next one. */
export const needsNext = <K>(blocks: Blocks<K>, span: Span<K>, now: number, usable: (b: Block<K>, key: K) => boolean): boolean =>
  blocks.want > 1 && now >= span.endsAt - NEXT_WINDOW_LEAD_MS && !held(blocks).some((b) => b !== null && usable(b, span.nextKey));

/**
 * The block to hand out from in window `key`: the one in use while it has numbers for the window,
 * else the spare, else the upcoming block once its window has come. A spare or upcoming block of a
 * past window is dropped (its numbers stay counted there); a spent block in use stays until it is
 * replaced, to tell how its window ended.
 */
export function blockInUse<K>(blocks: Blocks<K>, key: K, usable: (b: Block<K>, key: K) => boolean): Block<K> | null {
  const current = blocks.inUse;
  if (current && left(current) > 0 && usable(current, key)) return current;
  for (const slot of ['spare', 'upcoming'] as const) {
    const block = blocks[slot];
    if (block === null) continue;
    if (block.key < key) blocks[slot] = null;
    else if (left(block) > 0 && usable(block, key)) {
      blocks.inUse = block;
      blocks[slot] = null;
      return block;
    }
  }
  return null;
}

/**
 * What one kind of window needs reserved, and the size to ask for. A process never holds more than
 * MAX_BLOCK unspent numbers usable in an account's window (what a crash can lose there).
 * - `now`: requests wait and nothing is in hand. The size grows fourfold after a block of the window
 *   was used up (a busy account reaches full blocks in a few reservations), halves after a window
 *   ended with numbers left (a quiet one holds little), and covers the requests waiting.
 * - `ahead`: the block in use is half spent, and had more than one number (an account seen once a
 *   minute costs one reservation a minute); it grows fourfold.
 * - `next`: the window turns within NEXT_WINDOW_LEAD_MS and the account is active (its blocks have
 *   grown past one number); the size stays.
 */
export function planWindow<K>(
  blocks: Blocks<K>,
  span: Span<K>,
  now: number,
  waiting: number,
  usable: (b: Block<K>, key: K) => boolean,
): Planned<K>[] {
  const room = (key: K) => MAX_BLOCK - held(blocks).reduce((n, b) => n + (b && usable(b, key) ? left(b) : 0), 0);
  const planned: Planned<K>[] = [];
  const current = blockInUse(blocks, span.key, usable);
  if (current === null && waiting > 0) {
    const previous = blocks.inUse;
    let want = blocks.want;
    if (previous !== null)
      want = previous.key < span.key && left(previous) > 0 ? Math.max(1, Math.floor(want / 2)) : Math.min(MAX_BLOCK, want * 4);
    planned.push({ reason: 'now', key: span.key, want: Math.max(1, Math.min(room(span.key), Math.max(want, waiting))), nextWant: want });
    return planned;
  }
  // The window's block in use, spent or not (requests that came in one turn may have spent it before
  // this plan was made).
  const last = current ?? (blocks.inUse !== null && usable(blocks.inUse, span.key) ? blocks.inUse : null);
  if (last === null) return planned;
  if (needsAhead(blocks, last)) {
    const grown = Math.min(MAX_BLOCK, blocks.want * 4);
    const want = Math.min(room(span.key), grown);
    if (want > 0) planned.push({ reason: 'ahead', key: span.key, want, nextWant: grown });
  }
  if (needsNext(blocks, span, now, usable)) {
    const want = Math.min(room(span.nextKey), blocks.want);
    if (want > 0) planned.push({ reason: 'next', key: span.nextKey, want, nextWant: blocks.want });
  }
  return planned;
}

/** Puts a reserved block where its reason says (a `now` block replaces a spent or past one). */
export function place<K>(blocks: Blocks<K>, block: Block<K>, reason: ReservationReason): void {
  if (reason === 'now') blocks.inUse = block;
  else if (reason === 'ahead') blocks.spare = block;
  else blocks.upcoming = block;
}

/** Unspent numbers by window, for the windows `keep` selects. */
export function unspentByKey<K>(blocks: Blocks<K>, keep: (key: K) => boolean): Map<K, number> {
  const byKey = new Map<K, number>();
  for (const block of held(blocks))
    if (block && left(block) > 0 && keep(block.key)) byKey.set(block.key, (byKey.get(block.key) ?? 0) + left(block));
  return byKey;
}
