/**
 * CPU time of another process's main thread, to the nanosecond, for benches
 * that put a server's cost per phase of a call beside its time. `/proc`'s
 * `stat` counts in ticks of 10 ms, summed over all threads, which can only
 * be read over a whole run; the scheduler's own count (`schedstat`) of the
 * main thread (whose id is the process's) can be read around each request,
 * so a phase's cost is its own and not the compiler's or the collector's
 * helper threads'.
 *
 * @module
 */

/** Nanoseconds the main thread of process `pid` has run so far (Linux; `NaN` elsewhere or once it is gone). */
export function mainThreadCpuNs(pid: number): number {
  try {
    return Number(Deno.readTextFileSync(`/proc/${pid}/task/${pid}/schedstat`).split(" ")[0]);
  } catch {
    return Number.NaN;
  }
}
