/**
 * A bound on how long the facilitator may take to answer: past it, the
 * caller gets a rejection it can treat as "no answer".
 *
 * @module
 */
import { onDeadline } from "../shared/deadline_queue.ts";

/** `work`, or a rejection once `ms` have passed without its answer (`what` names the answer awaited). */
export function withinTime<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let end = () => {};
  const late = new Promise<never>((_, reject) => {
    // One timer for every bound of this length (see `deadline_queue.ts`); like a plain timer, it holds the
    // process open while it waits, so a facilitator that never answers is still answered for.
    end = onDeadline(
      ms,
      () => reject(new Error(`the facilitator gave no ${what} answer within ${ms} ms`)),
      { keepsAlive: true },
    );
  });
  return Promise.race([work, late]).finally(end);
}
