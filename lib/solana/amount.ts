/**
 * Exact arithmetic on raw token amounts (u64 as bigint, and the signed
 * differences of two): what a token inspection and a transaction's balance
 * changes both show.
 *
 * @module
 */

/**
 * A raw amount as a decimal string in whole tokens, without rounding.
 *
 * @example
 * ```ts
 * formatUnits(1_234_500n, 6); // "1.2345"
 * formatUnits(5n, 0); // "5"
 * formatUnits(-3_800_000n, 6); // "-3.8"
 * ```
 */
export function formatUnits(raw: bigint, decimals: number): string {
  const negative = raw < 0n;
  const digits = (negative ? -raw : raw).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/**
 * `part / whole` as a fraction from 0 to 1, rounded half up to 4 decimals
 * (0.01 %); `null` when `whole` is 0.
 *
 * @example
 * ```ts
 * shareOf(1n, 3n); // 0.3333
 * ```
 */
export function shareOf(part: bigint, whole: bigint): number | null {
  if (whole <= 0n) return null;
  return Number((part * 20_000n + whole) / (2n * whole)) / 10_000;
}
