/**
 * Real mainnet `getTransaction` responses, diagnosed end to end.
 */
import assert from "node:assert/strict";
import { snapshotFromMeta } from "../../../../lib/solana/transaction/balances.ts";
import { computeBudgetOf } from "../../../../lib/solana/transaction/compute_budget.ts";
import { diagnoseRun } from "../../../../lib/solana/transaction/diagnosis.ts";
import { messageFromRpc, usesDurableNonce } from "../../../../lib/solana/transaction/message.ts";

const FIXTURES = new URL("../../../fixtures/solana", import.meta.url).pathname;

// deno-lint-ignore no-explicit-any
type Json = any;

function load(name: string): Json {
  return JSON.parse(Deno.readTextFileSync(`${FIXTURES}/${name}`)).result;
}

async function diagnose(result: Json) {
  const view = messageFromRpc(result.transaction, result.meta, result.version)!;
  return {
    view,
    diagnosis: await diagnoseRun({
      view,
      err: result.meta.err,
      logs: result.meta.logMessages,
      unitsConsumed: result.meta.computeUnitsConsumed,
      feeLamports: result.meta.fee,
      snapshot: snapshotFromMeta(result.meta, view.accountKeys.map((key) => key.address)),
      innerInstructions: result.meta.innerInstructions,
    }, { subject: "The transaction" }),
  };
}

Deno.test("a v0 mainnet swap (json): fee split from its Compute Budget instructions", async () => {
  const result = load("gettx_json_v0.json");
  const { view, diagnosis } = await diagnose(result);
  const budget = computeBudgetOf(view);
  assert.equal(view.version, 0);
  assert.equal(view.accountKeys.length, result.transaction.message.accountKeys.length);
  assert.equal(budget.limitSource, "instruction");
  // The first program frame reports the whole limit minus what the Compute Budget instructions used.
  const firstProgramFrame = result.meta.logMessages.find((line: string) => / consumed \d+ of \d+/.test(line));
  const available = Number(firstProgramFrame.match(/of (\d+)/)[1]);
  assert.ok(budget.unitLimit - available < 1000);
  assert.equal(diagnosis.fee?.totalLamports, result.meta.fee);
  assert.equal(diagnosis.fee?.baseLamports, 5000 * result.transaction.signatures.length);
  assert.equal(
    diagnosis.fee?.priorityLamports,
    Math.ceil((budget.unitPriceMicroLamports * budget.unitLimit) / 1e6),
  );
  assert.equal(diagnosis.compute?.unitsConsumed, result.meta.computeUnitsConsumed);
  assert.equal(diagnosis.failureClass, "none");
  assert.deepEqual(diagnosis.instructions.map((ix) => ix.name), [
    "SetComputeUnitLimit",
    "SetComputeUnitPrice",
    "CreateAccountWithSeed",
    "InitializeAccount",
    null,
    "CloseAccount",
  ]);
});

Deno.test("a v0 mainnet swap (json): invocation tree and token deltas per owner", async () => {
  const result = load("gettx_json_v0.json");
  const { diagnosis } = await diagnose(result);
  const invokes = result.meta.logMessages.filter((line: string) => / invoke \[\d+\]$/.test(line)).length;
  assert.equal(diagnosis.logs.frames.length, invokes);
  assert.equal(diagnosis.logs.truncated, false);
  const inner = diagnosis.logs.frames.filter((frame) => frame.depth === 2);
  assert.equal(inner.length, result.meta.innerInstructions[0].instructions.length);
  assert.ok(inner.every((frame) => frame.instructionIndex === result.meta.innerInstructions[0].index));
  for (const delta of diagnosis.balances.tokens) {
    const sum = (list: Json[]) =>
      list.filter((b) => b.owner === delta.owner && b.mint === delta.mint)
        .reduce((total, b) => total + BigInt(b.uiTokenAmount.amount), 0n);
    assert.equal(
      delta.deltaAmount,
      `${sum(result.meta.postTokenBalances) - sum(result.meta.preTokenBalances)}`,
    );
  }
  const payer = diagnosis.balances.sol.find((entry) => entry.account === diagnosis.feePayer)!;
  assert.equal(payer.deltaLamports, result.meta.postBalances[0] - result.meta.preBalances[0]);
});

Deno.test("a legacy mainnet transfer (jsonParsed): durable nonce, two signers, priority fee", async () => {
  const result = load("gettx_jsonparsed_legacy.json");
  const { view, diagnosis } = await diagnose(result);
  assert.equal(view.version, "legacy");
  assert.equal(usesDurableNonce(view), true);
  assert.equal(diagnosis.signers.length, 2);
  assert.equal(diagnosis.fee?.baseLamports, 10_000);
  assert.equal(diagnosis.fee?.priorityLamports, result.meta.fee - 10_000);
  const budget = computeBudgetOf(view);
  assert.equal(
    diagnosis.fee?.priorityLamports,
    Math.ceil((budget.unitPriceMicroLamports * budget.unitLimit) / 1e6),
  );
  assert.deepEqual(diagnosis.instructions.map((ix) => ix.name), [
    "AdvanceNonce",
    "TransferChecked",
    "SetComputeUnitLimit",
    "SetComputeUnitPrice",
  ]);
  assert.deepEqual(
    diagnosis.balances.tokens.map((t) => [t.deltaAmount, t.deltaUi]).sort(),
    [["-3800000", "-3.8"], ["3800000", "3.8"]],
  );
});
