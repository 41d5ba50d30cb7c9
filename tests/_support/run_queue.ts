/**
 * How long the thread running this JavaScript has waited, runnable, for a
 * core (the kernel's run-queue wait, from `/proc/thread-self/schedstat`).
 * A bound on how long our own code held the event loop subtracts this from
 * the wall time: on a machine whose cores are taken by other work, that wait
 * can be seconds that no code of ours spent.
 *
 * @module
 */

/** Milliseconds the JavaScript thread has spent runnable but not running since it started. */
export function runQueueWaitMs(): number {
  // Read synchronously, so by this very thread (under `deno test` it is not the one whose id is the process
  // id); the second field is the run-queue wait in nanoseconds.
  const fields = Deno.readTextFileSync("/proc/thread-self/schedstat").trim().split(/\s+/);
  return Number(fields[1]) / 1e6;
}

/**
 * Runs `work` and returns how long it took less the time this thread
 * waited for a core meanwhile: the time the work held this thread or waited
 * on something other than the scheduler (I/O, timers, other threads' answers).
 */
export async function timedWithoutRunQueue(work: () => Promise<unknown>): Promise<number> {
  const waitBefore = runQueueWaitMs();
  const started = performance.now();
  await work();
  return performance.now() - started - (runQueueWaitMs() - waitBefore);
}
