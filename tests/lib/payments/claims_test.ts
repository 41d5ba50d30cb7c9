/**
 * The claim store on Deno KV: the contract every claim store keeps
 * (`_claim_store_contract.ts`), and what is KV's own: its records, and a
 * store opened with its first use.
 */
import assert from "node:assert/strict";
import { KvClaimStore } from "../../../lib/payments/claims.ts";
import { UnavailableError } from "../../../lib/shared/errors.ts";
import { claimStoreContract, held, settled } from "./_claim_store_contract.ts";

/** Runs `body` with a claim store on a fresh in-memory Deno KV. */
async function withStore(
  body: (store: KvClaimStore, kv: Deno.Kv) => Promise<void>,
  options?: ConstructorParameters<typeof KvClaimStore>[1],
): Promise<void> {
  const kv = await Deno.openKv(":memory:");
  try {
    await body(new KvClaimStore(kv, options), kv);
  } finally {
    kv.close();
  }
}

Deno.test("KvClaimStore: the claim store contract", async (t) => {
  let kv: Deno.Kv | undefined;
  try {
    await claimStoreContract(t, {
      reset: async () => {
        kv?.close();
        kv = await Deno.openKv(":memory:");
      },
      open: (options) => Promise.resolve(new KvClaimStore(kv!, options)),
    });
  } finally {
    kv?.close();
  }
});

Deno.test("KvClaimStore: a claim is a KV record named by its payment, holding the settlement", async () => {
  await withStore(async (store, kv) => {
    const claim = held(await store.claim("payment-a"));
    assert.deepEqual(claim.key, ["x402-claim", "payment-a"]);
    await store.settle(claim, settled("5ignature"));
    const stored = await kv.get<{ state: string; transaction: string }>(claim.key);
    assert.equal(stored.value?.transaction, "5ignature");
  });
});

Deno.test("KvClaimStore: a store given an opener opens it on the first claim, once, and again after a failure", async () => {
  const opened: Deno.Kv[] = [];
  let failNext = true;
  const store = new KvClaimStore(async () => {
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
