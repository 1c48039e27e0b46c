// What one account's requests may take of a server process at once (RELIABILITY.md#account-share).
// A backend's keep-alive pool of 200 connections had 200 requests ready in every turn of the event
// loop, and each turn served them all before anyone else's new connection, so another account's
// read waited seconds. Here, per account and per process:
// - while other accounts have requests on the process, at most MAX_REQUESTS_IN_FLIGHT_PER_ACCOUNT of
//   its API requests are worked on at once; the next ones wait in order of arrival (their bodies
//   unread), costing nothing per turn; an account alone on the process is not held to it;
// - a slot freed by an answer is handed on in the next turn of the loop (setImmediate), never in the
//   turn that freed it: on SQLite a request runs from its first byte to its answer in one turn, so a
//   slot reused at once would let one account's requests follow each other for the whole turn;
// - at most MAX_REQUESTS_WAITING_PER_ACCOUNT wait; the next is answered 429 `TooManyRequestsInFlight`
//   with `Retry-After: 1` at once (its body unread), which costs next to nothing.
// A pool is served whole (its requests wait their turn, none refused) up to in flight + waiting.
// Registered after the request limits, so that a request over its minute is refused before it waits.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AccountShare } from '../../config.js';
import { AppError } from '../../errors.js';

type Done = (error?: Error) => void;

/** On a response whose request holds one of its account's slots: that account's id. */
const HOLDS = Symbol('holdsAccountSlot');
type Holding = { [HOLDS]?: number };

interface Waiter {
  reply: FastifyReply;
  done: Done;
}

interface Share {
  running: number;
  /** Waiters in arrival order; those before `head` have been let in (and cleared). */
  waiting: (Waiter | undefined)[];
  head: number;
}

export const tooManyRequestsInFlight = (share: AccountShare) =>
  new AppError(
    429,
    'TooManyRequestsInFlight',
    `This account has ${share.inFlight} requests in flight on this server process and ${share.waiting} waiting; retry in 1 s, or send fewer at once.`,
    undefined,
    { 'Retry-After': '1' },
  );

/** The slots of every account on this process: `enter` when a request of the account arrives. */
export class AccountShares {
  private readonly shares = new Map<number, Share>();
  /** Accounts with slots freed this turn, handed on in the next. */
  private readonly freed: number[] = [];
  private scheduled = false;

  constructor(private readonly limits: AccountShare) {}

  /** Lets the request in now (done()), later, or refuses it (done(error)). */
  enter(accountId: number, reply: FastifyReply, done: Done): void {
    let share = this.shares.get(accountId);
    if (!share) {
      share = { running: 0, waiting: [], head: 0 };
      this.shares.set(accountId, share);
    }
    const queued = share.waiting.length - share.head;
    // Alone on the process, an account takes what it needs: a share is kept for when others come
    // (a server with one account, the usual self-hosted one, is never slowed by it).
    if (queued === 0 && (share.running < this.limits.inFlight || this.shares.size === 1)) return this.run(accountId, share, reply, done);
    if (queued >= this.limits.waiting) return done(tooManyRequestsInFlight(this.limits));
    share.waiting.push({ reply, done });
  }

  /** Requests of the account worked on now, and waiting (tests and the benchmark read them). */
  of(accountId: number): { running: number; waiting: number } {
    const share = this.shares.get(accountId);
    return share ? { running: share.running, waiting: share.waiting.length - share.head } : { running: 0, waiting: 0 };
  }

  private run(accountId: number, share: Share, reply: FastifyReply, done: Done): void {
    share.running++;
    (reply.raw as Holding)[HOLDS] = accountId;
    // 'close' comes once per response: after it is sent, or when the client went away first.
    reply.raw.once('close', () => this.stepOut(reply));
    done();
  }

  /**
   * The request gives its slot back before it is answered: it is about to wait on something bounded
   * by a limit of its own (a PNG or PDF render waits in one of the account's render slots, whose
   * limit answers 429 RenderConcurrencyExceeded only if the next render request gets that far).
   */
  stepOut(reply: FastifyReply): void {
    const raw = reply.raw as Holding;
    const accountId = raw[HOLDS];
    if (accountId === undefined) return;
    raw[HOLDS] = undefined;
    this.free(accountId);
  }

  private free(accountId: number): void {
    this.freed.push(accountId);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.handOn());
  }

  /** The next turn: each freed slot goes to the account's next waiter still connected. */
  private handOn(): void {
    this.scheduled = false;
    const freed = this.freed.splice(0);
    for (const accountId of freed) {
      const share = this.shares.get(accountId);
      if (!share) continue;
      share.running--;
      while (share.running < this.limits.inFlight && share.head < share.waiting.length) {
        const next = share.waiting[share.head];
        share.waiting[share.head++] = undefined;
        // A client that hung up while waiting is not served (its answer would go nowhere).
        if (!next || next.reply.request.raw.destroyed || next.reply.raw.destroyed || next.reply.raw.socket?.destroyed === true) continue;
        this.run(accountId, share, next.reply, next.done);
      }
      if (share.head === share.waiting.length) {
        share.waiting = [];
        share.head = 0;
        if (share.running === 0) this.shares.delete(accountId);
      } else if (share.head > 1024 && share.head * 2 > share.waiting.length) {
        share.waiting = share.waiting.slice(share.head);
        share.head = 0;
      }
    }
  }
}

export function registerAccountShare(app: FastifyInstance, shares: AccountShares): void {
  // Callback form, like auth and limits: no promise nor microtask turn when let in at once.
  app.addHook('onRequest', (request, reply, done) => {
    const account = request.account;
    if (!account) return done(); // authentication failed first: its 401 is already on the way
    shares.enter(account.id, reply, done);
  });
}
