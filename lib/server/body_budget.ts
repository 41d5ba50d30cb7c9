/**
 * The memory budget of request bodies in flight, across every route and MCP:
 * a request reserves its declared size before its body is read and gives it
 * back when its answer is sent; one that does not fit is refused unread. A
 * body of unknown size (chunked) reserves a step and grows its reservation as
 * it arrives, so that it holds only what it sent.
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
   * Reserves `initial` bytes for a body of unknown size, to grow by at least
   * `step` at a time as it arrives; undefined when even `initial` does not fit.
   */
  tryReserveGrowing(initial: number, step: number): GrowingReservation | undefined {
    const first = this.tryReserve(initial);
    if (!first) return undefined;
    const releases = [first];
    let held = initial;
    return {
      grow: (total) => {
        if (total <= held) return true;
        const more = Math.max(total - held, step);
        const release = this.tryReserve(more);
        if (!release) return false;
        releases.push(release);
        held += more;
        return true;
      },
      release: () => {
        for (const release of releases) release();
      },
    };
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

/** A reservation that grows with a body as it arrives. */
export interface GrowingReservation {
  /** Grows the reservation to hold `total` bytes; false when the budget cannot. */
  grow(total: number): boolean;
  /** Gives everything back (once). */
  release(): void;
}
