/**
 * Deadlines of many calls under one timer per length. Every paid request
 * sets two deadlines it almost never reaches (its handler's budget and its
 * settlement's bound) and ends both within milliseconds; a runtime timer for
 * each (`setTimeout`, then `clearTimeout`: the `node:timers` layer of the
 * runtime, an object and two calls into its timer queue) cost 12–25 µs a
 * pair in place, against 2–4 µs here. Deadlines of one length fall due in
 * the order they were set, so each length keeps its own in that order, with
 * one timer set for the first: setting one is adding it at the end, ending one
 * is deleting it, and the timer, when it fires, calls those due and is set
 * again for the next.
 *
 * @module
 */

/** A deadline waiting in its queue: when it falls due (`performance.now()`) and what it calls then. */
interface Waiting {
  readonly due: number;
  readonly fire: () => void;
}

/** The deadlines of one length, in the order they fall due, and the timer set for the first. */
interface Queue {
  readonly ms: number;
  readonly keepsAlive: boolean;
  readonly waiting: Set<Waiting>;
  timer?: ReturnType<typeof setTimeout>;
  /** Whether the timer holds the process open now (only a queue that keeps it alive, while it waits on any). */
  holding: boolean;
}

/** Options for {@linkcode onDeadline}. */
export interface DeadlineOptions {
  /**
   * Whether the deadline holds the process open while it waits, as a plain
   * `setTimeout` does (by default it does not, as `AbortSignal.timeout`'s
   * timer does not).
   */
  keepsAlive?: boolean;
}

/** The longest delay a runtime timer takes (a longer one fires at once): a farther deadline waits in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** The queues with deadlines waiting (or a timer still set), by length; those that hold the process apart. */
const queues = { held: new Map<number, Queue>(), loose: new Map<number, Queue>() };

/**
 * Calls `fire` once `ms` milliseconds have passed, unless the function
 * returned is called first: then nothing of the deadline, `fire` included,
 * stays reachable from it.
 */
export function onDeadline(ms: number, fire: () => void, options: DeadlineOptions = {}): () => void {
  const keepsAlive = options.keepsAlive === true;
  const byLength = keepsAlive ? queues.held : queues.loose;
  let queue = byLength.get(ms);
  if (queue === undefined) {
    queue = { ms, keepsAlive, waiting: new Set(), holding: false };
    byLength.set(ms, queue);
  }
  const waiting: Waiting = { due: performance.now() + ms, fire };
  queue.waiting.add(waiting);
  if (queue.timer === undefined) arm(queue, ms);
  else if (keepsAlive && !queue.holding) hold(queue, true);
  const owner = queue;
  return () => {
    if (owner.waiting.delete(waiting) && owner.waiting.size === 0 && owner.holding) hold(owner, false);
  };
}

/** Sets `queue`'s timer to fire in `delay` ms, holding the process open when the queue keeps it alive. */
function arm(queue: Queue, delay: number): void {
  queue.timer = setTimeout(() => due(queue), Math.min(Math.max(0, Math.ceil(delay)), LONGEST_TIMER_MS));
  queue.holding = true;
  if (!queue.keepsAlive) hold(queue, false);
}

/** Makes `queue`'s timer hold the process open, or let it go. */
function hold(queue: Queue, holding: boolean): void {
  const timer = queue.timer as unknown as number;
  if (holding) Deno.refTimer(timer);
  else Deno.unrefTimer(timer);
  queue.holding = holding;
}

/** Calls the deadlines of `queue` that fell due, in order, and sets the timer for the next one. */
function due(queue: Queue): void {
  queue.timer = undefined;
  queue.holding = false;
  const now = performance.now();
  for (const waiting of queue.waiting) {
    if (waiting.due > now) return arm(queue, waiting.due - now);
    queue.waiting.delete(waiting);
    try {
      waiting.fire();
    } catch (error) {
      // One deadline's failure is not the others': reported as an uncaught error would be, and the rest called.
      reportError(error);
    }
  }
  (queue.keepsAlive ? queues.held : queues.loose).delete(queue.ms);
}
