/**
 * The claim store's file faulted under load, in a real service process on a
 * KV file (devnet mode against a local-mode service standing in for the chain
 * and facilitator): made read-only, then deleted, while paid calls keep
 * coming. Every call is answered 200 with its settlement or 503 with
 * `Retry-After` (never a 500, never an answer without a charge), the seller's
 * balance read from the chain grows by the price of each 200 and nothing
 * else, a read-only file serves again once writable, and the process never
 * dies.
 */
import assert from "node:assert/strict";
import type { x402Client } from "@x402/core/client";
import { fundedBuyer, startTestService } from "../_support/service.ts";
import { devnetOn, LOCKED_DOWN, spawnService } from "../_support/service_process.ts";
import { paymentFor } from "./_resend.ts";

const FEES = "/v1/fees/priority";
const PRICE = 2000n;
const AT_ONCE = 4;

/** `AT_ONCE` paid calls at once, each with its own payment: their statuses, checked one by one. */
async function burst(base: string, client: x402Client): Promise<number[]> {
  const headers = await Promise.all(Array.from({ length: AT_ONCE }, () => paymentFor(client, base + FEES)));
  return await Promise.all(headers.map(async (header) => {
    const answer = await fetch(base + FEES, { headers: { "PAYMENT-SIGNATURE": header } });
    const body = await answer.json();
    if (answer.status === 200) {
      assert.ok(answer.headers.get("PAYMENT-RESPONSE"), "a 200 carries its settlement");
      assert.ok(body.global, "the answer bought");
    } else {
      assert.equal(answer.status, 503, JSON.stringify(body));
      assert.ok(Number(answer.headers.get("Retry-After")) > 0);
      assert.equal(answer.headers.get("PAYMENT-RESPONSE"), null);
      assert.match(body.error, /claim store cannot be used/);
      assert.equal(body.global, undefined, "nothing served unpaid");
    }
    return answer.status;
  }));
}

/** A service process in devnet mode on a KV file in a folder of its own, paid on a local-mode service's chain. */
async function serviceOnKvFile() {
  const chain = await startTestService({ env: { ALT_ROUTES: "off" } });
  const dir = await Deno.makeTempDir({ prefix: "claims-" });
  const file = `${dir}/claims.sqlite`;
  const { env, payTo } = await devnetOn(chain);
  const service = await spawnService({ ...env, KV_PATH: file }, [...LOCKED_DOWN, `--allow-write=${dir}`]);
  return { chain, dir, file, payTo, service, ledger: chain.runtime.local!.solana };
}

Deno.test("[e2e] the claim store's file made read-only, then deleted, under load: 503 with Retry-After, charged only for answers, no crash", async () => {
  const { chain, dir, file, payTo, service, ledger } = await serviceOnKvFile();
  try {
    const { client } = await fundedBuyer(chain, "1");
    const before = ledger.usdcBalance(payTo);
    const statuses: number[] = [];
    const served = () => BigInt(statuses.filter((status) => status === 200).length);

    statuses.push(...await burst(service.base, client));
    assert.ok(statuses.every((status): boolean => status === 200), `a healthy store serves: ${statuses}`);

    // Read-only while calls are in flight: those that reach the store after it are refused.
    const during = burst(service.base, client);
    await Deno.chmod(file, 0o444);
    statuses.push(...await during);
    const readOnly = await burst(service.base, client);
    assert.deepEqual(readOnly, readOnly.map(() => 503), "a read-only store takes no payment");
    statuses.push(...readOnly);
    assert.equal(ledger.usdcBalance(payTo) - before, PRICE * served(), "charged only for answers");

    // Writable again: served again, without a restart.
    await Deno.chmod(file, 0o644);
    const again = await burst(service.base, client);
    assert.ok(again.every((status): boolean => status === 200), `served again: ${again}`);
    statuses.push(...again);

    // Deleted under load: the open handle would still write to a file no other replica sees.
    const deleting = burst(service.base, client);
    await Deno.remove(file);
    statuses.push(...await deleting);
    const gone = await burst(service.base, client);
    assert.deepEqual(gone, gone.map(() => 503), "a deleted store takes no payment");
    statuses.push(...gone);
    assert.equal(ledger.usdcBalance(payTo) - before, PRICE * served(), "charged only for answers");
  } finally {
    assert.equal(await service.stop(), 0, "still running, stopped cleanly");
    await chain.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("[e2e] the claim store's memory-mapped -shm file cut short: 503 with Retry-After instead of SIGBUS, and a clean stop", async () => {
  const { chain, dir, file, payTo, service, ledger } = await serviceOnKvFile();
  try {
    const { client } = await fundedBuyer(chain, "1");
    const before = ledger.usdcBalance(payTo);
    const healthy = await burst(service.base, client);
    assert.ok(healthy.every((status): boolean => status === 200), `a healthy store serves: ${healthy}`);
    // SQLite maps this file; touching the map past the file's new end is a SIGBUS (exit 135).
    await Deno.truncate(`${file}-shm`, 0);
    const cut = await burst(service.base, client);
    assert.deepEqual(cut, cut.map(() => 503), "a store whose map was cut short takes no payment");
    assert.equal(
      ledger.usdcBalance(payTo) - before,
      PRICE * BigInt(healthy.length),
      "charged only for answers",
    );
  } finally {
    assert.equal(await service.stop(), 0, "still running, stopped cleanly");
    await chain.close();
    await Deno.remove(dir, { recursive: true });
  }
});
