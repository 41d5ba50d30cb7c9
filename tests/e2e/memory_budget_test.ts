/**
 * A flood of maximal uploads (bounded, on loopback) against `main.ts` with a
 * 512 MB budget: the bodies that do not fit the budget of bodies in flight
 * get 503 with `Retry-After` before being read (no payment asked for, none
 * taken), over HTTP and MCP alike, and the process's peak RSS stays within
 * the budget.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { DEFAULT_AUDIO_LIMITS } from "../../lib/audio/limits.ts";
import { planMemory } from "../../lib/server/config/memory_plan.ts";
import { DEFAULT_PDF_LIMITS } from "../../lib/pdf/limits.ts";
import { peakRssBytes, spawnService } from "../_support/service_process.ts";

const MB = 1024 * 1024;
const BUDGET_MB = 512;
const UPLOADS = 8;
const MCP_CALLS = 4;
/** The largest audio upload the budget accepts (the budget lowers the 384 MB cap). */
const AUDIO_BYTES = planMemory(BUDGET_MB, {
  audioBytes: DEFAULT_AUDIO_LIMITS.maxBytes,
  pdfBytes: DEFAULT_PDF_LIMITS.maxBytes,
}).audioMaxBytes;

Deno.test("[e2e] a flood of maximal uploads stays within MEMORY_BUDGET_MB; the excess gets 503 unread", async () => {
  const service = await spawnService({
    SERVICE_MODE: "local",
    ALT_ROUTES: "off",
    MEMORY_BUDGET_MB: String(BUDGET_MB),
  });
  try {
    const audio = new Uint8Array(AUDIO_BYTES); // The largest audio upload; not audio, so refused after reading.
    const mcpBody = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name: "normalize_audio",
        arguments: { audio: Buffer.from(audio.buffer, 0, AUDIO_BYTES - MB).toString("base64") },
      },
    });
    const upload = () =>
      fetch(`${service.base}/v1/audio/normalize`, {
        method: "POST",
        headers: { "Content-Type": "audio/wav" },
        body: audio,
      });
    const mcp = () =>
      fetch(`${service.base}/mcp`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: mcpBody,
      });
    const responses = await Promise.all([
      ...Array.from({ length: UPLOADS }, upload),
      ...Array.from({ length: MCP_CALLS }, mcp),
    ]);
    const refused = responses.filter((response) => response.status === 503);
    const statuses = responses.map((response) => response.status);
    assert.ok(refused.length >= UPLOADS / 2, statuses.join(" "));
    for (const response of refused) {
      assert.ok(Number(response.headers.get("Retry-After")) > 0);
      assert.equal(response.headers.get("PAYMENT-REQUIRED"), null);
      assert.equal(response.headers.get("PAYMENT-RESPONSE"), null);
      assert.match((await response.json()).error, /memory for request bodies/);
    }
    const admitted = responses.filter((response) => response.status !== 503);
    assert.ok(admitted.length > 0, "bodies within the budget are read");
    for (const response of admitted) {
      assert.ok(response.status < 500, statuses.join(" "));
      assert.equal(response.headers.get("PAYMENT-RESPONSE"), null);
      await response.body?.cancel();
    }
    const peak = await peakRssBytes(service.pid);
    console.log(`peak RSS ${Math.round(peak / MB)} MB of ${BUDGET_MB} MB; statuses ${statuses.join(" ")}`);
    assert.ok(peak <= BUDGET_MB * MB, `peak RSS ${Math.round(peak / MB)} MB over the ${BUDGET_MB} MB budget`);
  } finally {
    await service.stop();
  }
});
