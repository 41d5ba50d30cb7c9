/**
 * What every claim store must do, whatever holds it: the same cases run on
 * Deno KV (`claims_test.ts`), on PostgreSQL (`postgres_claims_test.ts`) and in
 * process memory (`memory_claims_test.ts`).
 *
 * @module
 */
import assert from "node:assert/strict";
import type { SettleResponse } from "@x402/core/types";
import type {
  Claim,
  ClaimRefusal,
  ClaimStore,
  ClaimStoreOptions,
  KeptAnswer,
} from "../../../lib/payments/claim_store.ts";

/** How a contract case gets stores: `open` another on the same (emptied) backend; `close` each. */
export interface ClaimStoreBackend {
  open(options?: ClaimStoreOptions): Promise<ClaimStore>;
  /** Empties the backend before each case. */
  reset(): Promise<void>;
}

/** A settlement as a facilitator reports it. */
export const settled = (transaction: string): SettleResponse => ({
  success: true,
  transaction,
  network: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  payer: "Buyer1111111111111111111111111111111111111",
});

/** Narrows a claim result to a held claim, failing the test otherwise. */
export function held(result: Claim | KeptAnswer | ClaimRefusal): Claim {
  assert.equal(typeof result, "object", `expected a claim, got ${JSON.stringify(result)}`);
  assert.ok(!("answer" in (result as object)), "expected a claim, got a kept answer");
  return result as Claim;
}

type Case = [
  name: string,
  body: (store: ClaimStore, backend: ClaimStoreBackend) => Promise<void>,
  ClaimStoreOptions?,
];

const CASES: Case[] = [
  ["a payment is claimed once; a second claim is refused while the first is in flight", async (store) => {
    held(await store.claim("payment-a"));
    assert.equal(await store.claim("payment-a"), "in_flight");
    assert.equal(typeof await store.claim("payment-b"), "object", "another payment is independent");
  }],
  ["releasing gives the payment back for a retry", async (store) => {
    const first = held(await store.claim("payment-a"));
    await store.release(first);
    const second = held(await store.claim("payment-a"));
    assert.notEqual(second.token, first.token, "the retry holds a claim of its own");
  }],
  ["only the holder releases; a stale claim cannot free the next holder's", async (store) => {
    const first = held(await store.claim("payment-a"));
    await store.release(first);
    held(await store.claim("payment-a"));
    await store.release(first);
    assert.equal(await store.claim("payment-a"), "in_flight");
  }],
  ["a settled payment is refused for good, and releasing it changes nothing", async (store) => {
    const claim = held(await store.claim("payment-a"));
    await store.settle(claim, settled("5ignature"));
    assert.equal(await store.claim("payment-a"), "settled");
    await store.release(claim);
    assert.equal(await store.claim("payment-a"), "settled");
  }],
  ["a payment recorded as settling is refused until resolved, then kept or given back", async (store) => {
    const claim = held(await store.claim("payment-a"));
    const answer = new TextEncoder().encode("the answer");
    await store.settling(claim, { sent: true }, answer);
    assert.equal(await store.claim("payment-a"), "in_flight", "its request may still get the answer");
    await store.unanswered(claim);
    assert.equal(await store.claim("payment-a"), "settling", "its request gave up: the outcome is pending");
    assert.deepEqual(await store.pendingSettlements(), [{ paymentId: "payment-a", pending: { sent: true } }]);
    await store.release(claim);
    assert.deepEqual(await store.pendingSettlements(), [], "released: nothing left to resolve");
    const again = held(await store.claim("payment-a"));
    await store.settling(again, { sent: true }, answer);
    // Its outcome learnt after its request ended: any resend of the payment gets the answer it bought.
    const resolving = (await store.settlingClaim("payment-a"))!;
    assert.equal(resolving.token, again.token, "whoever resolves it holds the same claim");
    await store.settle(resolving, settled("tx"), true);
    const kept = await store.claim("payment-a") as KeptAnswer;
    assert.equal(new TextDecoder().decode(kept.answer), "the answer");
    assert.equal(kept.settlement.transaction, "tx");
    assert.deepEqual(await store.pendingSettlements(), []);
    assert.equal(await store.settlingClaim("payment-a"), undefined);
  }],
  ["a settling payment past its request's grace counts as pending", async (store) => {
    const claim = held(await store.claim("payment-a"));
    await store.settling(claim, {}, undefined);
    await new Promise((resolve) => setTimeout(resolve, 80));
    assert.equal(await store.claim("payment-a"), "settling");
  }, { settlingGraceMs: 50 }],
  ["a payment named with an id gets its answer back with that id and payload only", async (store) => {
    const ticket = { id: "pay_0123456789abcdef", payloadHash: "h1", scope: "net" };
    const claim = held(await store.claim("payment-a", ticket));
    const answer = new Uint8Array(150_000).map((_, i) => i % 251);
    await store.settling(claim, {}, answer);
    await store.settle(claim, settled("tx"));
    const kept = await store.claim("payment-a", ticket) as KeptAnswer;
    assert.deepEqual(kept.answer, answer, "a large answer comes back whole");
    assert.equal(await store.claim("payment-a"), "settled", "without its id, a resend is a replay");
    assert.equal(await store.claim("payment-a", { ...ticket, payloadHash: "h2" }), "conflict");
    assert.equal(await store.claim("payment-b", ticket), "conflict", "one id names one payment");
    assert.equal(
      typeof await store.claim("payment-b", { ...ticket, scope: "other" }),
      "object",
      "ids are scoped",
    );
  }],
  ["a released payment frees its id for another payment", async (store) => {
    const ticket = { id: "pay_0123456789abcdef", payloadHash: "h1", scope: "net" };
    await store.release(held(await store.claim("payment-a", ticket)));
    held(await store.claim("payment-b", { ...ticket, payloadHash: "h2" }));
  }],
  ["an answer above the bound is not kept, and a settled payment without an id keeps none", async (store) => {
    const ticket = { id: "pay_0123456789abcdef", payloadHash: "h1", scope: "net" };
    const claim = held(await store.claim("payment-a", ticket));
    await store.settling(claim, {}, new Uint8Array(100));
    await store.settle(claim, settled("tx"));
    assert.equal(await store.claim("payment-a", ticket), "settled");
    const plain = held(await store.claim("payment-b"));
    await store.settling(plain, {}, new Uint8Array(10));
    await store.settle(plain, settled("tx2"));
    assert.equal(await store.claim("payment-b"), "settled");
  }, { answerMaxBytes: 50 }],
  ["of many concurrent claims on one payment exactly one wins", async (store) => {
    const results = await Promise.all(Array.from({ length: 25 }, () => store.claim("payment-a")));
    assert.equal(results.filter((result) => typeof result === "object").length, 1);
    assert.deepEqual(results.filter((result) => typeof result === "string"), Array(24).fill("in_flight"));
  }],
  ["two stores on one backend share the claims (one store, many servers)", async (store, backend) => {
    const other = await backend.open();
    try {
      const [a, b] = await Promise.all([store.claim("payment-a"), other.claim("payment-a")]);
      assert.equal([a, b].filter((result) => typeof result === "object").length, 1);
      const ticket = { id: "pay_0123456789abcdef", payloadHash: "h1", scope: "net" };
      const named = await Promise.all([
        store.claim("payment-b", ticket),
        other.claim("payment-c", { ...ticket, payloadHash: "h2" }),
      ]);
      assert.equal(named.filter((result) => typeof result === "object").length, 1, JSON.stringify(named));
      assert.ok(named.some((result) => typeof result === "string"), "the id names one payment only");
    } finally {
      await other.close();
    }
  }],
];

/** Runs every case of the contract as a step of `t`, each on a fresh store of `backend`. */
export async function claimStoreContract(t: Deno.TestContext, backend: ClaimStoreBackend): Promise<void> {
  for (const [name, body, options] of CASES) {
    await t.step(name, async () => {
      await backend.reset();
      const store = await backend.open(options);
      try {
        await body(store, backend);
      } finally {
        await store.close();
      }
    });
  }
}
