import assert from "node:assert/strict";
import { loadConfig } from "../../../../lib/server/config/load.ts";
import { buildServices } from "../../../../lib/server/services.ts";
import { InvalidInputError } from "../../../../lib/shared/errors.ts";
import { z } from "zod";
import operation from "../../../../routes/v1/transaction/simulate.ts";
import { fundedWallet, memo, signedTransaction, wire } from "../../../_support/solana_transactions.ts";
import { startLocalChain } from "../../../_support/local_chain.ts";

const ACCOUNT = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";

function messages(input: Record<string, unknown>): string[] {
  const result = operation.input.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The problems with `input` found before payment: its schema's, then the precheck's (the transaction decodes). */
async function problems(input: Record<string, unknown>): Promise<string[]> {
  const result = operation.input.safeParse(input);
  if (!result.success) return result.error.issues.map((issue) => issue.message);
  try {
    await operation.precheck!(result.data as never, undefined as never); // It reads no service.
    return [];
  } catch (error) {
    assert.ok(error instanceof InvalidInputError);
    const prefix = 'Invalid input: "transaction": ';
    assert.ok(error.message.startsWith(prefix), error.message);
    return [error.message.slice(prefix.length)];
  }
}

Deno.test("chain_transaction_simulate input refuses every malformed body with a precise message", async () => {
  const transaction = operation.example!.transaction as string;
  assert.deepEqual(messages({}), [
    "Missing transaction: send the serialized transaction as a base64 or base58 string",
  ]);
  assert.deepEqual(messages({ transaction: 7 }), ["Invalid transaction: expected a string"]);
  assert.deepEqual(await problems({ transaction: "" }), ["Invalid transaction: empty"]);
  assert.deepEqual(messages({ transaction, encoding: "hex" }), [
    'Invalid encoding "hex": expected "base64" or "base58"',
  ]);
  assert.deepEqual(await problems({ transaction: "not base64!" }), ["Invalid transaction: not valid base64"]);
  assert.deepEqual(await problems({ transaction, encoding: "base58" }), [
    "Invalid transaction: not valid base58",
  ]);
  assert.match(
    (await problems({ transaction: "AAAAAAAA" }))[0]!,
    /^Invalid transaction: the 6 bytes are not a Solana transaction/,
  );
  assert.deepEqual(messages({ transaction, accountAddresses: Array(21).fill(ACCOUNT) }), [
    "Too many accountAddresses: 21 given, at most 20 are allowed",
  ]);
  assert.deepEqual(messages({ transaction, accountAddresses: [ACCOUNT, "nope"] }), [
    'Invalid account address "nope": not a 32-byte address',
  ]);
  assert.deepEqual(messages({ transaction, accountAddresses: ACCOUNT }), [
    "Invalid accountAddresses: expected an array of base58 addresses",
  ]);
  assert.deepEqual(messages({ transaction, repair: { feeLevel: "urgent" } }), [
    'Invalid feeLevel "urgent": expected one of "low", "medium", "high", "veryHigh"',
  ]);
  assert.deepEqual(messages({ transaction, repair: "yes" }), [
    'Invalid repair: expected an object such as {"feeLevel": "medium"}',
  ]);
  assert.equal(messages({ transaction, repair: { feeLevel: "medium", sign: true } }).length, 1);
  assert.deepEqual(messages({ transaction, repair: { feeLevel: "veryHigh" } }), []);
});

Deno.test("chain_transaction_simulate input refuses an oversized transaction", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const payer = await fundedWallet(cluster.local);
    const big = await signedTransaction(cluster.local, payer, [memo("x".repeat(1200))]);
    const [message] = await problems({ transaction: wire(big) });
    assert.match(
      message!,
      /^Invalid transaction: \d+ bytes, larger than the 1232 allowed for a v0 transaction$/,
    );
  } finally {
    await cluster.close();
  }
});

Deno.test("chain_transaction_simulate schemas convert to JSON Schema for OpenAPI and MCP", () => {
  const output = z.toJSONSchema(operation.output) as { properties: Record<string, unknown> };
  for (const field of ["success", "replacementBlockhash", "failureClass", "nextAction", "balancesSource"]) {
    assert.ok(field in output.properties, field);
  }
  assert.doesNotThrow(() => z.toJSONSchema(operation.input, { io: "input" }));
});

Deno.test("chain_transaction_simulate handler answers with output that matches its schema", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const payer = await fundedWallet(cluster.local);
    const transaction = await signedTransaction(cluster.local, payer, [memo("simulate me")]);
    const context = {
      requestId: "test",
      signal: AbortSignal.timeout(10_000),
      services: buildServices(loadConfig({}), cluster.client),
    };
    const output = await operation.handler(
      operation.input.parse({ transaction: wire(transaction), accountAddresses: [payer.address] }),
      context,
    );
    assert.deepEqual(operation.output.parse(output), output);
    assert.equal(output.success, true);
    assert.equal(output.instructions[0]?.name, "Memo");
  } finally {
    await cluster.close();
  }
});
