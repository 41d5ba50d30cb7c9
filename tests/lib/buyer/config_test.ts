import assert from "node:assert/strict";
import { loadBuyerConfig } from "../../../lib/buyer/config.ts";
import { ConfigError } from "../../../lib/server/config/env.ts";

Deno.test("loadBuyerConfig() parses the buyer's keys and the RPC", () => {
  const secret = Array.from({ length: 64 }, (_, i) => i);
  const evmKey = `0x${"ab".repeat(32)}`;
  const config = loadBuyerConfig({
    BUYER_SOLANA_KEY: JSON.stringify(secret),
    BUYER_EVM_KEY: evmKey,
    SOLANA_RPC_URL: "https://rpc.example.com/",
  });
  assert.deepEqual(config.solanaSecretKey, new Uint8Array(secret));
  assert.equal(config.evmPrivateKey, evmKey);
  assert.equal(config.solanaRpcUrl, "https://rpc.example.com");
  assert.deepEqual(loadBuyerConfig({}), { solanaRpcUrl: "https://api.devnet.solana.com" });
});

Deno.test("loadBuyerConfig() names malformed keys without echoing them", () => {
  const secretish = "[1,2,3,999]";
  try {
    loadBuyerConfig({ BUYER_SOLANA_KEY: secretish, BUYER_EVM_KEY: "0xnothex", SOLANA_RPC_URL: "nope" });
    assert.fail("expected a ConfigError");
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    assert.equal(error.problems.length, 3);
    assert.match(error.problems[0]!, /^BUYER_SOLANA_KEY is not a JSON array of 64 bytes$/);
    assert.match(error.problems[1]!, /^BUYER_EVM_KEY is not 0x and 64 hex digits$/);
    assert.match(error.problems[2]!, /^SOLANA_RPC_URL "nope"/);
    assert.ok(!error.message.includes(secretish));
    assert.ok(!error.message.includes("0xnothex"));
  }
});
