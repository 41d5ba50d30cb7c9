import assert from "node:assert/strict";
import { formatUnits, uiTokenAmount } from "../../../../lib/local/solana/token_accounts.ts";

Deno.test("uiTokenAmount() trims trailing zeros and sends uiAmount null for zero, as the RPC does", () => {
  assert.deepEqual(uiTokenAmount(0n, 6), { amount: "0", decimals: 6, uiAmount: null, uiAmountString: "0" });
  assert.deepEqual(uiTokenAmount(3_800_000n, 6), {
    amount: "3800000",
    decimals: 6,
    uiAmount: 3.8,
    uiAmountString: "3.8",
  });
  assert.deepEqual(uiTokenAmount(1n, 9), {
    amount: "1",
    decimals: 9,
    uiAmount: 1e-9,
    uiAmountString: "0.000000001",
  });
  assert.equal(formatUnits(244_055_085_955n, 9), "244.055085955");
  assert.equal(formatUnits(1_000_000n, 6), "1");
  assert.equal(formatUnits(42n, 0), "42");
});
