/**
 * The claim store in process memory (local mode without `KV_PATH`): the
 * contract every claim store keeps (`_claim_store_contract.ts`), and that
 * its records expire as KV's do.
 */
import assert from "node:assert/strict";
import { MemoryClaimSpace, MemoryClaimStore } from "../../../lib/payments/memory_claims.ts";
import { claimStoreContract, held } from "./_claim_store_contract.ts";

Deno.test("MemoryClaimStore: the claim store contract", async (t) => {
  let space = new MemoryClaimSpace();
  await claimStoreContract(t, {
    reset: () => Promise.resolve(void (space = new MemoryClaimSpace())),
    open: (options) => Promise.resolve(new MemoryClaimStore(options, space)),
  });
});

Deno.test("MemoryClaimStore: an in-flight claim its holder never released expires, and the payment buys again", async () => {
  const store = new MemoryClaimStore({ inFlightTtlMs: 40 });
  held(await store.claim("payment-a"));
  assert.equal(await store.claim("payment-a"), "in_flight");
  await new Promise((resolve) => setTimeout(resolve, 60));
  held(await store.claim("payment-a"));
});

Deno.test("MemoryClaimStore: a settled payment whose answer is not kept keeps no settlement, one with it does", async () => {
  const space = new MemoryClaimSpace();
  const store = new MemoryClaimStore({}, space);
  const settlement = { success: true, transaction: "sig", network: "solana:test", payer: "buyer" } as const;
  const answer = new TextEncoder().encode('{"ok":true}');

  const plain = held(await store.claim("payment-plain"));
  await store.settling(plain, { pending: 1 }, answer);
  await store.settle(plain, settlement);
  const record = space.claims.get("payment-plain")!.value;
  assert.equal(record.state, "settled");
  assert.equal("settlement" in record, false);
  assert.equal(space.answers.has("payment-plain"), false);
  assert.equal(await store.claim("payment-plain"), "settled");

  const kept = held(await store.claim("payment-kept"));
  await store.settling(kept, { pending: 1 }, answer);
  await store.settle(kept, settlement, true);
  assert.deepEqual(await store.claim("payment-kept"), { answer, settlement });
});
