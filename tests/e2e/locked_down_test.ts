/**
 * The service as a locked-down host runs it: `main.ts` in devnet mode with
 * only `--allow-net --allow-env --allow-read --allow-sys` (no subprocesses,
 * no writes), settling through a remote HTTP facilitator (a local-mode
 * service standing in for devnet). ffmpeg is installed here but may not be
 * run, so audio is sold nowhere and its route says why before any payment;
 * a paid call goes through end to end with the unmodified `@x402/fetch` client.
 */
import assert from "node:assert/strict";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import { wrapFetchWithPayment } from "@x402/fetch";
import { createSolanaClient } from "../../lib/solana/rpc.ts";
import { fundedBuyer, startTestService } from "../_support/service.ts";
import { devnetOn, LOCKED_DOWN, spawnService } from "../_support/service_process.ts";

const AUDIO = "/v1/audio/normalize";
const MCP_HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

Deno.test("[e2e] locked down in devnet mode: audio not sold, a paid call settles through a remote facilitator", async (t) => {
  const chain = await startTestService({ env: { ALT_ROUTES: "off" } });
  const { env, payTo } = await devnetOn(chain);
  const service = await spawnService(env, LOCKED_DOWN);
  try {
    await t.step(
      "/healthz says ffmpeg may not be run (not that it is missing) and pdf.js loads",
      async () => {
        const health = await (await fetch(`${service.base}/healthz`)).json();
        assert.equal(health.mode, "devnet");
        assert.equal(health.checks.ffmpeg.ok, false);
        assert.match(health.checks.ffmpeg.detail, /lacks --allow-run.*audio normalisation is not sold here/);
        assert.doesNotMatch(health.checks.ffmpeg.detail, /not installed/);
        assert.equal(health.checks.pdfjs.ok, true);
        assert.equal(health.checks.facilitator.ok, true, JSON.stringify(health.checks));
      },
    );

    await t.step(
      "audio is in no catalogue: OpenAPI, /.well-known/x402, server.json, MCP tools/list",
      async () => {
        const openapi = await (await fetch(`${service.base}/openapi.json`)).json();
        assert.ok(!(AUDIO in openapi.paths), Object.keys(openapi.paths).join(", "));
        assert.ok("/v1/pdf/to-markdown" in openapi.paths);
        const x402 = await (await fetch(`${service.base}/.well-known/x402`)).text();
        assert.doesNotMatch(x402, /audio/);
        assert.match(x402, /fees\/priority/);
        const serverJson = await (await fetch(`${service.base}/server.json`)).text();
        assert.doesNotMatch(serverJson, /normalize_audio/);
        const list = await fetch(`${service.base}/mcp`, {
          method: "POST",
          headers: MCP_HEADERS,
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
        });
        const tools = (await list.json()).result.tools.map((tool: { name: string }) => tool.name);
        assert.ok(!tools.includes("normalize_audio"), tools.join(", "));
        assert.ok(tools.includes("chain_priority_fees") && tools.includes("pdf_to_markdown"));
      },
    );

    await t.step("the audio route answers 503 with the reason, before any payment is asked for", async () => {
      const response = await fetch(service.base + AUDIO, {
        method: "POST",
        headers: { "Content-Type": "audio/wav" },
        body: new Uint8Array(1024),
      });
      assert.equal(response.status, 503);
      assert.equal(response.headers.get("PAYMENT-REQUIRED"), null);
      assert.ok(Number(response.headers.get("Retry-After")) > 0);
      const body = await response.json();
      assert.match(body.error, /^Audio normalisation is not offered on this server: .*--allow-run/);
      assert.ok(body.requestId);
    });

    await t.step("a paid call settles on the stand-in chain through the remote facilitator", async () => {
      const ledger = chain.runtime.local!.solana;
      const before = ledger.usdcBalance(payTo);
      const { client } = await fundedBuyer(chain, "1");
      const response = await wrapFetchWithPayment(fetch, client)(`${service.base}/v1/fees/priority`);
      assert.equal(response.status, 200, await response.clone().text());
      const settlement = decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!);
      assert.equal(settlement.success, true);
      assert.equal(settlement.network, "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1");
      assert.ok((await response.json()).recommended);
      assert.equal(ledger.usdcBalance(payTo) - before, 2000n);
    });

    await t.step("its offers carry a blockhash the stand-in chain still lands", async () => {
      const response = await fetch(`${service.base}/v1/fees/priority`);
      await response.body?.cancel();
      const [accepted] = decodePaymentRequiredHeader(response.headers.get("PAYMENT-REQUIRED")!).accepts;
      const blockhash = accepted!.extra.recentBlockhash;
      assert.equal(typeof blockhash, "string", "fetched from the RPC when the first offers were made");
      const [valid] = await createSolanaClient(`${chain.base}/local/solana`).batch([
        { method: "isBlockhashValid", params: [blockhash, { commitment: "processed" }] },
      ]);
      assert.ok(valid?.ok, JSON.stringify(valid));
      assert.equal((valid.result as { value: boolean }).value, true);
    });
  } finally {
    assert.equal(await service.stop(), 0);
    await chain.close();
  }
});
