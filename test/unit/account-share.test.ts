// AccountShares (src/http/plugins/account-share.ts, RELIABILITY.md#account-share): slots per account,
// handed on in the next turn of the loop, and given back early by a request about to wait on a limit
// of its own (a render); a slot is never freed twice. Turns are awaited, never a clock.
import { EventEmitter } from 'node:events';
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccountShares } from '../../src/http/plugins/account-share.js';

/** A reply whose response closes when the test says. */
function fakeReply(): { reply: FastifyReply; close(): void } {
  const raw = Object.assign(new EventEmitter(), { destroyed: false, socket: { destroyed: false } });
  const reply = { raw, request: { raw: { destroyed: false } } } as unknown as FastifyReply;
  return { reply, close: () => raw.emit('close') };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Another account with a request in flight: shares apply only while more than one account is served. */
const withNeighbour = (shares: AccountShares) => shares.enter(99, fakeReply().reply, () => {});

describe('AccountShares', () => {
  it('lets 2 in, queues the rest in order, hands a freed slot on in the next turn only', async () => {
    const shares = new AccountShares({ inFlight: 2, waiting: 10 });
    withNeighbour(shares);
    const let_in: number[] = [];
    const replies = Array.from({ length: 4 }, () => fakeReply());
    replies.forEach((r, i) => shares.enter(1, r.reply, () => let_in.push(i)));
    expect(let_in).toEqual([0, 1]);
    expect(shares.of(1)).toEqual({ running: 2, waiting: 2 });
    replies[0]!.close();
    expect(let_in).toEqual([0, 1]); // not in the turn that freed it
    await nextTurn();
    expect(let_in).toEqual([0, 1, 2]);
    expect(shares.of(1)).toEqual({ running: 2, waiting: 1 });
  });

  it('a request that steps out gives its slot to the next; its close later frees nothing more', async () => {
    const shares = new AccountShares({ inFlight: 1, waiting: 10 });
    withNeighbour(shares);
    const let_in: string[] = [];
    const render = fakeReply();
    const next = fakeReply();
    const last = fakeReply();
    shares.enter(1, render.reply, () => let_in.push('render'));
    shares.enter(1, next.reply, () => let_in.push('next'));
    shares.enter(1, last.reply, () => let_in.push('last'));
    shares.stepOut(render.reply);
    await nextTurn();
    expect(let_in).toEqual(['render', 'next']);
    render.close(); // the render answered: its slot was already given back
    await nextTurn();
    expect(let_in).toEqual(['render', 'next']);
    expect(shares.of(1)).toEqual({ running: 1, waiting: 1 });
    next.close();
    await nextTurn();
    expect(let_in).toEqual(['render', 'next', 'last']);
    last.close();
    await nextTurn();
    expect(shares.of(1)).toEqual({ running: 0, waiting: 0 });
  });

  it('past the waiting bound the request is refused at once with 429 TooManyRequestsInFlight; other accounts are not', () => {
    const shares = new AccountShares({ inFlight: 1, waiting: 1 });
    withNeighbour(shares);
    const outcomes: (string | undefined)[] = [];
    for (let i = 0; i < 3; i++)
      shares.enter(1, fakeReply().reply, (error) => outcomes.push(error ? (error as { code?: string }).code : 'in'));
    shares.enter(2, fakeReply().reply, (error) => outcomes.push(error ? 'refused' : 'other account in'));
    expect(outcomes).toEqual(['in', 'TooManyRequestsInFlight', 'other account in']);
  });

  it('an account alone on the process is not held to its share; once another comes, its next requests wait for one', async () => {
    const shares = new AccountShares({ inFlight: 2, waiting: 10 });
    const let_in: string[] = [];
    const pool = Array.from({ length: 5 }, () => fakeReply());
    pool.forEach((r, i) => shares.enter(1, r.reply, () => let_in.push(`pool ${i}`)));
    expect(shares.of(1)).toEqual({ running: 5, waiting: 0 });
    shares.enter(2, fakeReply().reply, () => let_in.push('other'));
    expect(let_in.at(-1)).toBe('other');
    shares.enter(1, fakeReply().reply, () => let_in.push('pool 5'));
    expect(shares.of(1)).toEqual({ running: 5, waiting: 1 });
    for (const r of pool.slice(0, 4)) r.close();
    await nextTurn();
    expect(let_in.at(-1)).toBe('pool 5');
    expect(shares.of(1)).toEqual({ running: 2, waiting: 0 });
  });
});
