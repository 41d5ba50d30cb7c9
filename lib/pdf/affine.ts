/**
 * Affine matrices `[a b c d e f]`, as PDF and pdf.js write them. Text
 * extraction, painted shapes and drawn spaces each carry a point through a
 * page's transforms; they multiply matrices the one way spelled here.
 *
 * @module
 */

/** Multiplies affine matrices `[a b c d e f]`: the result applies `n` first, then `m`. */
export function multiply(m: readonly number[], n: readonly number[]): number[] {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = m;
  const [p = 0, q = 0, r = 0, s = 0, t = 0, u = 0] = n;
  return [a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f];
}
