import { describe, expect, it } from 'vitest';
import { FifoLock } from '../../src/lib/fifo-lock.js';

describe('FifoLock', () => {
  it('is had by its waiters in the order they asked; one that releases and asks again queues behind them', async () => {
    const lock = new FifoLock();
    const order: string[] = [];
    await lock.acquire();
    const waiters = ['first', 'second'].map((name) => lock.acquire().then(() => order.push(name)));
    expect(lock.queued).toBe(2);
    lock.release();
    const again = lock.acquire().then(() => order.push('again'));
    await waiters[0];
    lock.release();
    await waiters[1];
    lock.release();
    await again;
    lock.release();
    expect(order).toEqual(['first', 'second', 'again']);
    expect(lock.busy).toBe(false);
  });

  it('run releases when the work throws', async () => {
    const lock = new FifoLock();
    await expect(lock.run(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(lock.busy).toBe(false);
  });
});
