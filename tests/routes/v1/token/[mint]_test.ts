import assert from "node:assert/strict";
import operation from "../../../../routes/v1/token/[mint].ts";
import { NotFoundError } from "../../../../lib/shared/errors.ts";
import { startLocalChain } from "../../../_support/local_chain.ts";
import { hazardMint } from "../../../_support/token_mints.ts";

function messages(input: Record<string, unknown>): string[] {
  const result = operation.input.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

Deno.test("chain_token_analysis input names a malformed mint", () => {
  assert.deepEqual(messages({ mint: "0xdeadbeef" }), [
    'Invalid mint "0xdeadbeef": not base58 (only 1-9, A-H, J-N, P-Z and a-k, m-z are allowed)',
  ]);
  assert.deepEqual(messages({ mint: "abc" }), ['Invalid mint "abc": not a 32-byte address']);
  assert.deepEqual(messages({}), ["Missing mint"]);
  assert.deepEqual(messages({ mint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" }), []);
});

Deno.test("chain_token_analysis handler answers with output that matches its schema", async () => {
  await using rpc = await startLocalChain({ seedHistory: false });
  const s = await hazardMint(await rpc.builder());
  const output = await operation.handler(operation.input.parse({ mint: s.mint }), rpc.context());
  assert.deepEqual(operation.output.parse(output), output);
  assert.equal(output.mint, s.mint);
  assert.equal(output.extensions.length, 6);
  assert.doesNotThrow(() => JSON.stringify(output));
});

Deno.test("chain_token_analysis handler answers 404 for an address with no account", async () => {
  await using rpc = await startLocalChain({ seedHistory: false });
  const nowhere = "HookProgram11111111111111111111111111111111";
  await assert.rejects(
    operation.handler(operation.input.parse({ mint: nowhere }), rpc.context()),
    (error: unknown) => error instanceof NotFoundError && error.kind === "not_found",
  );
});
