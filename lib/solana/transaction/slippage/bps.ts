/**
 * Basis-point arithmetic on exact raw amounts: how far a price moved, and the
 * smallest slippage setting a router's check would have let through.
 *
 * @module
 */
import type { BoundSide } from "./types.ts";

const BPS = 10_000n;

/**
 * How far `actual` is from `reference`, in basis points of `reference`,
 * positive when against the sender (less out, or more in), to 0.01 bps.
 *
 * @example
 * ```ts
 * moveBps("min_out", 200000n, 37496n); // 8125.2
 * ```
 */
export function moveBps(side: BoundSide, reference: bigint, actual: bigint): number | null {
  if (reference <= 0n) return null;
  const diff = side === "min_out" ? reference - actual : actual - reference;
  const hundredths = diff * BPS * 100n;
  const rounded = (hundredths + (hundredths >= 0n ? reference / 2n : -reference / 2n)) / reference;
  return Number(rounded) / 100;
}

/**
 * The smallest whole slippage setting (bps) at which a bound computed from
 * `quoted` (rounded down, as routers do) lets `actual` through: `quoted ×
 * (10000 − s) / 10000 ≤ actual` for a minimum out, `quoted × (10000 + s) /
 * 10000 ≥ actual` for a maximum in.
 *
 * @example
 * ```ts
 * minSlippageBps("min_out", 1000n, 990n); // 100
 * ```
 */
export function minSlippageBps(side: BoundSide, quoted: bigint, actual: bigint): number | null {
  if (quoted <= 0n) return null;
  const passes = (bps: bigint) =>
    side === "min_out" ? quoted * (BPS - bps) / BPS <= actual : quoted * (BPS + bps) / BPS >= actual;
  const gap = side === "min_out" ? quoted - actual : actual - quoted;
  if (gap <= 0n) return 0;
  let bps = (gap * BPS + quoted - 1n) / quoted;
  if (side === "min_out" && bps > BPS) return null;
  while (bps > 0n && passes(bps - 1n)) bps--;
  return Number(bps);
}
