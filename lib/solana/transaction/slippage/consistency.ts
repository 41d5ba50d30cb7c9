/**
 * The guard every slippage answer passes before it states numbers: a bound
 * the sender set must be above zero (no output falls below a minimum of 0, so
 * a zero bound is not the check that failed), and an actual amount must lie
 * past the bound the way the failure says (below a minimum out, above a
 * maximum in). Numbers that fail it are read from the wrong place or belong
 * to another check; the answer then gives none and says why.
 *
 * @module
 */
import type { SlippageNumbers } from "./types.ts";

/**
 * Why these numbers cannot be those of the failed check, or `null` when they
 * agree with it.
 *
 * @example
 * ```ts
 * inconsistency({ side: "min_out", bound: { amount: "0", source: "instruction" }, actual: null, … });
 * // "the minimum out read from the instruction is 0, which no output can fall below: …"
 * ```
 */
export function inconsistency(numbers: SlippageNumbers): string | null {
  const { side, bound, actual } = numbers;
  const boundName = side === "min_out" ? "minimum out" : "maximum in";
  if (BigInt(bound.amount) <= 0n) {
    if (side === "max_in") {
      return `the ${boundName} read from the ${bound.source} is 0, so it is not a bound the sender set`;
    }
    // A zero output against a zero minimum: the amount in buys nothing at this price.
    const why = actual && BigInt(actual.amount) === 0n
      ? " (the swap gave no output at all: the amount in is too small for any output at this price)"
      : "";
    return `the ${boundName} read from the ${bound.source} is 0, which no output can fall below, so the check that ` +
      `failed is not a bound the sender set${why}`;
  }
  if (!actual) return null;
  const [limit, amount] = [BigInt(bound.amount), BigInt(actual.amount)];
  const crossed = side === "min_out" ? amount < limit : amount > limit;
  if (crossed) return null;
  return `the amount read from the ${actual.source} (${actual.amount}) is ${
    side === "min_out" ? "not below" : "not above"
  } the ${boundName} read from the ${bound.source} (${bound.amount}), so they do not describe the check that failed`;
}
