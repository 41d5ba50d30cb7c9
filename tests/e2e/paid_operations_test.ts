/**
 * Every registry operation, paid end to end over HTTP with an unmodified x402
 * client: on Solana at its plain path and, where it is also sold there, on the
 * EVM chain under `/alt`. Each call must succeed, carry a successful
 * settlement, and move exactly its price to the service on the right chain.
 */
import assert from "node:assert/strict";
import type { Address } from "@solana/kit";
import {
  appendTransactionMessageInstruction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { wrapFetchWithPayment } from "@x402/fetch";
import type { Buyer } from "../../lib/payments/buyer.ts";
import { LOCAL_USDC_MINT, SEEDED_FEE_ACCOUNT } from "../../lib/local/solana/local_solana.ts";
import { registry } from "../../app.ts";

const { operations, altOperations } = registry;
import { fundedBuyer, startTestService, type TestService } from "../_support/service.ts";

/** How to make a request that succeeds for each operation. */
type RequestFor = (context: { service: TestService; buyer: Buyer; lastSettlement: string }) => Promise<
  { path: string; init?: RequestInit }
>;

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

async function sineWav(): Promise<Uint8Array<ArrayBuffer>> {
  const { stdout, success } = await new Deno.Command("ffmpeg", {
    args: [
      "-nostdin",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:duration=3:sample_rate=48000",
      "-af",
      "volume=-20dB",
      "-f",
      "wav",
      "pipe:1",
    ],
    stdout: "piped",
    stderr: "null",
  }).output();
  assert.ok(success, "ffmpeg could not make the test tone");
  return new Uint8Array(stdout);
}

async function signedTransfer(service: TestService, buyer: Buyer): Promise<string> {
  const blockhash = await service.runtime.services.solana.rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(buyer.solana, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash.value, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: buyer.solana, destination: SEEDED_FEE_ACCOUNT, amount: 1000n }),
        m,
      ),
  );
  return getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message));
}

const REQUESTS: Record<string, RequestFor> = {
  chain_priority_fees: () => Promise.resolve({ path: `/v1/fees/priority?account=${SEEDED_FEE_ACCOUNT}` }),
  chain_token_analysis: () => Promise.resolve({ path: `/v1/token/${LOCAL_USDC_MINT}` }),
  chain_token_risk: () => Promise.resolve({ path: "/v1/token/risk", init: json({ mint: LOCAL_USDC_MINT }) }),
  chain_transaction_analysis: ({ lastSettlement }) =>
    Promise.resolve({ path: `/v1/transaction/${lastSettlement}` }),
  chain_transaction_simulate: async ({ service, buyer }) => ({
    path: "/v1/transaction/simulate",
    init: json({ transaction: await signedTransfer(service, buyer) }),
  }),
  pdf_to_markdown: async () => ({
    path: "/v1/pdf/to-markdown",
    init: {
      method: "POST",
      headers: { "Content-Type": "application/pdf" },
      body: await Deno.readFile(
        new URL("../../bench/pdf/corpus/pdf/01_getting_started.chromium.pdf", import.meta.url),
      ),
    },
  }),
  normalize_audio: async () => ({
    path: "/v1/audio/normalize",
    init: { method: "POST", headers: { "Content-Type": "audio/wav" }, body: await sineWav() },
  }),
};

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
