/**
 * A buyer who hangs up is never charged, over MCP: `tools/call` requests
 * carrying an x402 payment in `_meta`, written on a raw loopback socket and
 * abandoned while the tool works or while the payment is verified. The
 * service's payTo balance must not move, and the same payment must still buy
 * exactly one result.
 */
import assert from "node:assert/strict";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { PaymentPayload } from "@x402/core/types";
import { paymentRequiredOf, settlementOf } from "../../lib/buyer/mcp_client.ts";
import { PAYMENT_META_KEY } from "../../mcp/results.ts";
import { fundedBuyer, type TestService } from "../_support/service.ts";
import { startRelayedService } from "../_support/relayed_service.ts";
import { makeAudio } from "../_support/audio_material.ts";
import { LOCAL_USDC_MINT } from "../../lib/local/solana/local_solana.ts";
import { accessLog, pay, payToBalance, sendThenHangUp, sleep } from "./_hang_up.ts";

const HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

function toolCall(name: string, args: Record<string, unknown>, payment?: PaymentPayload): Uint8Array {
  const params = { name, arguments: args, ...(payment ? { _meta: { [PAYMENT_META_KEY]: payment } } : {}) };
  return new TextEncoder().encode(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params }));
}

async function callTool(service: TestService, body: Uint8Array): Promise<CallToolResult> {
  const response = await fetch(service.base + "/mcp", {
    method: "POST",
    headers: HEADERS,
    body: new Uint8Array(body),
  });
  assert.equal(response.status, 200);
  const answer = await response.json();
  assert.ok(answer.result, JSON.stringify(answer).slice(0, 300));
  return answer.result as CallToolResult;
}

Deno.test("[adversarial] MCP buyers who hang up are not charged and keep their payment", async (t) => {
  const access = accessLog();
  const service = await startRelayedService({
    log: access.log,
    // Two minutes of WAV (23 MB), larger than the audio the default memory budget accepts beside PDF work.
    env: { MEMORY_BUDGET_MB: "1536" },
  });
  const { relay } = service;
  try {
    const { client } = await fundedBuyer(service, "1");
    // Two minutes, so the tool is still working 150 ms in even on a quiet machine.
    const audio = (await makeAudio("speech", { seconds: 120 })).toBase64();
    const cases = [
      {
        tool: "normalize_audio",
        args: { audio, preset: "podcast" },
        moment: "while the tool works (150 ms after the request was sent)",
        price: 10_000n,
      },
      {
        // A tool whose payment is verified before it runs (the fee quantiles are verified by their settlement).
        tool: "chain_token_analysis",
        args: { mint: LOCAL_USDC_MINT },
        moment: "while the payment is verified, just before settlement",
        price: 6_000n,
        holdVerify: true,
      },
    ];
    let n = 0;
    for (const { tool, args, moment, price, holdVerify } of cases) {
      await t.step(`${tool}: the socket closes ${moment}`, async () => {
        const required = paymentRequiredOf(await callTool(service, toolCall(tool, args)));
        assert.ok(required, "an unpaid call is offered a price");
        const payment = await pay(client, required);
        const before = payToBalance(service);
        const id = `mcp-hang-up-${++n}`;
        const release = Promise.withResolvers<void>();
        const verifying = holdVerify ? relay.hold("/verify", release.promise) : undefined;
        await sendThenHangUp(service.base, {
          method: "POST",
          path: "/mcp",
          headers: { ...HEADERS, "X-Request-Id": id },
          body: toolCall(tool, args, payment),
        }, { when: verifying ?? sleep(150) });
        await sleep(100);
        release.resolve();
        await access.finished(id);
        relay.hold("");
        assert.equal(payToBalance(service), before, "nothing charged");

        const result = await callTool(service, toolCall(tool, args, payment));
        assert.equal(result.isError, undefined, JSON.stringify(result).slice(0, 300));
        assert.equal(settlementOf(result)?.success, true, "the released payment buys its result");
        assert.equal(payToBalance(service) - before, price);
      });
    }
  } finally {
    await service.close();
  }
});
