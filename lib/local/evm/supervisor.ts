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
  const {
    probeIntervalMs = 2_000,
    probeTimeoutMs = 1_000,
    missedProbes = 2,
    backoffMs = DEFAULT_BACKOFF_MS,
    restartDelayMs = 0,
    onEvent = () => {},
  } = options;
  let current: T | undefined = first;
  let stopped = false;
  let restarts = 0;
  let missed = 0;
  let lastFailure: SupervisorStatus["lastFailure"];
  let startError: string | undefined;
  let waiters: ((process: T) => void)[] = [];
  let busy: Promise<unknown> = Promise.resolve();

  function watch(process: T): void {
    process.exited.then(() => {
      if (current === process) fail(process, `the process (pid ${process.pid}) exited`);
    });
  }

  function fail(process: T, reason: string): void {
    if (stopped || current !== process) return;
    current = undefined;
    missed = 0;
    lastFailure = { reason, at: new Date().toISOString() };
    onEvent({ type: "down", reason, restarts });
    busy = restart(process, reason);
  }

  async function restart(dead: T, reason: string): Promise<void> {
    await dead.stop().catch(() => {});
    if (restartDelayMs > 0) await sleep(restartDelayMs);
    for (let attempt = 0; !stopped; attempt++) {
      try {
        const process = await start();
        if (stopped) {
          await process.stop();
          return;
        }
        restarts++;
        startError = undefined;
        current = process;
        watch(process);
        onEvent({ type: "up", reason, restarts });
        for (const resolve of waiters) resolve(process);
        waiters = [];
        return;
      } catch (error) {
        startError = error instanceof Error ? error.message : String(error);
        onEvent({ type: "start_failed", reason: startError, restarts });
        await sleep(backoffMs[Math.min(attempt, backoffMs.length - 1)] ?? 1_000);
      }
    }
  }

  async function probe(): Promise<void> {
    const process = current;
    if (!process || stopped) return;
    try {
      await process.probe(AbortSignal.timeout(probeTimeoutMs));
      missed = 0;
    } catch {
      if (++missed >= missedProbes) fail(process, `the process (pid ${process.pid}) stopped answering`);
    }
  }

  const timer = setInterval(() => {
    busy = Promise.all([busy, probe()]);
  }, probeIntervalMs);
  Deno.unrefTimer(timer);
  watch(first);

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const id = setTimeout(resolve, ms);
      Deno.unrefTimer(id);
    });
  }

  return {
    current: () => current,
    status: () => ({
      state: stopped ? "stopped" : current ? "up" : "restarting",
      ...(current ? { pid: current.pid } : {}),
      restarts,
      ...(lastFailure ? { lastFailure } : {}),
      ...(startError ? { startError } : {}),
    }),
    up: () => current ? Promise.resolve(current) : new Promise((resolve) => waiters.push(resolve)),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await busy.catch(() => {});
      const process = current;
      current = undefined;
      await process?.stop();
    },
  };
}
