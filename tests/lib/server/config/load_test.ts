import assert from "node:assert/strict";
import { conversionMb } from "../../../../lib/pdf/memory.ts";
import { DEFAULT_POOL_OPTIONS } from "../../../../lib/pdf/pool.ts";
import {
  ConfigError,
  DEFAULT_DEVNET_FACILITATOR,
  loadConfig,
  SETTINGS,
} from "../../../../lib/server/config/load.ts";
import { loadBuyerConfig } from "../../../../lib/buyer/config.ts";
import { DEFAULT_AUDIO_LIMITS } from "../../../../lib/audio/limits.ts";
import { DEFAULT_PDF_LIMITS } from "../../../../lib/pdf/limits.ts";

const SOLANA_ADDRESS = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const EVM_ADDRESS = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.problems;
  }
  assert.fail("expected a ConfigError");
}

Deno.test("loadConfig() defaults to local mode on loopback port 8000 with nothing configured", () => {
  const config = loadConfig({});
  assert.equal(config.mode, "local");
  assert.equal(config.port, 8000);
  assert.equal(config.hostname, "127.0.0.1");
  assert.equal(config.facilitatorUrl, undefined);
  assert.equal(config.altEnabled, true);
});

Deno.test("loadConfig() refuses devnet mode without PAY_TO_SOLANA, PAY_TO_EVM or PUBLIC_URL, naming each", () => {
  const problems = problemsOf({ SERVICE_MODE: "devnet" });
  assert.equal(problems.length, 3);
  assert.match(problems[0]!, /^PAY_TO_SOLANA is required/);
  assert.match(problems[1]!, /^PAY_TO_EVM is required/);
  assert.match(problems[2]!, /^PUBLIC_URL is required in devnet mode/);
});

Deno.test("loadConfig() outside local mode serves only PUBLIC_URL's host and ALLOWED_HOSTS", () => {
  const config = loadConfig({
    SERVICE_MODE: "devnet",
    PAY_TO_SOLANA: SOLANA_ADDRESS,
    ALT_ROUTES: "off",
    PUBLIC_URL: "https://Diag.Example.com/",
    ALLOWED_HOSTS: "probe.internal:8000, 10.0.0.5",
  });
  assert.equal(config.publicUrl, "https://Diag.Example.com");
  assert.deepEqual(config.allowedHosts, [
    { hostname: "probe.internal", port: "8000" },
    { hostname: "10.0.0.5" },
    { hostname: "diag.example.com" },
  ]);
});

Deno.test("loadConfig() in local mode serves loopback on any port, plus PUBLIC_URL's host", () => {
  assert.deepEqual(loadConfig({}).allowedHosts, [
    { hostname: "localhost" },
    { hostname: "127.0.0.1" },
    { hostname: "[::1]" },
  ]);
  assert.deepEqual(loadConfig({ PUBLIC_URL: "http://box.lan:8000" }).allowedHosts[0], {
    hostname: "box.lan",
  });
});

Deno.test("loadConfig() names each ALLOWED_HOSTS entry that is not a host", () => {
  const problems = problemsOf({ ALLOWED_HOSTS: "ok.example, https://x.example, a b, x.example/path" });
  assert.deepEqual(problems, [
    'ALLOWED_HOSTS entry "https://x.example" is not a host name (name or name:port, no scheme)',
    'ALLOWED_HOSTS entry "a b" is not a host name (name or name:port, no scheme)',
    'ALLOWED_HOSTS entry "x.example/path" is not a host name (name or name:port, no scheme)',
  ]);
});

Deno.test("loadConfig() needs no PAY_TO_EVM when ALT_ROUTES is off, and fills devnet defaults", () => {
  const config = loadConfig({
    SERVICE_MODE: "devnet",
    PAY_TO_SOLANA: SOLANA_ADDRESS,
    ALT_ROUTES: "off",
    PUBLIC_URL: "https://diag.example.com",
  });
  assert.equal(config.altEnabled, false);
  assert.equal(config.facilitatorUrl, DEFAULT_DEVNET_FACILITATOR);
  assert.equal(config.solanaRpcUrl, "https://api.devnet.solana.com");
  assert.equal(config.hostname, "0.0.0.0");
});

Deno.test("loadConfig() refuses mainnet mode without a facilitator and an RPC", () => {
  const problems = problemsOf({
    SERVICE_MODE: "mainnet",
    PAY_TO_SOLANA: SOLANA_ADDRESS,
    PAY_TO_EVM: EVM_ADDRESS,
    PUBLIC_URL: "https://diag.example.com",
  });
  assert.deepEqual(problems, [
    "FACILITATOR_URL is required in mainnet mode",
    "SOLANA_RPC_URL is required in mainnet mode",
  ]);
});

Deno.test("loadConfig() names every malformed value", () => {
  const problems = problemsOf({
    SERVICE_MODE: "prod",
    PORT: "eighty",
    PAY_TO_SOLANA: "not-an-address",
    PAY_TO_EVM: "0x1234",
    SOLANA_RPC_URL: "ftp://example.com",
    ALT_ROUTES: "maybe",
    REQUEST_TIMEOUT_MS: "5",
  });
  assert.equal(problems.length, 7);
  for (
    const name of [
      "SERVICE_MODE",
      "PORT",
      "PAY_TO_SOLANA",
      "PAY_TO_EVM",
      "SOLANA_RPC_URL",
      "ALT_ROUTES",
      "REQUEST_TIMEOUT_MS",
    ]
  ) {
    assert.ok(problems.some((p) => p.startsWith(name)), `no problem names ${name}`);
  }
});

Deno.test("loadConfig() keeps SOLANA_RPC_URL in local mode: it changes the diagnosed cluster only", () => {
  const config = loadConfig({
    SOLANA_RPC_URL: "http://127.0.0.1:8899/",
    FACILITATOR_URL: "http://127.0.0.1:9/",
  });
  assert.equal(config.solanaRpcUrl, "http://127.0.0.1:8899");
  assert.equal(config.facilitatorUrl, undefined);
});

Deno.test("loadConfig() gives audio, PDF and local-chain settings their defaults", () => {
  const config = loadConfig({});
  // The default 768 MB keeps room for a 112 MB audio job first (ffmpeg included), below its cap.
  assert.deepEqual(config.audio, { ...DEFAULT_AUDIO_LIMITS, concurrency: 1, maxBytes: 112 * 1024 * 1024 });
  // PDF is admitted by its price: the whole 100 MB cap, and a conversion gets the rest of the budget.
  assert.equal(config.memory.pdfMaxBytes, DEFAULT_PDF_LIMITS.maxBytes);
  assert.ok(config.memory.pdfJobBytes > 150 * 1024 * 1024, `${config.memory.pdfJobBytes}`);
  assert.deepEqual(config.pdf, {
    limits: {
      ...DEFAULT_PDF_LIMITS,
      maxBytes: config.memory.pdfMaxBytes,
      maxCostBytes: config.memory.pdfJobBytes,
      // Borrowing the audio job's ffmpeg room, a conversion may take 114 MB more while no audio job runs.
      borrowCostBytes: config.memory.pdfJobBytes + 114 * 1024 * 1024,
      memoryBudgetMb: 768,
    },
    concurrency: 1,
    queue: 8,
    // The PDF share of the budget (one conversion) admits no 64-page split;
    // the one worker's heap ceiling is that whole share, at least 256 MB.
    pool: {
      workers: 1,
      heapMb: Math.max(256, config.memory.pdfMemoryMb),
      splitMinPages: 64,
      memoryMb: config.memory.pdfMemoryMb,
    },
  });
  assert.ok(config.memory.pdfMemoryMb < conversionMb(64, 2), `${config.memory.pdfMemoryMb} MB`);
  assert.equal(config.memory.budgetMb, 768);
  // The largest body: a 112 MB audio upload as base64.
  assert.equal(config.memory.bodyBytes, Math.ceil(config.audio.maxBytes * 4 / 3) + 1024 * 1024);
  assert.deepEqual(config.localEvm, { readyTimeoutMs: 15_000 });
});

Deno.test("loadConfig() takes audio, PDF and local-chain settings from the environment", () => {
  const config = loadConfig({
    AUDIO_MAX_BYTES: "1048576",
    AUDIO_MAX_SECONDS: "60",
    AUDIO_TIMEOUT_MS: "5000",
    AUDIO_CONCURRENCY: "3",
    AUDIO_QUEUE: "0",
    FFMPEG_PATH: " /opt/ffmpeg/bin/ffmpeg ",
    PDF_MAX_BYTES: "2048",
    PDF_MAX_PAGES: "7",
    PDF_TIME_BUDGET_MS: "900",
    PDF_CONCURRENCY: "1",
    PDF_QUEUE: "0",
    PDF_WORKER_HEAP_MB: "128",
    PDF_SPLIT_MIN_PAGES: "10",
    MEMORY_BUDGET_MB: "1024",
    ANVIL_PATH: "/opt/foundry/anvil",
    ANVIL_READY_TIMEOUT_MS: "30000",
  });
  assert.deepEqual(config.audio, {
    maxBytes: 1048576,
    maxSeconds: 60,
    timeoutMs: 5000,
    concurrency: 3,
    queue: 0,
    ffmpegPath: "/opt/ffmpeg/bin/ffmpeg",
  });
  assert.deepEqual(config.pdf, {
    limits: {
      ...DEFAULT_PDF_LIMITS,
      maxBytes: 2048,
      maxPages: 7,
      timeBudgetMs: 900,
      maxCostBytes: config.memory.pdfJobBytes,
      memoryBudgetMb: 1024,
    },
    concurrency: 1,
    queue: 0,
    // The budget's PDF share holds two workers on a 10-page document: room to split it.
    pool: {
      workers: DEFAULT_POOL_OPTIONS.workers,
      heapMb: 128,
      splitMinPages: 10,
      memoryMb: config.memory.pdfMemoryMb,
    },
  });
  assert.ok(conversionMb(10, 2) <= config.memory.pdfMemoryMb, `${config.memory.pdfMemoryMb} MB`);
  assert.deepEqual(config.localEvm, { anvilBinary: "/opt/foundry/anvil", readyTimeoutMs: 30000 });
});

Deno.test("loadConfig() names every malformed limit", () => {
  const bad = {
    AUDIO_MAX_BYTES: "abc",
    AUDIO_MAX_SECONDS: "ten",
    AUDIO_TIMEOUT_MS: "-1",
    AUDIO_CONCURRENCY: "0",
    AUDIO_QUEUE: "1.5",
    PDF_MAX_BYTES: "20MB",
    PDF_MAX_PAGES: "0",
    PDF_TIME_BUDGET_MS: "soon",
    PDF_CONCURRENCY: "0",
    PDF_QUEUE: "-2",
    ANVIL_READY_TIMEOUT_MS: "x",
  };
  const problems = problemsOf(bad);
  assert.equal(problems.length, Object.keys(bad).length);
  for (const [name, value] of Object.entries(bad)) {
    assert.ok(problems.some((p) => p.startsWith(`${name} "${value}" must be a whole number`)), name);
  }
});

Deno.test("loadConfig() and loadBuyerConfig() read exactly the variables SETTINGS lists", () => {
  const read = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(_, name) {
      if (typeof name === "string") read.add(name);
      return undefined;
    },
  });
  loadConfig(env);
  loadBuyerConfig(env);
  assert.deepEqual([...read].sort(), SETTINGS.map((setting) => setting.name).sort());
});

Deno.test("loadConfig() takes a PostgreSQL CLAIM_STORE_URL, and refuses another without echoing its secret", () => {
  const url = "postgres://claims:s3cret@db.internal:5432/claims";
  assert.equal(loadConfig({ CLAIM_STORE_URL: url }).claimStoreUrl, url);
  assert.equal(loadConfig({}).claimStoreUrl, undefined, "claims stay in Deno KV");
  const problems = problemsOf({ CLAIM_STORE_URL: "mysql://claims:s3cret@db.internal/claims" });
  assert.equal(problems.length, 1);
  assert.ok(problems[0]!.startsWith("CLAIM_STORE_URL"), problems[0]);
  assert.doesNotMatch(problems[0]!, /s3cret/);
});
