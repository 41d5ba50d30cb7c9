import assert from "node:assert/strict";
import { type Claim, type ClaimRefusal, ClaimStore } from "../../../lib/payments/claims.ts";

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
function held(result: Claim | ClaimRefusal): Claim {
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
    await store.settle(claim, "5ignature");
    assert.equal(await store.claim("payment-a"), "settled");
    await store.release(claim);
    assert.equal(await store.claim("payment-a"), "settled");
    const stored = await kv.get<{ state: string; transaction: string }>(claim.key);
    assert.equal(stored.value?.transaction, "5ignature");
  });
});

Deno.test("ClaimStore: a payment whose settlement went unconfirmed is refused and cannot be released", async () => {
  await withStore(async (store) => {
    const claim = held(await store.claim("payment-a"));
    await store.unconfirmed(claim);
    assert.equal(await store.claim("payment-a"), "unconfirmed");
    await store.release(claim);
    assert.equal(await store.claim("payment-a"), "unconfirmed");
  });
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
    await assert.rejects(store.claim("payment-a"), /cannot open the store/);
    const results = await Promise.all([store.claim("payment-a"), store.claim("payment-a")]);
    assert.equal(opened.length, 1, "concurrent first claims open one store");
    assert.equal(results.filter((result) => typeof result === "object").length, 1);
    const claim = held(results.find((result) => typeof result === "object")!);
    await store.settle(claim, "tx");
    assert.equal(await store.claim("payment-a"), "settled");
    assert.equal(opened.length, 1);
  } finally {
    for (const kv of opened) kv.close();
  }
});
