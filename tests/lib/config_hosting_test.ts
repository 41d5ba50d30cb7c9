/**
 * Where the service runs decides what it may start: local mode is refused on
 * a host unless asked for, and one memory budget sizes the body budget and
 * the audio and PDF concurrency.
 */
import assert from "node:assert/strict";
import { ConfigError, loadConfig } from "../../lib/config.ts";
import { isLoopbackHost, localModeRefusal, planMemory } from "../../lib/config_hosting.ts";
import { conversionMb } from "../../lib/pdf/memory.ts";
import { DEFAULT_POOL_OPTIONS } from "../../lib/pdf/pool.ts";

const MB = 1024 * 1024;

Deno.test("isLoopbackHost() tells this machine from the network", () => {
  for (const host of ["127.0.0.1", "127.0.0.53", "localhost", "::1", "[::1]"]) {
    assert.ok(isLoopbackHost(host), host);
  }
  for (const host of ["0.0.0.0", "::", "10.0.0.5", "example.com", "128.0.0.1"]) {
    assert.ok(!isLoopbackHost(host), host);
  }
});

Deno.test("local mode is the default on this machine, refused on Deno Deploy or beyond loopback", () => {
  assert.equal(localModeRefusal({}), undefined);
  assert.equal(localModeRefusal({ host: "127.0.0.1" }), undefined);
  assert.match(localModeRefusal({ deploymentId: "abc123" })!, /Deno Deploy.*SERVICE_MODE=devnet/);
  assert.match(localModeRefusal({ host: "0.0.0.0" })!, /HOST "0\.0\.0\.0".*SERVICE_MODE=local/);
  // Asked for explicitly, it starts anywhere; the remote modes are not concerned.
  assert.equal(localModeRefusal({ modeSetting: "local", host: "0.0.0.0", deploymentId: "x" }), undefined);
  assert.equal(localModeRefusal({ modeSetting: "devnet", deploymentId: "x" }), undefined);
});

Deno.test("loadConfig() refuses an unset SERVICE_MODE on a host, naming what to set", () => {
  for (const env of [{ DENO_DEPLOYMENT_ID: "dep-1" }, { HOST: "0.0.0.0" }]) {
    assert.throws(() => loadConfig(env), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /SERVICE_MODE is not set/);
      assert.match(error.message, /PAY_TO_SOLANA/);
      return true;
    });
  }
  assert.equal(loadConfig({ SERVICE_MODE: "local", HOST: "0.0.0.0" }).mode, "local");
});

Deno.test("planMemory() shares the budget: a quarter for bodies, the work sized from the largest inputs", () => {
  const caps = { audioBytes: 50 * MB, pdfBytes: 20 * MB };
  const deploy = planMemory(768, caps);
  assert.deepEqual(deploy, {
    budgetMb: 768,
    bodyBytes: 192 * MB,
    pdfMemoryMb: 160,
    pdfConcurrency: 1,
    audioConcurrency: 1,
  });
  const big = planMemory(4096, caps);
  assert.equal(big.bodyBytes, 1024 * MB);
  assert.ok(big.pdfConcurrency > 1 && big.audioConcurrency > 1, JSON.stringify(big));
  // The body budget always admits the largest single body, base64 in an MCP call.
  assert.ok(planMemory(128, caps).bodyBytes >= Math.ceil(50 * MB * 4 / 3));
});

Deno.test("loadConfig() derives the default concurrency from MEMORY_BUDGET_MB; explicit limits win", () => {
  const config = loadConfig({ MEMORY_BUDGET_MB: "4096" });
  assert.equal(config.memory.budgetMb, 4096);
  assert.equal(config.audio.concurrency, config.memory.audioConcurrency);
  assert.equal(config.pdf.concurrency, config.memory.pdfConcurrency);
  assert.ok(config.pdf.concurrency > 1);
  assert.equal(loadConfig({ MEMORY_BUDGET_MB: "4096", PDF_CONCURRENCY: "1" }).pdf.concurrency, 1);
  // A worker per core, for splitting, only when the PDF share of the budget admits a split.
  assert.equal(loadConfig({}).pdf.pool.workers, 1);
  const roomy = loadConfig({ MEMORY_BUDGET_MB: "1536", PDF_CONCURRENCY: "1" }).pdf.pool;
  assert.equal(roomy.workers, DEFAULT_POOL_OPTIONS.workers);
  assert.ok(roomy.memoryMb >= conversionMb(500, 2), `${roomy.memoryMb} MB admits a 500-page split`);
  assert.throws(() => loadConfig({ MEMORY_BUDGET_MB: "64" }), /MEMORY_BUDGET_MB "64"/);
});
