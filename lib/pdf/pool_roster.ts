/**
 * The worker threads of a PDF pool: at most `workers` alive, started on
 * demand, parked idle for `idleMs` before they stop, and handed to whoever
 * waits when a conversion gives one back. Helpers (threads beyond the first
 * of a conversion) start only while the pool is quiet: starting a thread
 * holds the main thread for a few hundred milliseconds.
 *
 * @module
 */
import { IdleKeeper } from "../shared/idle_keeper.ts";
import { startThread, type Thread } from "./pool_thread.ts";

/** A helper thread of a conversion, and its opening of the document. */
export interface Helper {
  thread: Thread;
  opened: Promise<unknown>;
}

/** What a roster is built from: the pool's size, heap ceiling and idle time, and whether it is quiet. */
export interface RosterOptions {
  /** Threads alive at most. */
  workers: number;
  /** JS heap ceiling of each thread, in MB. */
  heapMb: number;
  /** A thread idle this long (ms) is stopped. */
  idleMs: number;
  /** How long (ms) to wait between looks for a quiet moment to start a missing thread. */
  quietMs: number;
  /** Whether no conversion runs now. */
  quiet(): boolean;
}

/** The threads of a pool, and how a conversion takes and gives them back. No thread starts before one is asked for. */
export class ThreadRoster {
  /** Threads alive at most. */
  readonly size: number;
  readonly #options: RosterOptions;
  readonly #idle: IdleKeeper<Thread>;
  readonly #waiters: Array<(thread: Thread) => void> = [];
  #live = 0;
  #started = 0;
  #warming: ReturnType<typeof setTimeout> | undefined;

  constructor(options: RosterOptions) {
    this.#options = options;
    this.size = Math.max(1, Math.floor(options.workers));
    this.#idle = new IdleKeeper({ idleMs: options.idleMs, retire: (thread) => thread.terminate() });
  }

  /** Threads alive now, and started since creation. */
  get stats(): { live: number; started: number } {
    return { live: this.#live, started: this.#started };
  }

  #spawn(): Thread {
    this.#live++;
    this.#started++;
    return startThread(this.#options.heapMb, () => this.#live--);
  }

  /** An idle live thread, if there is one. */
  idleThread(): Thread | undefined {
    return this.#idle.take((thread) => !thread.dead);
  }

  /** An idle or new thread, if one is free now. */
  #tryAcquire(): Thread | undefined {
    return this.idleThread() ?? (this.#live < this.size ? this.#spawn() : undefined);
  }

  /** Keeps a thread idle until it is wanted or has idled `idleMs`. */
  #park(thread: Thread) {
    this.#idle.keep(thread);
  }

  /**
   * Starts a thread idle, loading pdf.js before any work it is handed (which
   * waits for that); resolves once pdf.js is loaded or the thread has died.
   */
  #startReady(): Promise<void> {
    const thread = this.#spawn();
    this.#park(thread);
    return thread.request({ type: "warm" }).then(() => {}, () => {});
  }

  /** Starts missing threads idle; resolves once each has loaded pdf.js. */
  async warm(): Promise<void> {
    const ready: Promise<void>[] = [];
    while (this.#live < this.size) ready.push(this.#startReady());
    await Promise.all(ready);
  }

  /**
   * Starts the missing helpers once no conversion runs, one per `quietMs` (a second by default):
   * starting a thread holds this thread for a few hundred milliseconds, which
   * a conversion in flight, or a second start right after, would add to every
   * other request's wait.
   */
  warmWhenQuiet(): void {
    if (this.#warming !== undefined) return;
    this.#warming = setTimeout(() => {
      this.#warming = undefined;
      if (this.#options.quiet() && this.#live < this.size) this.#park(this.#spawn());
      if (this.#live < this.size) this.warmWhenQuiet();
    }, this.#options.quietMs);
    // The timer itself, not `Number(timer)`: that is no id `unrefTimer` knows, and the timer kept the process.
    Deno.unrefTimer(this.#warming);
  }

  /** A thread, waiting for one when all are busy. */
  acquire(signal: AbortSignal): Promise<Thread> {
    // A conversion stopped before it began takes no thread (nor a place in the queue it would never leave).
    if (signal.aborted) return Promise.reject(signal.reason);
    const thread = this.#tryAcquire();
    if (thread) return Promise.resolve(thread);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.#waiters.splice(this.#waiters.indexOf(wake), 1);
        reject(signal.reason);
      };
      const wake = (next: Thread) => {
        signal.removeEventListener("abort", onAbort);
        resolve(next);
      };
      this.#waiters.push(wake);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  /**
   * A thread of its own for a conversion that borrows memory beyond the
   * pool's share: the idle threads are stopped first and their ends awaited
   * (the heaps they kept go back), then a new thread starts. The caller stops
   * it at the end and hands it back with {@linkcode ThreadRoster.release}.
   */
  async acquireAlone(): Promise<Thread> {
    const stopping = this.#idle.takeAll().map((thread) => {
      thread.terminate();
      return thread.exited;
    });
    await Promise.all(stopping);
    return this.#spawn();
  }

  /** Hands a thread back (one still busy is stopped); a dead one is replaced for whoever waits. */
  release(thread: Thread): void {
    if (thread.busy) thread.terminate();
    const waiter = this.#waiters.shift();
    if (waiter) {
      waiter(thread.dead ? this.#spawn() : thread);
      return;
    }
    if (!thread.dead) this.#park(thread);
  }

  /**
   * Stops using a helper (done, or not needed after all) once it has opened
   * the document: it closes it and is free for the next request, which waits
   * on the thread until the close is done. With `stop`, the thread ends
   * instead and a new one starts once the pool is quiet: a helper done with
   * a large document (`LARGE_DOCUMENT_PAGES`) would otherwise stand, pdf.js
   * and all (some 55 MB on the R reference manual), beside the peak of the
   * worker finishing it.
   */
  dismiss(helper: Helper, used: Thread[], stop = false): void {
    used.splice(used.indexOf(helper.thread), 1);
    helper.opened.catch(() => {}).finally(() => {
      if (stop) {
        helper.thread.terminate();
        this.warmWhenQuiet();
      } else {
        helper.thread.post({ type: "close" });
      }
      this.release(helper.thread);
    });
  }

  /** Stops every idle thread and timer; threads in use end with their conversions. */
  close(): void {
    clearTimeout(this.#warming);
    for (const thread of this.#idle.takeAll()) thread.terminate();
  }
}
