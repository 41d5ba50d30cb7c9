import assert from "node:assert/strict";
import {
  computeBudgetOf,
  defaultComputeUnitLimit,
  overRequestRatio,
  recommendedComputeUnitLimit,
  splitFee,
} from "../../../../lib/solana/transaction/compute_budget.ts";
import type { MessageInstruction, MessageView } from "../../../../lib/solana/transaction/message.ts";

const BUDGET = "ComputeBudget111111111111111111111111111111";
const SYSTEM = "11111111111111111111111111111111";
const PROGRAM = "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4";
const ED25519 = "Ed25519SigVerify111111111111111111111111111";

function u32(tag: number, value: number): Uint8Array {
  const data = new Uint8Array(5);
  data[0] = tag;
  new DataView(data.buffer).setUint32(1, value, true);
  return data;
}

function u64(tag: number, value: bigint): Uint8Array {
  const data = new Uint8Array(9);
  data[0] = tag;
  new DataView(data.buffer).setBigUint64(1, value, true);
  return data;
}

function view(instructions: Array<[string, Uint8Array | null]>, signers = 1): MessageView {
  return {
    version: 0,
    accountKeys: [],
    instructions: instructions.map(([program, data], index): MessageInstruction => ({
      index,
      program,
      accounts: [],
      data,
    })),
    recentBlockhash: null,
    numRequiredSignatures: signers,
    config: null,
  };
}

Deno.test("computeBudgetOf() reads every Compute Budget instruction", () => {
  const budget = computeBudgetOf(view([
    [BUDGET, u32(1, 65_536)],
    [BUDGET, u32(2, 300_000)],
    [BUDGET, u64(3, 25_000n)],
    [BUDGET, u32(4, 128_000)],
    [PROGRAM, new Uint8Array([9])],
  ]));
  assert.deepEqual(budget, {
    unitLimit: 300_000,
    limitSource: "instruction",
    unitPriceMicroLamports: 25_000,
    priorityFeeLamports: 7_500,
    feeModel: "compute_unit_price",
    heapBytes: 65_536,
    loadedAccountsDataSizeLimit: 128_000,
    signatureCount: 1,
  });
});

Deno.test("computeBudgetOf() applies the default limit per builtin and per program instruction", () => {
  assert.equal(defaultComputeUnitLimit(view([[PROGRAM, null]])), 200_000);
  assert.equal(
    defaultComputeUnitLimit(view([[BUDGET, u64(3, 1n)], [SYSTEM, null], [PROGRAM, null]])),
    206_000,
  );
  assert.equal(defaultComputeUnitLimit(view(Array(10).fill([PROGRAM, null]))), 1_400_000);
  const budget = computeBudgetOf(view([[BUDGET, u64(3, 1_000_000n)], [PROGRAM, null]]));
  assert.equal(budget.limitSource, "default");
  assert.equal(budget.unitLimit, 203_000);
  assert.equal(budget.priorityFeeLamports, 203_000);
});

Deno.test("computeBudgetOf() clamps an explicit limit to the 1.4M maximum and ignores malformed data", () => {
  assert.equal(computeBudgetOf(view([[BUDGET, u32(2, 5_000_000)]])).unitLimit, 1_400_000);
  const malformed = computeBudgetOf(view([[BUDGET, new Uint8Array([2, 1])], [PROGRAM, null]]));
  assert.equal(malformed.limitSource, "default");
});

Deno.test("computeBudgetOf() counts precompile signatures for the base fee", () => {
  const budget = computeBudgetOf(view([[ED25519, new Uint8Array([2, 0])], [PROGRAM, null]], 1));
  assert.equal(budget.signatureCount, 3);
  assert.deepEqual(splitFee(15_000, budget), {
    totalLamports: 15_000,
    baseLamports: 15_000,
    priorityLamports: 0,
    model: "compute_unit_price",
  });
});

Deno.test("computeBudgetOf() takes a v1 message's own limit and absolute priority fee", () => {
  const v1: MessageView = {
    ...view([[PROGRAM, null]]),
    version: 1,
    config: {
      computeUnitLimit: 40_000,
      priorityFeeLamports: 12_345n,
      heapSize: null,
      loadedAccountsDataSizeLimit: 9,
    },
  };
  const budget = computeBudgetOf(v1);
  assert.equal(budget.unitLimit, 40_000);
  assert.equal(budget.limitSource, "message_config");
  assert.equal(budget.feeModel, "message_config");
  assert.equal(budget.priorityFeeLamports, 12_345);
  assert.equal(budget.unitPriceMicroLamports, 0);
  assert.deepEqual(splitFee(17_345, budget), {
    totalLamports: 17_345,
    baseLamports: 5_000,
    priorityLamports: 12_345,
    model: "message_config",
  });
  const unset = computeBudgetOf({ ...v1, config: { ...v1.config!, computeUnitLimit: null } });
  assert.equal(unset.unitLimit, 0, "a v1 message without a limit gets none");
});

Deno.test("recommendedComputeUnitLimit() adds 10% and stays within bounds; overRequestRatio() divides", () => {
  assert.equal(recommendedComputeUnitLimit(100_000), 110_000);
  assert.equal(recommendedComputeUnitLimit(1_300_000), 1_400_000);
  assert.equal(recommendedComputeUnitLimit(0), 1);
  assert.equal(overRequestRatio(200_000, 50_000), 4);
  assert.equal(overRequestRatio(200_000, 0), null);
  assert.equal(overRequestRatio(200_000, null), null);
});
