/**
 * The memory budget of request bodies in flight, across every route and MCP:
 * a request reserves its declared size before its body is read and gives it
 * back when its answer is sent; one that does not fit is refused unread.
 *
 * @module
 */

/** Bytes of request bodies that may be held at once. */
export class BodyBudget {
  readonly limitBytes: number;
  #inFlight = 0;

  constructor(limitBytes: number) {
    this.limitBytes = limitBytes;
  }

  /** Bytes reserved now. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /**
   * Reserves `bytes`; returns the function that gives them back (once), or
   * undefined when they do not fit. A body alone larger than the whole budget
   * never fits.
   */
  tryReserve(bytes: number): (() => void) | undefined {
    if (this.#inFlight + bytes > this.limitBytes) return undefined;
    this.#inFlight += bytes;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.#inFlight -= bytes;
    };
  }
}
