/**
 * Whatever the Solana RPC sends, a paid call fails as an upstream failure
 * (502, 503 or 504 with `Retry-After` and a JSON error), never as a 500, and
 * the buyer is not charged. Each broken answer is swept over every paid route
 * that reads the RPC, over HTTP, and over one MCP tool; the balances are read
 * back from the embedded chain.
 */
import assert from "node:assert/strict";
import { type Address, generateKeyPairSigner, getBase58Decoder } from "@solana/kit";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { registry } from "../../app.ts";
import { LOCAL_USDC_MINT, SEEDED_FEE_ACCOUNT } from "../../lib/local/solana/local_solana.ts";
import { callPaidTool, connectMcp } from "../../lib/buyer/mcp_client.ts";
import { fundedBuyer, startTestService, type TestService } from "../_support/service.ts";
import { memo, signMessage, wire } from "../_support/solana_transactions.ts";
import { BROKEN_ANSWERS, startBrokenRpc } from "./_broken_rpc.ts";

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

/** A request that would succeed against a healthy RPC, for each operation that reads the RPC. */
const REQUESTS: Record<string, (service: TestService) => Promise<{ path: string; init?: RequestInit }>> = {
  chain_priority_fees: () => Promise.resolve({ path: `/v1/fees/priority?account=${SEEDED_FEE_ACCOUNT}` }),
  chain_token_analysis: () => Promise.resolve({ path: `/v1/token/${LOCAL_USDC_MINT}` }),
  chain_token_risk: () => Promise.resolve({ path: "/v1/token/risk", init: json({ mint: LOCAL_USDC_MINT }) }),
  chain_transaction_analysis: () =>
    Promise.resolve({
      path: `/v1/transaction/${getBase58Decoder().decode(crypto.getRandomValues(new Uint8Array(64)))}`,
    }),
  chain_transaction_simulate: async () => ({
    path: "/v1/transaction/simulate",
    init: json({ transaction: await signedTransfer() }),
  }),
};

/** Operations that never touch the Solana RPC. */
const OFF_RPC = new Set(["pdf_to_markdown", "normalize_audio"]);

/** A signed transaction for the simulation route; the broken RPC answers whatever it holds. */
async function signedTransfer(): Promise<string> {
  const blockhash = getBase58Decoder().decode(crypto.getRandomValues(new Uint8Array(32)));
  const payer = await generateKeyPairSigner();
  const transaction = await signMessage(payer, [memo("broken rpc sweep")], {
    lifetime: { blockhash, lastValidBlockHeight: 1_000n },
  });
  return wire(transaction);
}

/** Asserts an upstream failure: 502/503/504, a whole-seconds `Retry-After`, a JSON error, nothing settled. */
async function assertUpstreamFailure(response: Response, label: string): Promise<void> {
  const text = await response.text();
  assert.ok([502, 503, 504].includes(response.status), `${label}: ${response.status} ${text.slice(0, 300)}`);
  assert.match(response.headers.get("Retry-After") ?? "", /^[1-9]\d*$/, `${label}: Retry-After`);
  assert.match(response.headers.get("Content-Type") ?? "", /^application\/json/, label);
  const body = JSON.parse(text);
  assert.equal(typeof body.error, "string", label);
  assert.ok(body.requestId, label);
  assert.doesNotMatch(body.error, /^Internal error/, label);
  assert.equal(response.headers.get("PAYMENT-RESPONSE"), null, `${label}: settled`);
}

Deno.test("[adversarial] every broken RPC answer is a retryable upstream failure on every paid route, uncharged", async (t) => {
  const rpc = startBrokenRpc("invalid JSON");
  const service = await startTestService({ env: { SOLANA_RPC_URL: rpc.url, ALT_ROUTES: "off" } });
  try {
    const local = service.runtime.local!;
    const payTo = service.runtime.rails.solana.payTo as Address;
    const { buyer, client } = await fundedBuyer(service, "1");

    await t.step("the sweep covers every operation that reads the RPC", () => {
      const reading = registry.operations.map((op) => op.id).filter((id) => !OFF_RPC.has(id));
      assert.deepEqual(Object.keys(REQUESTS).sort(), reading.sort());
    });

    for (const mode of Object.keys(BROKEN_ANSWERS)) {
      await t.step(`the RPC sends ${mode}`, async () => {
        rpc.mode = mode;
        for (const [id, requestFor] of Object.entries(REQUESTS)) {
          const { path, init } = await requestFor(service);
          const label = `${mode} → ${id}`;
          const paidBefore = local.solana.usdcBalance(payTo);
          const buyerBefore = local.solana.usdcBalance(buyer.solana.address);
          const hitsBefore = rpc.hits;
          const first = await fetch(service.base + path, init);
          if (first.status === 402) {
            await first.body?.cancel();
            const required = decodePaymentRequiredHeader(first.headers.get("PAYMENT-REQUIRED")!);
            const header = encodePaymentSignatureHeader(await client.createPaymentPayload(required));
            const headers = new Headers(init?.headers);
            headers.set("PAYMENT-SIGNATURE", header);
            await assertUpstreamFailure(await fetch(service.base + path, { ...init, headers }), label);
          } else {
            await assertUpstreamFailure(first, label);
          }
          assert.ok(rpc.hits > hitsBefore, `${label}: the RPC was not asked`);
          assert.equal(local.solana.usdcBalance(payTo), paidBefore, `${label}: the service was paid`);
          assert.equal(local.solana.usdcBalance(buyer.solana.address), buyerBefore, `${label}: charged`);
        }
      });
    }

    await t.step("over MCP, a tool call fails as a retryable tool error, uncharged", async () => {
      const mcp = await connectMcp(`${service.base}/mcp`);
      try {
        for (const mode of Object.keys(BROKEN_ANSWERS)) {
          rpc.mode = mode;
          const before = local.solana.usdcBalance(buyer.solana.address);
          const { result, payment, settlement } = await callPaidTool(mcp, client, "chain_priority_fees", {
            account: [SEEDED_FEE_ACCOUNT],
          });
          const [content] = result.content;
          const text = content?.type === "text" ? content.text : "";
          assert.ok(payment, `${mode}: no payment was asked for: ${text}`);
          assert.equal(result.isError, true, mode);
          assert.match(text, /^Solana RPC .*\(retry after \d+ s\)$/, `${mode}: ${text}`);
          assert.equal(settlement, undefined, mode);
          assert.equal(local.solana.usdcBalance(buyer.solana.address), before, `${mode}: charged`);
        }
      } finally {
        await mcp.close();
      }
    });
  } finally {
    await service.close();
    await rpc.close();
  }
});
