import assert from "node:assert/strict";
import { decodeCode } from "./_decode.ts";
import generated from "../../../../lib/solana/transaction/program_errors/generated.json" with {
  type: "json",
};
import { errorTableOf, programNameOf } from "../../../../lib/solana/transaction/program_errors/registry.ts";

Deno.test("generated tables record where each was read, and hold well-formed codes", () => {
  for (const table of generated.tables) {
    assert.match(
      table.source,
      /^(npm:@?[\w./-]+@\d[\w.-]*|github:[\w.-]+\/[\w.-]+@[0-9a-f]{40})\/\S+$/,
      table.programName,
    );
    assert.match(table.sha256, /^[0-9a-f]{64}$/, table.programName);
    assert.ok(table.errors.length > 0, table.programName);
    const codes = table.errors.map(([code]) => code);
    assert.equal(new Set(codes).size, codes.length, `${table.programName} repeats a code`);
    assert.ok(table.errors.every(([code, name]) => Number.isSafeInteger(code) && /^\w+$/.test(String(name))));
  }
  for (const entry of generated.names) {
    assert.match(
      entry.source,
      /^(npm:@?[\w./-]+@\d\S*|github:[\w-]+\/[\w-]+@[0-9a-f]{40}\/\S+)$/,
      entry.programName,
    );
  }
});

Deno.test("programs that fail most on mainnet have names", () => {
  const programs = [
    "JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB", // Jupiter v4
    "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4", // Jupiter v6
    "jupoNjAxXgZ4rjzxzPMP4oxduvQsQtZzyknqvzYNrNu", // Jupiter limit orders
    "DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M", // Jupiter DCA
    "PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu", // Jupiter perps
    "LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo", // Meteora DLMM
    "Eo7WjKq67rjJQSZxS6z3YkapzY3eMj6Xy8X5EQVn5UaB", // Meteora pools
    "cpamdpZCGKUy5JxQXB4dcpGPiikHawvSWAd6mEn1sGG", // Meteora DAMM v2
    "pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA", // PumpSwap
    "6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P", // pump.fun
    "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8", // Raydium AMM v4
    "CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C", // Raydium CPMM
    "CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK", // Raydium CLMM
    "routeUGWgWzqBWFcrCfv8tritsqukccJPu3q5GPP3xS", // Raydium routing
    "whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc", // Orca Whirlpool
    "PhoeNiXZ8ByJGLkxNfZRnkUfjvmuYqLR89jjFHGqdXY", // Phoenix
    "opnb2LAfJYbRMAHHvqjCwQxanZn7ReEHp1k81EohpZb", // OpenBook v2
    "2wT8Yq49kHgDzXuPxZSaeLaH1qbmGXtEyPy64bL7aD3c", // Lifinity v2
    "dRiftyHA39MWEi3m9aunc5MzRF1JYuBsbn6VPcn33UH", // Drift
    "KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD", // Kamino Lending
    "MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA", // MarginFi
    "So1endDq2YkqhipRh3WViPa8hdiSpxWy6z3Z6tMCpAo", // Solend / Save
    "MarBmsSgKXdrN1egZf5sqe1TMai9K1rChYNDJgjq7aD", // Marinade
    "metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s", // Token Metadata
    "CoREENxT6tW1HoK8ypY1SxRMZTcVPm7R94rH4PZNhX7d", // Metaplex Core
    "BGUMAp9Gq7iTEuizy4pqaxsTyUCBK68MDfK752saRPUY", // Bubblegum
    "SQDS4ep65T869zMMBKyuUq6aD6EgTu8psMjkvj52pCf", // Squads v4
    "worm2ZoG2kUd4vFXhvjh93UUH596ayRfgQ2MgjNMTth", // Wormhole
    "FsJ3A3u2vn5cTVofAjvy6y5kwABJAqYWpe4975bi2epH", // Pyth
    "rec5EKMGg6MxZYaMdyBfgwp4d5rB9T1VQH5pJv5LtFJ", // Pyth receiver
    "SBondMDrcV3K4kxZR1HNVT7osZxAHVHgYXL5Ze1oMUv", // Switchboard on-demand
    "SW1TCH7qEPTdLsDHRgPuMQjbQxKdH2aBStViMFnt64f", // Switchboard v2
    "HEvSKofvBgfaexv23kMabbYqxasxU3mQ4ibBMEmJWHny", // Chainlink
  ];
  assert.deepEqual(programs.filter((program) => programNameOf(program) === null), []);
});

Deno.test("a generated table names the code, and the name gives the class", async () => {
  const pumpSwap = await decodeCode("pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA", 6004);
  assert.equal(pumpSwap.failure?.errorName, "ExceededSlippage");
  assert.equal(pumpSwap.failure?.source, "table");
  assert.equal(pumpSwap.failure?.confidence, "medium");
  assert.equal(pumpSwap.verdict.failureClass, "slippage");
  const dlmm = await decodeCode("LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo", 6003);
  assert.equal(dlmm.failure?.errorName, "ExceededAmountSlippageTolerance");
  assert.equal(dlmm.verdict.failureClass, "slippage");
  assert.equal(dlmm.verdict.action, "requote_and_rebuild");
  const core = await decodeCode("CoREENxT6tW1HoK8ypY1SxRMZTcVPm7R94rH4PZNhX7d", 0);
  assert.equal(core.failure?.errorName, "InvalidSystemProgram");
  // Metaplex Core is not an Anchor program: a framework-range code is not read as an Anchor error.
  assert.equal(errorTableOf("CoREENxT6tW1HoK8ypY1SxRMZTcVPm7R94rH4PZNhX7d")?.anchor, false);
});

Deno.test("curated codes win over the generated ones for the same program", async () => {
  // The curated Whirlpool table classes 6018 TokenMinSubceeded as slippage with high confidence.
  const { failure, verdict } = await decodeCode("whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc", 6018);
  assert.equal(failure?.confidence, "high");
  assert.equal(verdict.failureClass, "slippage");
  // A code only the published client knows still gets its name.
  const added = await decodeCode("whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc", 6066);
  assert.equal(added.failure?.errorName, "FeatureIsNotEnabled");
});
