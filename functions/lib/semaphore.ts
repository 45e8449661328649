/**
 * A counting semaphore for one process: at most `slots` holders at once, at most `queue` callers
 * waiting, each for at most the time it gives. Waiters are served first come, first served. Used
 * to bound the password hashes a function process runs at once (`domain/identity/passwords.ts`).
 */
export interface SemaphoreLimits {
  /** Holders at once (at least 1). */
  slots: number;
  /** Callers that may wait for a slot; one more is refused at once. */
  queue: number;
}

/** Why a caller got no slot: the queue was full, its wait ran out, or its signal aborted. */
export type Refusal = 'queue-full' | 'timed-out' | 'aborted';

/** Thrown by `acquire` when no slot could be had; `reason` says why. */
export class SlotRefused extends Error {
  override name = 'SlotRefused';
  constructor(readonly reason: Refusal) {
    super(`No slot: ${reason}`);
  }
}

interface Waiter {
  grant(): void;
}

export class Semaphore {
  private held = 0;
  private readonly waiters: Waiter[] = [];
  readonly slots: number;
  readonly queue: number;

  constructor(limits: SemaphoreLimits) {
    this.slots = Math.max(1, Math.floor(limits.slots));
    this.queue = Math.max(0, Math.floor(limits.queue));
  }

  /** Holders now. */
  get running(): number {
    return this.held;
  }

  /** Callers waiting now. */
  get waiting(): number {
    return this.waiters.length;
  }

  /**
   * Waits at most `waitMs` for a slot and answers its release (call it once, in a `finally`).
   * Rejects with `SlotRefused`: `queue-full` at once when the queue is full (or `waitMs` ≤ 0 and
   * no slot is free), `timed-out` after `waitMs`, `aborted` when `signal` aborts first.
   */
  acquire(waitMs: number, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new SlotRefused('aborted'));
    if (this.held < this.slots && this.waiters.length === 0) {
      this.held++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiters.length >= this.queue || waitMs <= 0) {
      return Promise.reject(new SlotRefused(waitMs <= 0 ? 'timed-out' : 'queue-full'));
    }
    return new Promise((resolve, reject) => {
      const leave = (reason: Refusal) => {
        const at = this.waiters.indexOf(waiter);
        if (at >= 0) this.waiters.splice(at, 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        reject(new SlotRefused(reason));
      };
      const onAbort = () => leave('aborted');
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(this.releaser());
        },
      };
      const timer = setTimeout(() => leave('timed-out'), waitMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Runs `work` holding a slot (see `acquire`); the slot is given back however `work` ends. */
  async run<T>(waitMs: number, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(waitMs, signal);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** A release that works once: the slot passes to the first waiter, or is freed. */
  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next.grant();
      else this.held--;
    };
  }
}
