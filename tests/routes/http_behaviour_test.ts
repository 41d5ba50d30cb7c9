/**
 * The HTTP contract every route shares: JSON errors with request ids, the
 * right statuses, CORS for browsers, descriptors, and no way around the
 * paywall through odd paths or methods.
 */
import assert from "node:assert/strict";
import { compileErrors, validate } from "@readme/openapi-parser";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { startTestService } from "../_support/service.ts";

Deno.test("[http] shared behaviour of the service", async (t) => {
  const service = await startTestService();
  const get = (path: string, init?: RequestInit) => fetch(service.base + path, init);
  try {
    await t.step("GET /healthz is free and reports every dependency", async () => {
      const response = await get("/healthz");
      assert.equal(response.status, 200);
      const body = await response.json();
      assert.equal(body.status, "ok");
      assert.equal(body.mode, "local");
      assert.equal(body.version, "0.1.0");
      assert.equal(body.checks.solanaRpc.ok, true);
      assert.equal(body.checks.facilitator.ok, true);
      assert.equal(typeof body.checks.ffmpeg.ok, "boolean");
      const { config } = service.runtime;
      assert.deepEqual(body.limits, {
        pdf: { maxBytes: config.pdf.limits.maxBytes, maxPages: config.pdf.limits.maxPages },
        audio: { maxBytes: config.audio.maxBytes, maxSeconds: config.audio.maxSeconds },
      });
      assert.ok(body.limits.pdf.maxBytes > 0 && body.limits.audio.maxSeconds > 0);
      assert.ok(!Number.isNaN(Date.parse(body.timestamp)));
    });

    await t.step("a client's own X-Request-Id is echoed; a hostile one is replaced", async () => {
      const own = await get("/healthz", { headers: { "X-Request-Id": "trace-42.a" } });
      assert.equal(own.headers.get("X-Request-Id"), "trace-42.a");
      assert.equal((await own.json()).requestId, "trace-42.a");
      const hostile = await get("/healthz", { headers: { "X-Request-Id": "x".repeat(500) } });
      assert.match(hostile.headers.get("X-Request-Id")!, /^[0-9a-f-]{36}$/);
      await hostile.body?.cancel();
    });

    await t.step("unknown routes answer 404 JSON", async () => {
      const response = await get("/v1/nothing");
      assert.equal(response.status, 404);
      const body = await response.json();
      assert.match(body.error, /no route for GET \/v1\/nothing/);
      assert.ok(body.requestId && body.timestamp);
    });

    await t.step("a wrong method answers 405 with Allow", async () => {
      const response = await get("/v1/fees/priority", { method: "POST" });
      assert.equal(response.status, 405);
      assert.match(response.headers.get("Allow")!, /GET/);
      assert.match((await response.json()).error, /not allowed/);
    });

    await t.step("GET on a POST-only path answers 405, not a mint or signature named like it", async () => {
      for (const path of ["/v1/token/risk", "/v1/transaction/simulate"]) {
        const response = await get(path);
        assert.equal(response.status, 405, path);
        assert.equal(response.headers.get("Allow"), "POST, OPTIONS");
        const body = await response.json();
        assert.match(body.error, new RegExp(`GET not allowed on ${path}`));
        assert.ok(body.requestId);
      }
      // The parameterised twins still take real values.
      const mint = await get("/v1/token/EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
      assert.equal(mint.status, 402);
      await mint.body?.cancel();
      // /alt sells neither POST operation: there `simulate` is only an invalid signature, refused as such.
      const alt = await get("/alt/v1/transaction/simulate");
      assert.equal(alt.status, 400);
      assert.match((await alt.json()).error, /Invalid signature "simulate"/);
    });

    await t.step("encoded and doubled paths never reach a paid handler for free", async () => {
      for (
        const path of [
          "/v1/fees%2Fpriority",
          "/v1%2Ffees/priority",
          "/v1/fees%5Cpriority",
          "//v1/fees/priority",
          "/V1/FEES/PRIORITY",
          "/v1/fees/priority/",
        ]
      ) {
        const response = await get(path);
        assert.ok([402, 404].includes(response.status), `${path} answered ${response.status}`);
        await response.body?.cancel();
      }
    });

    await t.step("CORS lets browsers send PAYMENT-SIGNATURE and read the x402 headers", async () => {
      const preflight = await get("/v1/fees/priority", {
        method: "OPTIONS",
        headers: {
          Origin: "https://app.example",
          "Access-Control-Request-Method": "GET",
          "Access-Control-Request-Headers": "payment-signature",
        },
      });
      assert.equal(preflight.status, 204);
      assert.match(preflight.headers.get("Access-Control-Allow-Headers")!, /PAYMENT-SIGNATURE/i);
      const unpaid = await get("/v1/fees/priority", { headers: { Origin: "https://app.example" } });
      const exposed = unpaid.headers.get("Access-Control-Expose-Headers")!;
      assert.match(exposed, /PAYMENT-REQUIRED/);
      assert.match(exposed, /PAYMENT-RESPONSE/);
      await unpaid.body?.cancel();
    });

    await t.step("bodies over the operation's cap answer 413 naming it, before any payment", async () => {
      const huge = JSON.stringify({ mint: "x".repeat(70_000) });
      const response = await get("/v1/token/risk", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: huge,
      });
      assert.equal(response.status, 413);
      assert.equal(response.headers.get("PAYMENT-REQUIRED"), null);
      assert.match((await response.json()).error, /limit is 65536 bytes/);
    });

    await t.step("a wrong Content-Type answers 415, malformed JSON 400, unknown fields 400", async () => {
      const text = await get("/v1/token/risk", {
        method: "POST",
        headers: { "Content-Type": "text/plain" },
        body: "{}",
      });
      assert.equal(text.status, 415);
      assert.match((await text.json()).error, /Unsupported Content-Type "text\/plain"/);
      const broken = await get("/v1/token/risk", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{",
      });
      assert.equal(broken.status, 400);
      assert.match((await broken.json()).error, /Malformed JSON/);
      const extra = await get("/v1/fees/priority?acount=x");
      assert.equal(extra.status, 400);
      assert.match((await extra.json()).error, /unknown field "acount"/);
    });

    await t.step("uploads whose bytes cannot succeed are refused before payment", async () => {
      const notPdf = await get("/v1/pdf/to-markdown", {
        method: "POST",
        headers: { "Content-Type": "application/pdf" },
        body: "hello, not a PDF",
      });
      assert.equal(notPdf.status, 400);
      assert.equal(notPdf.headers.get("PAYMENT-REQUIRED"), null);
      assert.match((await notPdf.json()).error, /Not a PDF/);
      for (const path of ["/v1/audio/normalize", "/alt/v1/audio/normalize"]) {
        const noise = await get(path, {
          method: "POST",
          headers: { "Content-Type": "audio/wav" },
          body: crypto.getRandomValues(new Uint8Array(4096)),
        });
        assert.equal(noise.status, 400);
        assert.equal(noise.headers.get("PAYMENT-REQUIRED"), null);
        assert.match((await noise.json()).error, /Unsupported audio format/);
      }
    });

    await t.step("a malformed PAYMENT-SIGNATURE is a 400, not a free answer", async () => {
      const response = await get("/v1/fees/priority", { headers: { "PAYMENT-SIGNATURE": "%%%not-base64" } });
      assert.equal(response.status, 400);
      assert.match((await response.json()).error, /PAYMENT-SIGNATURE/);
    });

    await t.step("/openapi.json is a valid OpenAPI 3.1 document with prices", async () => {
      const document = await (await get("/openapi.json")).json();
      assert.equal(document.openapi, "3.1.0");
      assert.equal(document.info.version, "0.1.0");
      const result = await validate(structuredClone(document));
      assert.ok(result.valid, result.valid ? "" : compileErrors(result));
      const fees = document.paths["/v1/fees/priority"].get;
      assert.equal(fees.operationId, "chain_priority_fees");
      assert.deepEqual(fees["x-payment-info"].price, { mode: "fixed", currency: "USD", amount: "0.002" });
      assert.ok(fees.responses["402"]);
      const alt = document.paths["/alt/v1/fees/priority"].get["x-payment-info"];
      assert.ok(alt.protocols[0].x402.network.startsWith("eip155:"));
    });

    await t.step("/server.json has every required field of the MCP registry format", async () => {
      const server = await (await get("/server.json")).json();
      assert.equal(
        server.$schema,
        "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
      );
      assert.match(server.name, /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
      assert.ok(server.description.length >= 1 && server.description.length <= 100);
      assert.equal(server.version, "0.1.0");
      assert.deepEqual(server.remotes.map((r: { url: string }) => new URL(r.url).pathname), [
        "/mcp",
        "/alt/mcp",
      ]);
    });

    await t.step("discovery documents are generated from the registry", async () => {
      const catalog = await get("/.well-known/ai-catalog.json");
      assert.match(catalog.headers.get("Content-Type")!, /application\/ai-catalog\+json/);
      assert.equal((await catalog.json()).entries.length, 2);
      const registration = await (await get("/.well-known/agent-registration.json")).json();
      assert.equal(registration.x402Support, true);
      const x402 = await (await get("/.well-known/x402")).json();
      assert.ok(x402.resources.some((url: string) => url.startsWith(`${service.base}/v1/fees/priority?`)));
      assert.ok(
        x402.resources.some((url: string) => url.startsWith(`${service.base}/alt/v1/fees/priority?`)),
      );
    });

    await t.step("guides come as Markdown or HTML, with links to this service", async () => {
      const markdown = await get("/guides/how-to-pay");
      assert.match(markdown.headers.get("Content-Type")!, /text\/markdown/);
      const text = await markdown.text();
      assert.ok(text.includes(service.base));
      assert.ok(!text.includes("{{"));
      const html = await get("/guides/how-to-pay", { headers: { Accept: "text/html" } });
      assert.match(await html.text(), /<h1[^>]*>/);
      const missing = await get("/guides/nope");
      assert.equal(missing.status, 404);
      await missing.body?.cancel();
    });
  } finally {
    await service.close();
  }
});

Deno.test("[http] PUBLIC_URL drives every URL in the descriptors", async () => {
  const service = await startTestService({
    env: { PUBLIC_URL: "https://api.example.com", ALT_ROUTES: "off" },
  });
  try {
    const server = await (await fetch(`${service.base}/server.json`)).json();
    assert.equal(server.name, "com.example.api/solana-diagnostics");
    assert.deepEqual(server.remotes, [{ type: "streamable-http", url: "https://api.example.com/mcp" }]);
    const openapi = await (await fetch(`${service.base}/openapi.json`)).json();
    assert.equal(openapi.servers[0].url, "https://api.example.com");
    assert.equal(openapi.paths["/alt/v1/fees/priority"], undefined);
    const unpaid = await fetch(`${service.base}/v1/fees/priority?computeUnitLimit=200000`);
    const required = decodePaymentRequiredHeader(unpaid.headers.get("PAYMENT-REQUIRED")!);
    assert.equal(required.resource.url, "https://api.example.com/v1/fees/priority?computeUnitLimit=200000");
    assert.equal((await unpaid.json()).guide, "https://api.example.com/guides/how-to-pay");
  } finally {
    await service.close();
  }
});
