/**
 * Worker threads kept idle for the next job, a while, then retired. Starting
 * a thread holds the thread that starts it for a moment (hundreds of
 * milliseconds for a PDF worker loading pdf.js), so one done with a job waits
 * for the next; one left idle too long is stopped, and its heap goes back.
 * The PDF pool's roster and the PDF scanner each keep theirs here, with their
 * own idle time and their own bound on how many live.
 *
 * The timers do not hold the process open: a process with nothing left to
 * do but wait for them exits at once, its idle threads with it. Work in
 * flight holds the process itself (a PDF scan or conversion refs its thread
 * while it runs), so a caller that awaits one stays alive through it.
 *
 * @module
 */

/** How a keeper retires what it keeps. */
export interface IdleKeeperOptions<T> {
  /** How long an item is kept idle, in milliseconds, before it is retired. */
  idleMs: number;
  /** Retires an item kept idle for `idleMs` (stops the thread); it is no longer kept by then. */
  retire(item: T): void;
}

/** Idle items (threads), the one kept last handed out first; each retired once idle too long. */
export class IdleKeeper<T> {
  readonly #options: IdleKeeperOptions<T>;
  /** Kept items, oldest first, each with the timer that retires it. */
  readonly #kept = new Map<T, ReturnType<typeof setTimeout>>();

  constructor(options: IdleKeeperOptions<T>) {
    this.#options = options;
  }

  /** Items kept now. */
  get size(): number {
    return this.#kept.size;
  }

  /** Keeps `item` until it is taken, dropped, or retired after `idleMs`. */
  keep(item: T): void {
    this.drop(item);
    const timer = setTimeout(() => {
      this.#kept.delete(item);
      this.#options.retire(item);
    }, this.#options.idleMs);
    // An idle item never holds the process open: one that exits meanwhile simply stops keeping it.
    Deno.unrefTimer(timer);
    this.#kept.set(item, timer);
  }

  /**
   * The item kept last (the most recently used), no longer kept; `undefined`
   * when none is. Items `usable` refuses (a thread that died while idle) are
   * passed over and forgotten.
   */
  take(usable: (item: T) => boolean = () => true): T | undefined {
    for (const item of [...this.#kept.keys()].reverse()) {
      this.drop(item);
      if (usable(item)) return item;
    }
    return undefined;
  }

  /** Stops keeping `item` (it ended on its own); whether it was kept. */
  drop(item: T): boolean {
    const timer = this.#kept.get(item);
    if (timer === undefined) return false;
    clearTimeout(timer);
    return this.#kept.delete(item);
  }

  /** Every kept item, no longer kept, oldest first: for a caller that stops them all at once. */
  takeAll(): T[] {
    const items = [...this.#kept.keys()];
    for (const item of items) this.drop(item);
    return items;
  }
}
