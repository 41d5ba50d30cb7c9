import assert from "node:assert/strict";
import { ConfigError, DEFAULT_DEVNET_FACILITATOR, loadConfig } from "../../lib/config.ts";

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

Deno.test("loadConfig() refuses devnet mode without PAY_TO_SOLANA or PAY_TO_EVM, naming both", () => {
  const problems = problemsOf({ SERVICE_MODE: "devnet" });
  assert.equal(problems.length, 2);
  assert.match(problems[0]!, /^PAY_TO_SOLANA is required/);
  assert.match(problems[1]!, /^PAY_TO_EVM is required/);
});

Deno.test("loadConfig() needs no PAY_TO_EVM when ALT_ROUTES is off, and fills devnet defaults", () => {
  const config = loadConfig({ SERVICE_MODE: "devnet", PAY_TO_SOLANA: SOLANA_ADDRESS, ALT_ROUTES: "off" });
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
