// Render slots held in this process (the default store): at most `limit` PDF/PNG renders in flight
// per account. A slot not released within its TTL (a render that never finished) expires.
import type { Clock } from '../../lib/time.js';
import { RENDER_SLOT_TTL_MS, type ReleaseSlot } from './types.js';

export class LocalRenderSlots {
  private readonly held = new Map<number, Map<number, number>>();
  private nextId = 1;

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = RENDER_SLOT_TTL_MS,
  ) {}

  acquire(accountId: number, limit: number): ReleaseSlot | null {
    const now = this.clock.now().getTime();
    let slots = this.held.get(accountId);
    if (!slots) this.held.set(accountId, (slots = new Map()));
    for (const [id, expires] of slots) if (expires <= now) slots.delete(id);
    if (slots.size >= limit) return null;
    const id = this.nextId++;
    slots.set(id, now + this.ttlMs);
    const account = slots;
    return async () => {
      account.delete(id);
    };
  }
}
