/**
 * Exact arithmetic on raw token amounts: whole tokens as text, shares of a
 * supply.
 */
import assert from "node:assert/strict";
import { formatUnits, shareOf } from "../../../lib/solana/amount.ts";

Deno.test("formatUnits() formats raw amounts exactly, signed, without trailing zeros", () => {
  assert.equal(formatUnits(-3_800_000n, 6), "-3.8");
  assert.equal(formatUnits(1n, 9), "0.000000001");
  assert.equal(formatUnits(18_446_744_073_709_551_615n, 6), "18446744073709.551615");
  assert.equal(formatUnits(500n, 0), "500");
  assert.equal(formatUnits(0n, 6), "0");
});

Deno.test("shareOf() rounds half up to 0.01 % and has no share of nothing", () => {
  assert.equal(shareOf(1n, 3n), 0.3333);
  assert.equal(shareOf(2n, 3n), 0.6667);
  assert.equal(shareOf(5n, 5n), 1);
  assert.equal(shareOf(1n, 0n), null);
});
