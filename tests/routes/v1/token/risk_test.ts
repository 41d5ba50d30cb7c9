import assert from "node:assert/strict";
import operation from "../../../../routes/v1/token/risk.ts";
import { NotFoundError } from "../../../../lib/shared/errors.ts";
import { startLocalChain } from "../../../_support/local_chain.ts";
import { concentratedMint } from "../../../_support/token_mints.ts";

function messages(input: unknown): string[] {
  const result = operation.input.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

Deno.test("chain_token_risk input requires a well-formed mint in the body", () => {
  assert.deepEqual(messages({}), ["Missing mint"]);
  assert.deepEqual(messages({ mint: 42 }), ["Invalid mint: expected a base58 address string"]);
  assert.deepEqual(messages({ mint: "" }), ['Invalid mint "": empty']);
  assert.deepEqual(messages({ mint: "So1111111111111111111111111111111111111111l" }), [
    'Invalid mint "So1111111111111111111111111111111111111111l": not base58 (only 1-9, A-H, J-N, P-Z and a-k, m-z are allowed)',
  ]);
});

Deno.test("chain_token_risk handler scores a mint with output that matches its schema", async () => {
  await using rpc = await startLocalChain({ seedHistory: false });
  const s = await concentratedMint(await rpc.builder());
  const output = await operation.handler(operation.input.parse({ mint: s.mint }), rpc.context());
  assert.deepEqual(operation.output.parse(output), output);
  assert.equal(output.mint, s.mint);
  assert.equal(output.score, 80);
  assert.equal(output.level, "critical");
  assert.equal(output.inspection.mint, s.mint);
  assert.doesNotThrow(() => JSON.stringify(output));
});

Deno.test("chain_token_risk handler answers 404 for an account that is not a mint", async () => {
  await using rpc = await startLocalChain({ seedHistory: false });
  const s = await concentratedMint(await rpc.builder());
  await assert.rejects(
    operation.handler(operation.input.parse({ mint: s.whale }), rpc.context()),
    NotFoundError,
  );
});
