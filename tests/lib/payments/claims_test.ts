import assert from "node:assert/strict";
import type { SettleResponse } from "@x402/core/types";
import { type Claim, type ClaimRefusal, ClaimStore, type KeptAnswer } from "../../../lib/payments/claims.ts";
import { UnavailableError } from "../../../lib/shared/errors.ts";

/** A settlement as a facilitator reports it. */
const settled = (transaction: string): SettleResponse => ({
  success: true,
  transaction,
  network: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  payer: "Buyer1111111111111111111111111111111111111",
});

/** Runs `body` with a claim store on a fresh in-memory Deno KV. */
async function withStore(
  body: (store: ClaimStore, kv: Deno.Kv) => Promise<void>,
  options?: ConstructorParameters<typeof ClaimStore>[1],
): Promise<void> {
  const kv = await Deno.openKv(":memory:");
  try {
    await body(new ClaimStore(kv, options), kv);
  } finally {
    kv.close();
  }
}

/** Narrows a claim result to a held claim, failing the test otherwise. */
function held(result: Claim | KeptAnswer | ClaimRefusal): Claim {
  assert.equal(typeof result, "object", `expected a claim, got ${JSON.stringify(result)}`);
  return result as Claim;
}

Deno.test("ClaimStore: a payment is claimed once; a second claim is refused while the first is in flight", async () => {
  await withStore(async (store) => {
    const claim = held(await store.claim("payment-a"));
    assert.deepEqual(claim.key, ["x402-claim", "payment-a"]);
    assert.equal(await store.claim("payment-a"), "in_flight");
    assert.equal(typeof await store.claim("payment-b"), "object", "another payment is independent");
  });
});

Deno.test("ClaimStore: releasing gives the payment back for a retry", async () => {
  await withStore(async (store) => {
    const first = held(await store.claim("payment-a"));
    await store.release(first);
    const second = held(await store.claim("payment-a"));
    assert.notEqual(second.token, first.token, "the retry holds a claim of its own");
  });
});

Deno.test("ClaimStore: only the holder releases; a stale claim cannot free the next holder's", async () => {
  await withStore(async (store) => {
    const first = held(await store.claim("payment-a"));
    await store.release(first);
    held(await store.claim("payment-a"));
    await store.release(first);
    assert.equal(await store.claim("payment-a"), "in_flight");
  });
});

Deno.test("ClaimStore: a settled payment is refused for good, and releasing it changes nothing", async () => {
  await withStore(async (store, kv) => {
    const claim = held(await store.claim("payment-a"));
    await store.settle(claim, settled("5ignature"));
    assert.equal(await store.claim("payment-a"), "settled");
    await store.release(claim);
    assert.equal(await store.claim("payment-a"), "settled");
    const stored = await kv.get<{ state: string; transaction: string }>(claim.key);
    assert.equal(stored.value?.transaction, "5ignature");
  });
});

Deno.test("ClaimStore: a payment recorded as settling is refused until resolved, then kept or given back", async () => {
  await withStore(async (store) => {
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
    await store.settle((await store.settlingClaim("payment-a"))!, settled("tx"), true);
    const kept = await store.claim("payment-a") as KeptAnswer;
    assert.equal(new TextDecoder().decode(kept.answer), "the answer");
    assert.equal(kept.settlement.transaction, "tx");
    assert.deepEqual(await store.pendingSettlements(), []);
  });
});

Deno.test("ClaimStore: a payment named with an id gets its answer back with that id and payload only", async () => {
  await withStore(async (store) => {
    const ticket = { id: "pay_0123456789abcdef", payloadHash: "h1", scope: "net" };
    const claim = held(await store.claim("payment-a", ticket));
    const answer = new Uint8Array(150_000).map((_, i) => i % 251);
    await store.settling(claim, {}, answer);
    await store.settle(claim, settled("tx"));
    const kept = await store.claim("payment-a", ticket) as KeptAnswer;
    assert.deepEqual(kept.answer, answer, "an answer larger than one KV value comes back whole");
    assert.equal(await store.claim("payment-a"), "settled", "without its id, a resend is a replay");
    assert.equal(await store.claim("payment-a", { ...ticket, payloadHash: "h2" }), "conflict");
    assert.equal(await store.claim("payment-b", ticket), "conflict", "one id names one payment");
  });
});

Deno.test("ClaimStore: an answer above the bound is not kept, and a settled payment without an id keeps none", async () => {
  await withStore(async (store) => {
    const ticket = { id: "pay_0123456789abcdef", payloadHash: "h1", scope: "net" };
    const claim = held(await store.claim("payment-a", ticket));
    await store.settling(claim, {}, new Uint8Array(100));
    await store.settle(claim, settled("tx"));
    assert.equal(await store.claim("payment-a", ticket), "settled");
    const plain = held(await store.claim("payment-b"));
    await store.settling(plain, {}, new Uint8Array(10));
    await store.settle(plain, settled("tx2"));
    assert.equal(await store.claim("payment-b"), "settled");
  }, { answerMaxBytes: 50 });
});

Deno.test("ClaimStore: of many concurrent claims on one payment exactly one wins", async () => {
  await withStore(async (store) => {
    const results = await Promise.all(Array.from({ length: 25 }, () => store.claim("payment-a")));
    const winners = results.filter((result) => typeof result === "object");
    assert.equal(winners.length, 1);
    assert.deepEqual(results.filter((result) => typeof result === "string"), Array(24).fill("in_flight"));
  });
});

Deno.test("ClaimStore: two stores on one KV share the claims (one KV, many servers)", async () => {
  await withStore(async (store, kv) => {
    const other = new ClaimStore(kv);
    const [a, b] = await Promise.all([store.claim("payment-a"), other.claim("payment-a")]);
    assert.equal([a, b].filter((result) => typeof result === "object").length, 1);
  });
});

Deno.test("ClaimStore: a store given an opener opens it on the first claim, once, and again after a failure", async () => {
  const opened: Deno.Kv[] = [];
  let failNext = true;
  const store = new ClaimStore(async () => {
    if (failNext) {
      failNext = false;
      throw new Error("cannot open the store");
    }
    const kv = await Deno.openKv(":memory:");
    opened.push(kv);
    return kv;
  });
  try {
    assert.equal(opened.length, 0, "nothing is opened before a claim");
    await assert.rejects(
      store.claim("payment-a"),
      (error) => error instanceof UnavailableError && /cannot open the store/.test(String(error.cause)),
      "a store that cannot be opened is a 503, never an internal error",
    );
    const results = await Promise.all([store.claim("payment-a"), store.claim("payment-a")]);
    assert.equal(opened.length, 1, "concurrent first claims open one store");
    assert.equal(results.filter((result) => typeof result === "object").length, 1);
    const claim = held(results.find((result) => typeof result === "object")!);
    await store.settle(claim, settled("tx"));
    assert.equal(await store.claim("payment-a"), "settled");
    assert.equal(opened.length, 1);
  } finally {
    for (const kv of opened) kv.close();
  }
});
