/**
 * Money read back from the chain, for the tests that pay a service process:
 * the seller's and a buyer's USDC before the calls, then that each moved by
 * the price exactly once, and that the settlement log accounts for the one
 * charge.
 *
 * @module
 */
import assert from "node:assert/strict";

/** Where the money is read: an address's USDC on the chain, and the seller's address. */
export interface Ledger {
  balance(address: string): bigint;
  readonly payTo: string;
}

/** The seller's and `buyer`'s USDC on the chain now, to compare with after the calls. */
export function balancesNow(ledger: Ledger, buyer: string) {
  return { buyer, buyerUsdc: ledger.balance(buyer), sellerUsdc: ledger.balance(ledger.payTo) };
}

/**
 * Asserts, from the chain, that the seller received `price` once since
 * `before` and the buyer paid it once; with `logs` (the log lines of the
 * process that served), that its settlement log accounts for exactly one
 * charge too.
 */
export function assertChargedOnce(
  ledger: Ledger,
  before: ReturnType<typeof balancesNow>,
  price: bigint,
  logs?: readonly Record<string, unknown>[],
): void {
  assert.equal(ledger.balance(ledger.payTo) - before.sellerUsdc, price, "the seller is paid once");
  assert.equal(before.buyerUsdc - ledger.balance(before.buyer), price, "the buyer pays once");
  if (!logs) return;
  const charges = logs.filter((event) => event.type === "settlement" && event.success);
  assert.equal(charges.length, 1, "the settlement log accounts for the one charge");
}
