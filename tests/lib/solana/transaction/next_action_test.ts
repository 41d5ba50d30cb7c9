import assert from "node:assert/strict";
import type { Failure } from "../../../../lib/solana/transaction/attribution.ts";
import { verdictOf } from "../../../../lib/solana/transaction/classes.ts";
import type { ComputeBudget } from "../../../../lib/solana/transaction/compute_budget.ts";
import {
  type ActionInput,
  expiredAction,
  nextActionFor,
  pendingAction,
} from "../../../../lib/solana/transaction/next_action.ts";

const BUDGET: ComputeBudget = {
  unitLimit: 200_000,
  limitSource: "default",
  unitPriceMicroLamports: 50_000,
  priorityFeeLamports: 10_000,
  feeModel: "compute_unit_price",
  heapBytes: null,
  loadedAccountsDataSizeLimit: null,
  signatureCount: 1,
};

function input(overrides: Partial<ActionInput>): ActionInput {
  return {
    verdict: verdictOf("none"),
    failure: null,
    frame: null,
    frames: [],
    view: null,
    budget: BUDGET,
    unitsConsumed: 20_000,
    snapshot: null,
    innerInstructions: null,
    fee: null,
    price: null,
    ...overrides,
  };
}

Deno.test("nextActionFor() tells a success that over-requested units what limit to set and what it saves", () => {
  const { nextAction, retryable } = nextActionFor(input({}));
  assert.equal(retryable, false);
  assert.equal(nextAction.action, "none");
  assert.equal(nextAction.computeUnitLimit, 22_000);
  assert.equal(nextAction.priorityFeeLamports, 10_000 - 1_100);
});

Deno.test("nextActionFor() leaves a well-sized success alone unless asked for a limit", () => {
  const snug = input({ unitsConsumed: 190_000 });
  assert.deepEqual(nextActionFor(snug).nextAction, {
    action: "none",
    reason: "Succeeded; nothing to change",
  });
  const asked = nextActionFor({
    ...snug,
    recommendLimit: true,
    price: { microLamportsPerComputeUnit: 0, basis: "combined" },
  });
  assert.equal(asked.nextAction.computeUnitLimit, 209_000, "190,000 used plus 10%");
  assert.equal(asked.nextAction.microLamportsPerComputeUnit, 0);
  assert.match(asked.nextAction.reason, /no priority fee is needed/);
});

Deno.test("nextActionFor() raises the limit to the measured need plus 10%, or doubles it unmeasured", () => {
  const exceeded = input({ verdict: verdictOf("compute_exceeded"), unitsConsumed: 200_000 });
  const measured = nextActionFor({ ...exceeded, measuredUnits: 300_000 });
  assert.equal(measured.nextAction.action, "raise_compute_unit_limit");
  assert.equal(measured.nextAction.computeUnitLimit, 330_000);
  assert.equal(measured.nextAction.priorityFeeLamports, 16_500);
  assert.equal(measured.retryable, true);
  const guessed = nextActionFor(exceeded);
  assert.equal(guessed.nextAction.computeUnitLimit, 400_000);
});

Deno.test("nextActionFor() says to split the work when even the maximum limit is not enough", () => {
  const atMax = input({
    verdict: verdictOf("compute_exceeded"),
    budget: { ...BUDGET, unitLimit: 1_400_000 },
  });
  const { nextAction, retryable } = nextActionFor(atMax);
  assert.equal(nextAction.action, "fix_transaction");
  assert.equal(retryable, false);
  const measuredTooMuch = nextActionFor({
    ...input({ verdict: verdictOf("compute_exceeded") }),
    measuredUnits: 1_400_000,
  });
  assert.equal(measuredTooMuch.nextAction.action, "fix_transaction");
});

Deno.test("nextActionFor() works out a fee payer's shortfall", () => {
  const failure: Failure = {
    instructionIndex: null,
    program: null,
    programName: null,
    depth: null,
    code: null,
    hex: null,
    errorName: "InsufficientFundsForFee",
    message: "The fee payer cannot pay the base and priority fee",
    source: "runtime",
    confidence: "high",
    account: null,
    evidence: null,
  };
  const payer = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
  const { nextAction } = nextActionFor(input({
    verdict: verdictOf("insufficient_funds"),
    failure,
    view: {
      version: 0,
      accountKeys: [{ address: payer, signer: true, writable: true, source: "static" }],
      instructions: [],
      recentBlockhash: null,
      numRequiredSignatures: 1,
      config: null,
    },
    snapshot: {
      accounts: [payer],
      preLamports: [3_000],
      postLamports: [3_000],
      preTokens: [],
      postTokens: [],
    },
    fee: {
      totalLamports: 15_000,
      baseLamports: 5_000,
      priorityLamports: 10_000,
      model: "compute_unit_price",
    },
  }));
  assert.equal(nextAction.action, "add_funds");
  assert.equal(nextAction.account, payer);
  assert.equal(nextAction.lamportsMissing, 12_000);
});

Deno.test("pendingAction() and expiredAction() carry the block window and a price", () => {
  assert.deepEqual(pendingAction(12, 500), {
    action: "wait_and_rebroadcast",
    reason: pendingAction(12, 500).reason,
    blocksRemaining: 12,
    lastValidBlockHeight: 500,
  });
  assert.match(pendingAction(12, 500).reason, /12 more blocks/);
  const expired = expiredAction({ microLamportsPerComputeUnit: 7_500, basis: "global" });
  assert.equal(expired.action, "rebuild_with_fresh_blockhash");
  assert.equal(expired.microLamportsPerComputeUnit, 7_500);
  assert.match(expired.reason, /7500 micro-lamports/);
  assert.equal(expiredAction(null).microLamportsPerComputeUnit, undefined);
  // Nothing to wait for: fetch a fresh blockhash and send the rebuilt transaction at once.
  assert.deepEqual([expired.retryAfterSeconds, expired.retryAfterBasis], [0, "blockhash"]);
});
