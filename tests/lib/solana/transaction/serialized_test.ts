import assert from "node:assert/strict";
import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getTransactionEncoder,
  pipe,
  setTransactionMessageComputeUnitLimit,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit";
import { memo } from "../../../_support/solana_transactions.ts";
import { InvalidInputError } from "../../../../lib/shared/errors.ts";
import { computeBudgetOf } from "../../../../lib/solana/transaction/compute_budget.ts";
import { messageFromCompiled } from "../../../../lib/solana/transaction/message.ts";
import {
  decodeWireTransaction,
  MAX_TRANSACTION_BYTES,
  transactionProblem,
  withComputeUnitLimit,
} from "../../../../lib/solana/transaction/serialized.ts";

const PAYER = address("9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin");

function unsigned(memoBytes: number, version: "legacy" | 0 = 0, limit?: number) {
  const message = pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayer(PAYER, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash({
        blockhash: blockhash("11111111111111111111111111111111"),
        lastValidBlockHeight: 0n,
      }, m),
    (m) => appendTransactionMessageInstructions([memo("m".repeat(memoBytes))], m),
  );
  return compileTransaction(
    limit === undefined ? message : setTransactionMessageComputeUnitLimit(limit, message),
  );
}

Deno.test("decodeWireTransaction() reads the same transaction from base64 and base58", () => {
  const transaction = unsigned(10, "legacy", 7_000);
  const fromBase64 = decodeWireTransaction(getBase64EncodedWireTransaction(transaction), "base64");
  const fromBase58 = decodeWireTransaction(
    getBase58Decoder().decode(getTransactionEncoder().encode(transaction)),
    "base58",
  );
  assert.deepEqual(fromBase58.bytes, fromBase64.bytes);
  assert.equal(fromBase64.compiled.version, "legacy");
  assert.equal(computeBudgetOf(messageFromCompiled(fromBase64.compiled)).unitLimit, 7_000);
});

Deno.test("transactionProblem() names what is wrong with a caller's transaction", () => {
  assert.equal(transactionProblem("", "base64"), "Invalid transaction: empty");
  assert.equal(transactionProblem("@@@@", "base64"), "Invalid transaction: not valid base64");
  assert.equal(transactionProblem("0OIl", "base58"), "Invalid transaction: not valid base58");
  assert.match(
    transactionProblem("AAAA", "base64")!,
    /^Invalid transaction: the 3 bytes are not a Solana transaction/,
  );
  assert.match(
    transactionProblem("A".repeat(7000), "base64")!,
    /7000 characters, longer than any transaction/,
  );
  assert.throws(() => decodeWireTransaction("", "base64"), InvalidInputError);
});

Deno.test("transactionProblem() refuses a legacy or v0 transaction over 1232 bytes", () => {
  const fits = getBase64EncodedWireTransaction(unsigned(900));
  assert.equal(transactionProblem(fits, "base64"), undefined);
  const big = unsigned(1200);
  const size = getTransactionEncoder().encode(big).length;
  assert.ok(size > MAX_TRANSACTION_BYTES);
  assert.equal(
    transactionProblem(getBase64EncodedWireTransaction(big), "base64"),
    `Invalid transaction: ${size} bytes, larger than the 1232 allowed for a v0 transaction`,
  );
});

Deno.test("withComputeUnitLimit() re-encodes a transaction with another limit, adding the instruction if needed", () => {
  for (const original of [unsigned(5, 0, 1_000), unsigned(5, "legacy")]) {
    const decoded = decodeWireTransaction(getBase64EncodedWireTransaction(original), "base64");
    const raised = withComputeUnitLimit(decoded, 1_400_000)!;
    const view = messageFromCompiled(decodeWireTransaction(raised, "base64").compiled);
    assert.equal(computeBudgetOf(view).unitLimit, 1_400_000);
    assert.equal(computeBudgetOf(view).limitSource, "instruction");
  }
});
