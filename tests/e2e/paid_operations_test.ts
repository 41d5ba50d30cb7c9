/**
 * Every registry operation, paid end to end over HTTP with an unmodified x402
 * client: on Solana at its plain path and, where it is also sold there, on the
 * EVM chain under `/alt`. Each call must succeed, carry a successful
 * settlement, and move exactly its price to the service on the right chain.
 */
import assert from "node:assert/strict";
import type { Address } from "@solana/kit";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { wrapFetchWithPayment } from "@x402/fetch";
import { registry } from "../../app.ts";
import { REQUESTS } from "../_support/operation_requests.ts";
import { fundedBuyer, startTestService } from "../_support/service.ts";

const { operations, altOperations } = registry;

/** Atomic USDC (6 decimals) of a `$0.0025`-style price. */
function atomic(price: string): bigint {
  return BigInt(Math.round(Number(price.slice(1)) * 1_000_000));
}

Deno.test("[e2e] every operation is sold on its rails and paid end to end", async (t) => {
  const service = await startTestService();
  try {
    const { buyer, client } = await fundedBuyer(service, "5");
    const pay = wrapFetchWithPayment(fetch, client);
    const local = service.runtime.local!;
    const solanaPayTo = service.runtime.rails.solana.payTo as Address;
    const evmPayTo = service.runtime.rails.evm!.payTo as `0x${string}`;
    const balanceOn = (prefix: string) =>
      prefix ? local.evm!.usdcBalance(evmPayTo) : Promise.resolve(local.solana.usdcBalance(solanaPayTo));
    let lastSettlement = "";

    // Explaining a transaction needs a landed one: pay for the others first.
    const ordered = [...operations].sort((a, b) =>
      Number(a.id === "chain_transaction_analysis") - Number(b.id === "chain_transaction_analysis")
    );
    for (const operation of ordered) {
      const requestFor = REQUESTS[operation.id];
      await t.step(`${operation.id} has an end-to-end request`, () => assert.ok(requestFor));
      if (!requestFor) continue;
      for (const prefix of altOperations.includes(operation) ? ["", "/alt"] : [""]) {
        await t.step(`${operation.method} ${prefix}${operation.path} paid ${operation.price}`, async () => {
          const { path, init } = await requestFor({ service, buyer, lastSettlement });
          const before = await balanceOn(prefix);
          const response = await pay(service.base + prefix + path, init);
          const text = await response.text();
          assert.equal(response.status, 200, text.slice(0, 500));
          const settlement = decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!);
          assert.equal(settlement.success, true);
          assert.equal(
            settlement.network,
            prefix ? "eip155:84532" : "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
          );
          if (!prefix) lastSettlement = settlement.transaction;
          const body = JSON.parse(text);
          assert.ok(body.requestId && body.timestamp);
          assert.equal(operation.output.safeParse(body).success, true);
          assert.equal(await balanceOn(prefix) - before, atomic(operation.price));
        });
      }
    }
  } finally {
    await service.close();
  }
});
