import assert from "node:assert/strict";
import { planFor, type RepairDiagnosis } from "../../../../lib/solana/transaction/repair/refusal.ts";

/** The refusal's code, or `undefined` for a plan to rebuild. */
function codeOf(plan: ReturnType<typeof planFor>): string | undefined {
  return "code" in plan ? plan.code : undefined;
}

const context = { durableNonce: false, blockhashValid: true, feeLevelAsked: false };

function diagnosis(
  failureClass: RepairDiagnosis["failureClass"],
  nextAction: RepairDiagnosis["nextAction"],
  instructionIndex: number | null = 0,
): RepairDiagnosis {
  return {
    failureClass,
    nextAction,
    retryable: false,
    failure: {
      instructionIndex,
      program: null,
      programName: null,
      depth: 1,
      code: null,
      hex: null,
      errorName: "Error",
      message: "error",
      source: "log",
      confidence: "high",
      evidence: null,
      account: null,
    },
  };
}

Deno.test("planFor() refuses slippage, funds, transient and program failures with stable codes", () => {
  const slippage = planFor(
    diagnosis("slippage", { action: "requote_and_rebuild", reason: "Slippage exceeded" }),
    context,
  );
  assert.equal(codeOf(slippage), "needs_new_quote");

  const funds = planFor(
    diagnosis("insufficient_funds", {
      action: "add_funds",
      reason: "short",
      lamportsMissing: 1_500,
      account: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
    }),
    context,
  );
  assert.deepEqual(funds, {
    available: false,
    code: "insufficient_funds",
    reason:
      "Funds are missing (9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin lacks 1500 lamports); a rebuild " +
      "cannot add them",
    lamportsMissing: 1_500,
    account: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
  });

  const later = planFor(diagnosis("transient", { action: "retry_later", reason: "Oracle stale" }), context);
  assert.equal(codeOf(later), "retry_later");
  const restricted = planFor(
    diagnosis("token_restriction", { action: "do_not_retry", reason: "frozen" }),
    context,
  );
  assert.equal(codeOf(restricted), "not_mechanical");
  const tooBig = planFor(
    diagnosis("compute_exceeded", { action: "fix_transaction", reason: "split it" }),
    context,
  );
  assert.equal(codeOf(tooBig), "exceeds_max_compute");
  const nonce = planFor(
    diagnosis("compute_exceeded", { action: "raise_compute_unit_limit", reason: "more" }),
    {
      ...context,
      durableNonce: true,
    },
  );
  assert.equal(codeOf(nonce), "durable_nonce");
});

Deno.test("planFor() rebuilds compute, expiry and account failures, and a success only when asked or stale", () => {
  assert.deepEqual(
    planFor(diagnosis("compute_exceeded", { action: "raise_compute_unit_limit", reason: "more" }), context),
    { kind: "rebuild", raisePrice: false },
  );
  assert.deepEqual(
    planFor(diagnosis("account_state", { action: "fix_transaction", reason: "x" }, 2), context),
    {
      kind: "create_missing_accounts",
      instructionIndex: 2,
    },
  );
  const none = diagnosis("none", { action: "none", reason: "Succeeded" }, null);
  assert.equal(codeOf(planFor(none, context)), "not_needed");
  assert.deepEqual(planFor(none, { ...context, blockhashValid: false }), {
    kind: "rebuild",
    raisePrice: true,
  });
  assert.deepEqual(planFor(none, { ...context, feeLevelAsked: true }), { kind: "rebuild", raisePrice: true });
});
