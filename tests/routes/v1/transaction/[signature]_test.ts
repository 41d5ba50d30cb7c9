import assert from "node:assert/strict";
import { loadConfig } from "../../../../lib/server/config/load.ts";
import { buildServices } from "../../../../lib/server/services.ts";
import { z } from "zod";
import { NotFoundError } from "../../../../lib/shared/errors.ts";
import operation from "../../../../routes/v1/transaction/[signature].ts";
import { fundedWallet, memo, signedTransaction } from "../../../_support/solana_transactions.ts";
import { startLocalChain } from "../../../_support/local_chain.ts";

const SIGNATURE = "4LXpF3MCdp69iFmD27Sn812UNpqFPHM4qXH7Y12E964p9GHXvwMe1XEmyasogVT2N4XEctdQQLf1sHY6Gvsa5sFX";

function messages(input: Record<string, unknown>): string[] {
  const result = operation.input.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

Deno.test("chain_transaction_analysis input names a malformed signature or hint before payment", () => {
  assert.deepEqual(messages({}), ["Missing signature"]);
  assert.deepEqual(messages({ signature: "0xdead" }), [
    'Invalid signature "0xdead": not base58 (only 1-9, A-H, J-N, P-Z and a-k, m-z are allowed)',
  ]);
  assert.deepEqual(messages({ signature: "11111111111111111111111111111111" }), [
    'Invalid signature "11111111111111111111111111111111": decodes to 32 bytes, expected 64',
  ]);
  assert.deepEqual(messages({ signature: SIGNATURE, lastValidBlockHeight: "soon" }), [
    "Invalid lastValidBlockHeight: expected a non-negative integer block height",
  ]);
  assert.deepEqual(messages({ signature: SIGNATURE, lastValidBlockHeight: "-4" }), [
    'Invalid lastValidBlockHeight "-4": must not be negative',
  ]);
  assert.deepEqual(messages({ signature: SIGNATURE, recentBlockhash: SIGNATURE }), [
    `Invalid recentBlockhash "${SIGNATURE.slice(0, 61)}...": decodes to 64 bytes, expected 32`,
  ]);
  assert.deepEqual(messages({ signature: SIGNATURE, repair: "yes" }), [
    'Invalid repair "yes": expected true or false',
  ]);
  assert.deepEqual(messages({ signature: SIGNATURE, repair: true, feeLevel: "fast" }), [
    'Invalid feeLevel "fast": expected one of "low", "medium", "high", "veryHigh"',
  ]);
  assert.deepEqual(operation.input.parse({ signature: SIGNATURE, lastValidBlockHeight: "123" }), {
    signature: SIGNATURE,
    lastValidBlockHeight: 123,
  });
});

Deno.test("chain_transaction_analysis schemas convert to JSON Schema for OpenAPI and MCP", () => {
  const output = z.toJSONSchema(operation.output) as { properties: Record<string, unknown> };
  for (const field of ["landedState", "failureClass", "retryable", "nextAction", "failure", "summary"]) {
    assert.ok(field in output.properties, field);
  }
  assert.doesNotThrow(() => z.toJSONSchema(operation.input, { io: "input" }));
});

Deno.test("chain_transaction_analysis handler answers with output that matches its schema", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const payer = await fundedWallet(cluster.local);
    const signature = await cluster.send(await signedTransaction(cluster.local, payer, [memo("route")]));
    const context = {
      requestId: "test",
      signal: AbortSignal.timeout(10_000),
      services: buildServices(loadConfig({}), cluster.client),
    };
    const output = await operation.handler(operation.input.parse({ signature }), context);
    assert.deepEqual(operation.output.parse(output), output);
    assert.equal(output.landedState, "landed_success");
    assert.doesNotThrow(() => JSON.stringify(output));

    const missing = "5".repeat(87);
    await assert.rejects(
      operation.handler(operation.input.parse({ signature: missing }), context),
      (error: unknown) => error instanceof NotFoundError && /not found/.test(error.message),
    );
    const pending = await operation.handler(
      operation.input.parse({
        signature: missing,
        lastValidBlockHeight: String(cluster.local.chain.blockHeight + 5n),
      }),
      context,
    );
    assert.deepEqual(operation.output.parse(pending), pending);
    assert.equal(pending.landedState, "pending");
  } finally {
    await cluster.close();
  }
});
