import assert from "node:assert/strict";
import { describeTransactionError, fromLiteSvmError } from "../../../../lib/local/solana/tx_error.ts";

Deno.test("fromLiteSvmError() names fieldless errors in LiteSVM's numbering", () => {
  assert.equal(fromLiteSvmError(2), "AccountNotFound");
  assert.equal(fromLiteSvmError(4), "InsufficientFundsForFee");
  assert.equal(fromLiteSvmError(6), "AlreadyProcessed");
  assert.equal(fromLiteSvmError(7), "BlockhashNotFound");
  assert.equal(fromLiteSvmError(11), "SignatureFailure");
  assert.equal(fromLiteSvmError(34), "CommitCancelled");
});

Deno.test("describeTransactionError() words errors as the validator's preflight messages do", () => {
  assert.equal(
    describeTransactionError({ InstructionError: [2, { Custom: 6001 }] }),
    "Error processing Instruction 2: custom program error: 0x1771",
  );
  assert.equal(
    describeTransactionError({ InstructionError: [0, "ComputationalBudgetExceeded"] }),
    "Error processing Instruction 0: Computational budget exceeded",
  );
  assert.equal(describeTransactionError("InsufficientFundsForFee"), "Insufficient funds for fee");
  assert.equal(
    describeTransactionError({ InsufficientFundsForRent: { account_index: 1 } }),
    "Transaction results in an account (1) with insufficient funds for rent",
  );
  assert.equal(
    describeTransactionError({ DuplicateInstruction: 3 }),
    "Transaction contains a duplicate instruction (3) that is not allowed",
  );
  assert.equal(describeTransactionError("SomethingNew"), "SomethingNew");
});
