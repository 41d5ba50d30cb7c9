/**
 * A bound on how long the facilitator may take to answer: past it, the
 * caller gets a rejection it can treat as "no answer".
 *
 * @module
 */

/** `work`, or a rejection once `ms` have passed without its answer (`what` names the answer awaited). */
export function withinTime<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the facilitator gave no ${what} answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
