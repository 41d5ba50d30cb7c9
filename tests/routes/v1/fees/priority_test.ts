import assert from "node:assert/strict";
import operation from "../../../../routes/v1/fees/priority.ts";
import { SEEDED_FEE_ACCOUNT } from "../../../../lib/local/solana/local_solana.ts";
import { startLocalChain } from "../../../_support/local_chain.ts";

const WSOL = "So11111111111111111111111111111111111111112";

function messages(query: Record<string, unknown>): string[] {
  const result = operation.input.safeParse(query);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

Deno.test("chain_priority_fees input accepts no query at all", () => {
  assert.deepEqual(operation.input.parse({}), {});
});

Deno.test("chain_priority_fees input coerces computeUnitLimit from a query string", () => {
  assert.deepEqual(operation.input.parse({ account: [WSOL], computeUnitLimit: "200000" }), {
    account: [WSOL],
    computeUnitLimit: 200_000,
  });
});

Deno.test("chain_priority_fees input names a malformed account", () => {
  assert.deepEqual(messages({ account: [WSOL, "not-an-address"] }), [
    'Invalid account "not-an-address": not base58 (only 1-9, A-H, J-N, P-Z and a-k, m-z are allowed)',
  ]);
  assert.deepEqual(messages({ account: ["1111"] }), ['Invalid account "1111": not a 32-byte address']);
  assert.deepEqual(messages({ account: [""] }), ['Invalid account "": empty']);
});

Deno.test("chain_priority_fees input states the account limit", () => {
  assert.deepEqual(messages({ account: Array(21).fill(WSOL) }), [
    "Too many accounts: 21 given, at most 20 are allowed",
  ]);
  assert.deepEqual(messages({ account: Array(20).fill(WSOL) }), []);
});

Deno.test("chain_priority_fees input states the computeUnitLimit bounds", () => {
  assert.deepEqual(messages({ computeUnitLimit: "abc" }), [
    "Invalid computeUnitLimit: expected an integer from 1 to 1400000",
  ]);
  assert.deepEqual(messages({ computeUnitLimit: "0" }), ['Invalid computeUnitLimit "0": must be at least 1']);
  assert.deepEqual(messages({ computeUnitLimit: "1400001" }), [
    'Invalid computeUnitLimit "1400001": must be at most 1400000',
  ]);
  assert.deepEqual(messages({ computeUnitLimit: "2.5" }), ['Invalid computeUnitLimit "2.5": not an integer']);
});

Deno.test("chain_priority_fees input quotes only the start of a very long value", () => {
  const [message] = messages({ account: ["x".repeat(5000)] });
  assert.ok(message!.length < 200, message);
  assert.equal(
    message,
    `Invalid account "${"x".repeat(61)}...": too long (5000 characters, an address has at most 44)`,
  );
});

Deno.test("chain_priority_fees handler answers with output that matches its schema", async () => {
  await using rpc = await startLocalChain();
  const input = operation.input.parse({ account: [SEEDED_FEE_ACCOUNT], computeUnitLimit: "1400000" });
  const output = await operation.handler(input, rpc.context());
  assert.deepEqual(operation.output.parse(output), output);
  assert.equal(output.unit, "microLamportsPerComputeUnit");
  assert.deepEqual(output.levelPercentiles, { low: 25, medium: 50, high: 75, veryHigh: 95 });
  assert.equal(output.accounts[0]!.account, SEEDED_FEE_ACCOUNT);
  assert.equal(output.recommended.microLamportsPerComputeUnit, 100_000);
  assert.equal(output.recommended.priorityFeeLamports, 140_000); // 100,000 µL × 1.4M CU / 1e6
  assert.doesNotThrow(() => JSON.stringify(output));
});
