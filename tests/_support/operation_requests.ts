/**
 * A request that succeeds for each operation on a local-mode service: used by
 * the end-to-end payment test and by the task that records each operation's
 * real answer for the OpenAPI examples.
 *
 * @module
 */
import assert from "node:assert/strict";
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
import { LOCAL_USDC_MINT, SEEDED_FEE_ACCOUNT } from "../../lib/local/solana/local_solana.ts";
import type { Buyer } from "../../lib/buyer/paying_client.ts";
import type { TestService } from "./service.ts";

/** How to make a request that succeeds for each operation. */
export type RequestFor = (context: { service: TestService; buyer: Buyer; lastSettlement: string }) => Promise<
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
  const blockhash = await (await service.runtime.services.solana.kitRpc()).getLatestBlockhash().send();
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

/** A request that succeeds, for every operation. */
export const REQUESTS: Record<string, RequestFor> = {
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
