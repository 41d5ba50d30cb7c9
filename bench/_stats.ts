/**
 * Small helpers shared by the bench scripts.
 *
 * @module
 */

/** Milliseconds taken by `job`. */
export async function time(job: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await job();
  return performance.now() - started;
}

/** The `q` quantile (0..1) of `values`, nearest rank from below. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}
