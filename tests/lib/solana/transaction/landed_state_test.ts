import assert from "node:assert/strict";
import {
  signatureStatusOf,
  stateOfFound,
  stateOfMissing,
} from "../../../../lib/solana/transaction/landed_state.ts";

Deno.test("signatureStatusOf() reads a status entry, the legacy status field, and a missing one", () => {
  assert.deepEqual(
    signatureStatusOf({
      value: [{
        slot: 5,
        confirmations: null,
        confirmationStatus: "finalized",
        status: { Err: "AccountInUse" },
      }],
    }),
    { slot: 5, confirmationStatus: "finalized", err: "AccountInUse" },
  );
  assert.deepEqual(signatureStatusOf({ value: [{ slot: 7, confirmationStatus: "processed", err: null }] }), {
    slot: 7,
    confirmationStatus: "processed",
    err: null,
  });
  assert.equal(signatureStatusOf({ value: [null] }), null);
  assert.equal(signatureStatusOf(null), null);
});

Deno.test("stateOfFound() lands only finalized transactions and keeps the rest pending", () => {
  const finalized = { slot: 1, confirmationStatus: "finalized" as const, err: null };
  assert.deepEqual(stateOfFound(false, finalized), {
    landedState: "landed_success",
    commitment: "finalized",
  });
  assert.deepEqual(stateOfFound(true, finalized), { landedState: "landed_failed", commitment: "finalized" });
  assert.deepEqual(stateOfFound(true, { ...finalized, confirmationStatus: "confirmed" }), {
    landedState: "pending",
    commitment: "confirmed",
  });
  assert.deepEqual(stateOfFound(false, null), { landedState: "pending", commitment: "confirmed" });
});

Deno.test("stateOfMissing() calls a transaction expired only when it certainly cannot land", () => {
  const none = { blockHeight: null, lastValidBlockHeight: null, blockhashValid: null };
  assert.equal(stateOfMissing(none), null);
  assert.deepEqual(stateOfMissing({ ...none, blockHeight: 100, lastValidBlockHeight: 150 }), {
    landedState: "pending",
    blocksRemaining: 50,
  });
  assert.deepEqual(stateOfMissing({ ...none, blockHeight: 151, lastValidBlockHeight: 150 }), {
    landedState: "expired",
    blocksRemaining: 0,
  });
  assert.deepEqual(stateOfMissing({ ...none, blockhashValid: false }), {
    landedState: "expired",
    blocksRemaining: 0,
  });
  assert.deepEqual(stateOfMissing({ ...none, blockhashValid: true }), {
    landedState: "pending",
    blocksRemaining: null,
  });
  assert.deepEqual(
    stateOfMissing({ blockHeight: 100, lastValidBlockHeight: 150, blockhashValid: false }),
    { landedState: "expired", blocksRemaining: 0 },
    "an unknown blockhash cannot land whatever height the caller believed",
  );
});
