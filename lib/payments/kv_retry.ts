/**
 * Deno KV over one SQLite file shared by several processes (replicas on one
 * host) answers "database is locked" while another process writes. Such a
 * write is tried again after a short, growing, jittered pause; if the store
 * stays busy past the budget the caller gets a 503, never a 500.
 *
 * @module
 */
import { UnavailableError } from "../shared/errors.ts";

/** How long a KV operation may keep retrying a busy store, in ms. */
export const KV_BUSY_BUDGET_MS = 3_000;

/** Whether `error` is SQLite's busy answer, which a retry resolves. */
export function isBusy(error: unknown): boolean {
  return error instanceof Error && /database is (locked|busy)/i.test(error.message);
}

/** Runs `operation`, retrying while the store is busy, for at most `budgetMs`. */
export async function retryWhileBusy<T>(
  operation: () => Promise<T>,
  budgetMs = KV_BUSY_BUDGET_MS,
): Promise<T> {
  const deadline = performance.now() + budgetMs;
  for (let attempt = 0;; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (performance.now() >= deadline) {
        throw new UnavailableError("The payment claim store is busy: try again shortly", {
          cause: error,
          retryAfterSeconds: 1,
        });
      }
      const pause = Math.min(100, 2 ** attempt) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
