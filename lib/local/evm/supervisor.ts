/**
 * Keeps an embedded chain process alive: notices when it exits (its exit
 * promise) or stops answering (a periodic probe, a few misses in a row),
 * reports it as down, kills what is left of it and starts a new one, with a
 * growing pause between failed starts. While it is down, {@linkcode Supervisor.current}
 * is `undefined` so callers refuse work instead of sending it to a dead node.
 *
 * A restart is a new chain: whatever the old process held only in memory is
 * gone. The status says so, with the time and reason of the last restart, so
 * it can be reported rather than discovered.
 *
 * @module
 */

/** A process being supervised. */
export interface SupervisedProcess {
  /** Resolves when the process has exited, for whatever reason. */
  readonly exited: Promise<void>;
  /** Its process id, for diagnostics. */
  readonly pid: number;
  /** Resolves when the process answers, rejects when it does not (within `signal`). */
  probe(signal: AbortSignal): Promise<void>;
  /** Stops it and waits for it to exit. */
  stop(): Promise<void>;
}

/** Where the supervised chain stands. */
export interface SupervisorStatus {
  /** `up`: serving; `restarting`: down, a new process is being started. */
  readonly state: "up" | "restarting" | "stopped";
  /** The running process's id, while up. */
  readonly pid?: number;
  /** Restarts so far. */
  readonly restarts: number;
  /** Why and when the last restart happened, when there was one. */
  readonly lastFailure?: { readonly reason: string; readonly at: string };
  /** The last failed start, while restarting. */
  readonly startError?: string;
}

/** Options for {@linkcode supervise}. */
export interface SupervisorOptions {
  /** Pause between probes, ms (default 2 s). */
  probeIntervalMs?: number;
  /** Time budget of one probe, ms (default 1 s). */
  probeTimeoutMs?: number;
  /** Missed probes in a row that count as dead (default 2). */
  missedProbes?: number;
  /** Pause between noticing the death and the first start attempt, ms (default 0). */
  restartDelayMs?: number;
  /** Pauses after successive failed start attempts, ms; the last repeats (default 250 ms up to 10 s). */
  backoffMs?: readonly number[];
  /** Told about each death and restart (for the log). */
  onEvent?: (event: { type: "down" | "up" | "start_failed"; reason: string; restarts: number }) => void;
}

/** A supervised process and its status. */
export interface Supervisor<T extends SupervisedProcess> {
  /** The running process, or `undefined` while it is down. */
  current(): T | undefined;
  /** The current status. */
  status(): SupervisorStatus;
  /** Resolves when the chain is next up (at once when it is). */
  up(): Promise<T>;
  /** Stops supervising and stops the process. */
  stop(): Promise<void>;
}

const DEFAULT_BACKOFF_MS = [250, 1_000, 2_000, 5_000, 10_000] as const;

/** {@linkcode SupervisorOptions} with every default filled in. */
type Settings = Required<SupervisorOptions>;

/**
 * Supervises `first`, replacing it through `start` whenever it dies.
 *
 * @example
 * ```ts
 * const supervisor = supervise(await startNode(), startNode);
 * supervisor.current()?.rpcUrl; // undefined while down
 * ```
 */
export function supervise<T extends SupervisedProcess>(
  first: T,
  start: () => Promise<T>,
  options: SupervisorOptions = {},
): Supervisor<T> {
  return new Supervision(first, start, withDefaults(options));
}

/** Fills in the defaults of the options left out. */
function withDefaults(options: SupervisorOptions): Settings {
  const {
    probeIntervalMs = 2_000,
    probeTimeoutMs = 1_000,
    missedProbes = 2,
    backoffMs = DEFAULT_BACKOFF_MS,
    restartDelayMs = 0,
    onEvent = () => {},
  } = options;
  return { probeIntervalMs, probeTimeoutMs, missedProbes, backoffMs, restartDelayMs, onEvent };
}

/**
 * One supervision: the process up now (none while down), the restarts so
 * far, and the probe that runs every {@linkcode SupervisorOptions.probeIntervalMs}
 * until it is stopped. A death and the restart after it run one at a time,
 * chained on `#busy`, which `stop()` waits for.
 */
class Supervision<T extends SupervisedProcess> implements Supervisor<T> {
  readonly #start: () => Promise<T>;
  readonly #settings: Settings;
  readonly #timer: ReturnType<typeof setInterval>;
  #current: T | undefined;
  #stopped = false;
  #restarts = 0;
  #missed = 0;
  #probing = false;
  #lastFailure: SupervisorStatus["lastFailure"];
  #startError: string | undefined;
  #waiters: ((process: T) => void)[] = [];
  #busy: Promise<unknown> = Promise.resolve();

  constructor(first: T, start: () => Promise<T>, settings: Settings) {
    this.#start = start;
    this.#settings = settings;
    this.#current = first;
    this.#timer = setInterval(() => {
      // One probe at a time: misses "in a row" are probes one after another, each given its whole budget, so a
      // stall of a busy machine's healthy process shorter than `missedProbes` budgets never counts as a hang.
      if (this.#probing) return;
      this.#busy = Promise.all([this.#busy, this.#probe()]);
    }, settings.probeIntervalMs);
    Deno.unrefTimer(this.#timer);
    this.#watch(first);
  }

  current(): T | undefined {
    return this.#current;
  }

  status(): SupervisorStatus {
    const current = this.#current;
    return {
      state: this.#stopped ? "stopped" : current ? "up" : "restarting",
      ...(current ? { pid: current.pid } : {}),
      restarts: this.#restarts,
      ...(this.#lastFailure ? { lastFailure: this.#lastFailure } : {}),
      ...(this.#startError ? { startError: this.#startError } : {}),
    };
  }

  up(): Promise<T> {
    const current = this.#current;
    return current ? Promise.resolve(current) : new Promise((resolve) => this.#waiters.push(resolve));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#busy.catch(() => {});
    const process = this.#current;
    this.#current = undefined;
    await process?.stop();
  }

  #watch(process: T): void {
    process.exited.then(() => {
      if (this.#current === process) this.#fail(process, `the process (pid ${process.pid}) exited`);
    });
  }

  #fail(process: T, reason: string): void {
    if (this.#stopped || this.#current !== process) return;
    this.#current = undefined;
    this.#missed = 0;
    this.#lastFailure = { reason, at: new Date().toISOString() };
    this.#settings.onEvent({ type: "down", reason, restarts: this.#restarts });
    this.#busy = this.#restart(process, reason);
  }

  async #restart(dead: T, reason: string): Promise<void> {
    const { restartDelayMs, backoffMs, onEvent } = this.#settings;
    await dead.stop().catch(() => {});
    if (restartDelayMs > 0) await sleep(restartDelayMs);
    for (let attempt = 0; !this.#stopped; attempt++) {
      try {
        const process = await this.#start();
        if (this.#stopped) {
          await process.stop();
          return;
        }
        this.#restarts++;
        this.#startError = undefined;
        this.#current = process;
        this.#watch(process);
        onEvent({ type: "up", reason, restarts: this.#restarts });
        for (const resolve of this.#waiters) resolve(process);
        this.#waiters = [];
        return;
      } catch (error) {
        this.#startError = error instanceof Error ? error.message : String(error);
        onEvent({ type: "start_failed", reason: this.#startError, restarts: this.#restarts });
        await sleep(backoffMs[Math.min(attempt, backoffMs.length - 1)] ?? 1_000);
      }
    }
  }

  async #probe(): Promise<void> {
    const process = this.#current;
    if (!process || this.#stopped) return;
    this.#probing = true;
    try {
      await process.probe(AbortSignal.timeout(this.#settings.probeTimeoutMs));
      this.#missed = 0;
    } catch {
      if (process === this.#current && ++this.#missed >= this.#settings.missedProbes) {
        this.#fail(process, `the process (pid ${process.pid}) stopped answering`);
      }
    } finally {
      this.#probing = false;
    }
  }
}

/** Resolves after `ms`, on a timer that does not keep the process alive. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const id = setTimeout(resolve, ms);
    Deno.unrefTimer(id);
  });
}
