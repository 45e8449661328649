import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Semaphore, SlotRefused } from './semaphore';

const tick = () => new Promise((resolve) => setImmediate(resolve));
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'granted',
    (error: unknown) => (error instanceof SlotRefused ? error.reason : `other: ${String(error)}`),
  );

describe('semaphore', () => {
  it('never lets more than its slots run at once, whatever the work takes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 25 }),
        async (slots, durations) => {
          const semaphore = new Semaphore({ slots, queue: durations.length });
          let running = 0;
          let most = 0;
          await Promise.all(
            durations.map((ticks) =>
              semaphore.run(60_000, async () => {
                running++;
                most = Math.max(most, running);
                for (let i = 0; i < ticks; i++) await tick();
                running--;
              }),
            ),
          );
          expect(most).toBeLessThanOrEqual(slots);
          expect(most).toBe(Math.min(slots, durations.length));
          expect(semaphore.running).toBe(0);
          expect(semaphore.waiting).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('serves waiters first come, first served', async () => {
    const semaphore = new Semaphore({ slots: 1, queue: 5 });
    const release = await semaphore.acquire(1_000);
    const order: number[] = [];
    const waiters = [1, 2, 3, 4].map((n) =>
      semaphore.acquire(1_000).then((done) => {
        order.push(n);
        done();
      }),
    );
    expect(semaphore.waiting).toBe(4);
    release();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3, 4]);
  });

  it('refuses at once when its queue is full, and a waiter whose wait runs out', async () => {
    const semaphore = new Semaphore({ slots: 1, queue: 1 });
    const release = await semaphore.acquire(1_000);
    const waiting = refusal(semaphore.acquire(40));
    const started = Date.now();
    expect(await refusal(semaphore.acquire(5_000))).toBe('queue-full');
    expect(Date.now() - started).toBeLessThan(100);
    expect(await waiting).toBe('timed-out');
    expect(semaphore.waiting).toBe(0);
    // The timed-out waiter took no slot: the next one gets the slot the holder gives back.
    const next = semaphore.acquire(1_000);
    release();
    (await next)();
    expect(semaphore.running).toBe(0);
  });

  it('refuses a caller with no time to wait, but gives a free slot even then', async () => {
    const semaphore = new Semaphore({ slots: 1, queue: 4 });
    const release = await semaphore.acquire(0);
    expect(await refusal(semaphore.acquire(0))).toBe('timed-out');
    release();
    expect(semaphore.running).toBe(0);
  });

  it('drops a waiter whose signal aborts (its request timed out) and never runs its work', async () => {
    const semaphore = new Semaphore({ slots: 1, queue: 4 });
    const release = await semaphore.acquire(1_000);
    const controller = new AbortController();
    let ran = false;
    const outcome = refusal(
      semaphore.run(
        10_000,
        async () => {
          ran = true;
        },
        controller.signal,
      ),
    );
    controller.abort();
    expect(await outcome).toBe('aborted');
    expect(await refusal(semaphore.acquire(10, controller.signal))).toBe('aborted');
    release();
    await tick();
    expect(ran).toBe(false);
    expect(semaphore.running).toBe(0);
    expect(semaphore.waiting).toBe(0);
  });

  it('gives the slot back when the work throws, and a double release frees only once', async () => {
    const semaphore = new Semaphore({ slots: 1, queue: 2 });
    await expect(
      semaphore.run(1_000, async () => {
        throw new Error('scrypt failed');
      }),
    ).rejects.toThrow('scrypt failed');
    expect(semaphore.running).toBe(0);

    const release = await semaphore.acquire(1_000);
    release();
    release();
    expect(semaphore.running).toBe(0);
    const a = await semaphore.acquire(1_000);
    expect(await refusal(semaphore.acquire(20))).toBe('timed-out');
    a();
  });
});
