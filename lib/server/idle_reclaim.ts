/**
 * Giving memory back once the service goes quiet. V8 grows its heap while
 * the service starts and while it serves a burst, and left alone it shrinks
 * it again only slowly (its own memory reducer waits, then collects in small
 * steps). An idle service holds that garbage for tens of seconds: 20–25 MB
 * in local mode just after start.
 *
 * A timer (unref'd: it never keeps the process alive) reads the process's
 * CPU time once a second. The first second in which the process stayed
 * quiet after it had worked (started up, or served requests) triggers one
 * full garbage collection; then nothing until the process works again. The
 * request path is untouched: nothing is counted per request, and a
 * collection runs only after a whole quiet second, never during a burst.
 *
 * The collection is V8's `gc()`, reached by setting `--expose-gc` at run
 * time and reading `gc` from a fresh context (the main one was made before
 * the flag). A host that refuses this gets no reclaimer and runs as before.
 *
 * @module
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { cpuUsage } from "node:process";

/** How often the process's CPU time is read, in ms. */
const CHECK_MS = 1_000;
/** A check interval in which the process used less CPU than this share of it counts as quiet. */
const QUIET_CPU_SHARE = 0.02;

/** Options for {@linkcode startIdleReclaim}; the defaults are the real ones, tests inject their own. */
export interface IdleReclaimOptions {
  /** Runs a full collection (default: V8's `gc()`, when it can be reached). */
  collect?: () => void;
  /** The process's CPU time so far, in µs (default: user + system of `process.cpuUsage()`). */
  cpuMicros?: () => number;
  /** How often to look, in ms (default 1 s). */
  checkMs?: number;
  /** Called after each collection with its duration in ms (e.g. to log it). */
  onCollect?: (durationMs: number) => void;
}

/** A running reclaimer. */
export interface IdleReclaim {
  /** How many collections it ran so far. */
  readonly collections: number;
  /** Stops it; calling it again does nothing. */
  stop(): void;
}

/**
 * Starts the reclaimer, or returns `undefined` when the runtime offers no
 * way to collect (then the service runs as it would without it).
 *
 * @example
 * ```ts
 * const reclaim = startIdleReclaim();
 * // ... serve; at shutdown:
 * reclaim?.stop();
 * ```
 */
export function startIdleReclaim(options: IdleReclaimOptions = {}): IdleReclaim | undefined {
  const collect = options.collect ?? fullCollection();
  if (!collect) return undefined;
  const cpuMicros = options.cpuMicros ?? processCpuMicros;
  const checkMs = options.checkMs ?? CHECK_MS;
  const quietMicros = checkMs * 1_000 * QUIET_CPU_SHARE;
  let collections = 0;
  // Starting up was work: the first quiet interval after it collects.
  let workedSinceCollection = true;
  let lastCpu = cpuMicros();
  const timer = setInterval(() => {
    const now = cpuMicros();
    const used = now - lastCpu;
    lastCpu = now;
    if (used >= quietMicros) {
      workedSinceCollection = true;
      return;
    }
    if (!workedSinceCollection) return;
    const started = performance.now();
    try {
      collect();
    } catch {
      return; // A collection refused now may succeed after the next burst.
    }
    workedSinceCollection = false;
    collections++;
    // The collection's own CPU time is not work to collect after.
    lastCpu = cpuMicros();
    options.onCollect?.(performance.now() - started);
  }, checkMs);
  Deno.unrefTimer(timer);
  let stopped = false;
  return {
    get collections() {
      return collections;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
    },
  };
}

/**
 * V8's full, synchronous garbage collection, or `undefined` when this
 * runtime does not let it be reached (flags frozen, `node:vm` missing).
 */
export function fullCollection(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === "function") return exposed as () => void;
  try {
    setFlagsFromString("--expose-gc");
    const gc: unknown = runInNewContext("gc");
    return typeof gc === "function" ? gc as () => void : undefined;
  } catch {
    return undefined;
  }
}

function processCpuMicros(): number {
  const { user, system } = cpuUsage();
  return user + system;
}
