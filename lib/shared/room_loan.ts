/**
 * The audio jobs' room, lent to one PDF conversion at a time: audio jobs use
 * it together, a borrowing conversion alone (the memory plan, `pdf/service.ts`).
 * A conversion waiting for it holds new audio jobs back, so a stream of them
 * cannot keep it waiting for ever; an audio job waiting for it keeps its
 * gate's slot, so audio jobs past the gate's queue get its 503 before any
 * charge, as when audio is busy.
 *
 * @module
 */

/** The room one kind of work may use while the other does not. */
export class RoomLoan {
  #users = 0;
  #lent = false;
  #borrowersWaiting = 0;
  #wakers: Array<() => void> = [];

  /** Audio jobs using the room now. */
  get users(): number {
    return this.#users;
  }

  /** Whether a conversion holds the room now. */
  get lent(): boolean {
    return this.#lent;
  }

  #wake() {
    for (const wake of this.#wakers.splice(0)) wake();
  }

  async #waitUntil(ready: () => boolean, signal?: AbortSignal): Promise<void> {
    while (!ready()) {
      signal?.throwIfAborted();
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          this.#wakers.splice(this.#wakers.indexOf(wake), 1);
          reject(signal?.reason);
        };
        const wake = () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        };
        this.#wakers.push(wake);
        signal?.addEventListener("abort", onAbort, { once: true });
      });
    }
  }

  /** Runs `job` as a user of the room, once no conversion holds it or waits for it. */
  async use<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.#waitUntil(() => !this.#lent && this.#borrowersWaiting === 0, signal);
    this.#users++;
    try {
      return await job();
    } finally {
      this.#users--;
      this.#wake();
    }
  }

  /** Runs `job` holding the room alone, once no user and no other conversion holds it. */
  async borrow<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    this.#borrowersWaiting++;
    try {
      await this.#waitUntil(() => !this.#lent && this.#users === 0, signal);
    } finally {
      this.#borrowersWaiting--;
      this.#wake(); // users held back by a conversion that left while it waited go on
    }
    this.#lent = true;
    try {
      return await job();
    } finally {
      this.#lent = false;
      this.#wake();
    }
  }
}
