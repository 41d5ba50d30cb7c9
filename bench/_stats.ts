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

/** The least-squares line through `points` (`[x, y]` pairs): its slope and its value at x = 0. */
export function lineFit(points: [number, number][]): { slope: number; intercept: number } {
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const spread = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  const slope = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0) / spread;
  return { slope, intercept: meanY - slope * meanX };
}
