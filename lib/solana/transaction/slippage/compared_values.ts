/**
 * Anchor's comparison checks (`require_gte!`, `require_gt!` and kin) log the
 * two values they compared right after the error: `Left: 1000000000` then
 * `Right: 1015188724`. For a slippage error one of them is the sender's bound
 * and the other the amount the pool would give or take; which is which is
 * read from the instruction's bound when known, and otherwise from the side
 * alone (a failed minimum means the actual amount is the smaller one).
 *
 * @module
 */
import type { BoundSide, StatedAmounts } from "./types.ts";

const LEFT = /^Program log: Left: (\d{1,20})$/;
const RIGHT = /^Program log: Right: (\d{1,20})$/;

/** The last `Left:`/`Right:` pair of numbers a frame logged, or `null`. */
export function comparedValues(lines: readonly string[]): [bigint, bigint] | null {
  for (let i = lines.length - 2; i >= 0; i--) {
    const left = lines[i]!.match(LEFT);
    const right = lines[i + 1]!.match(RIGHT);
    if (left && right) return [BigInt(left[1]!), BigInt(right[1]!)];
  }
  return null;
}

/**
 * The bound and the actual amount from a compared pair: the value equal to
 * the instruction's `bound` is the bound; without one, the side decides.
 */
export function boundAndActual(
  pair: readonly [bigint, bigint],
  side: BoundSide | null,
  bound: bigint | null,
): StatedAmounts | null {
  const [left, right] = pair;
  if (bound !== null && (left === bound) !== (right === bound)) {
    return { source: "log", bound, actual: left === bound ? right : left };
  }
  if (!side || left === right) return null;
  const [low, high] = left < right ? [left, right] : [right, left];
  return side === "min_out"
    ? { source: "log", side, bound: high, actual: low }
    : { source: "log", side, bound: low, actual: high };
}

/**
 * The bound and actual amount of a compared pair for a program no decoder
 * reads: the value the instruction's own data carries (as a little-endian
 * u64 anywhere in it) is the bound the sender set, the other is what the
 * pool came to; since the check failed, a bound below the actual is a
 * maximum in, above it a minimum out. `null` unless exactly one value is in
 * the data.
 *
 * @example
 * ```ts
 * boundInData([252500001n, 305837148n], data); // { source: "log", side: "max_in", bound: 252500001n, … }
 * ```
 */
export function boundInData(pair: readonly [bigint, bigint], data: Uint8Array | null): StatedAmounts | null {
  if (!data || pair[0] === pair[1]) return null;
  const carried = pair.map((value) => carries(data, value));
  if (carried[0] === carried[1]) return null;
  const [bound, actual] = carried[0] ? pair : [pair[1], pair[0]];
  return { source: "log", side: bound < actual ? "max_in" : "min_out", bound, actual };
}

function carries(data: Uint8Array, value: bigint): boolean {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let offset = 0; offset + 8 <= data.length; offset++) {
    if (view.getBigUint64(offset, true) === value) return true;
  }
  return false;
}
