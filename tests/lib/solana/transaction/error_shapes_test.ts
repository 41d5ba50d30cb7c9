import assert from "node:assert/strict";
import { parseTransactionError } from "../../../../lib/solana/transaction/error_shapes.ts";

const BLANK = {
  instructionError: null,
  instructionIndex: null,
  customCode: null,
  accountIndex: null,
  detail: null,
  recognised: true,
};

Deno.test("parseTransactionError() reads success in every form as null", () => {
  for (const ok of [null, undefined, { Ok: null }]) assert.equal(parseTransactionError(ok), null);
});

Deno.test("parseTransactionError() reads a unit variant given as a bare string", () => {
  assert.deepEqual(parseTransactionError("BlockhashNotFound"), {
    ...BLANK,
    transactionError: "BlockhashNotFound",
  });
});

Deno.test("parseTransactionError() reads a one-field tuple variant", () => {
  assert.deepEqual(parseTransactionError({ DuplicateInstruction: 2 }), {
    ...BLANK,
    transactionError: "DuplicateInstruction",
    instructionIndex: 2,
  });
});

Deno.test("parseTransactionError() reads struct variants with their snake_case account_index", () => {
  for (const name of ["InsufficientFundsForRent", "ProgramExecutionTemporarilyRestricted"]) {
    assert.deepEqual(parseTransactionError({ [name]: { account_index: 3 } }), {
      ...BLANK,
      transactionError: name,
      accountIndex: 3,
    });
  }
});

Deno.test("parseTransactionError() reads InstructionError with a Custom code", () => {
  assert.deepEqual(parseTransactionError({ InstructionError: [2, { Custom: 6001 }] }), {
    ...BLANK,
    transactionError: "InstructionError",
    instructionError: "Custom",
    instructionIndex: 2,
    customCode: 6001,
  });
});

Deno.test("parseTransactionError() reads InstructionError with a unit variant", () => {
  assert.deepEqual(parseTransactionError({ InstructionError: [0, "ComputationalBudgetExceeded"] }), {
    ...BLANK,
    transactionError: "InstructionError",
    instructionError: "ComputationalBudgetExceeded",
    instructionIndex: 0,
  });
});

Deno.test("parseTransactionError() reads BorshIoError both as unit and with the old payload", () => {
  assert.equal(
    parseTransactionError({ InstructionError: [1, "BorshIoError"] })?.instructionError,
    "BorshIoError",
  );
  const old = parseTransactionError({
    InstructionError: [1, { BorshIoError: "Unexpected length of input" }],
  });
  assert.equal(old?.instructionError, "BorshIoError");
  assert.equal(old?.detail, "Unexpected length of input");
  assert.equal(old?.recognised, true);
});

Deno.test("parseTransactionError() unwraps the legacy status form and a JSON string", () => {
  const expected = parseTransactionError({ InstructionError: [4, { Custom: 1 }] });
  assert.deepEqual(parseTransactionError({ Err: { InstructionError: [4, { Custom: 1 }] } }), expected);
  assert.deepEqual(parseTransactionError('{"InstructionError":[4,{"Custom":1}]}'), expected);
});

Deno.test("parseTransactionError() reads a bare [index, error] array as an instruction error", () => {
  assert.deepEqual(
    parseTransactionError([3, { Custom: 17 }]),
    parseTransactionError({ InstructionError: [3, { Custom: 17 }] }),
  );
});

Deno.test("parseTransactionError() keeps unknown variant names and payloads", () => {
  assert.deepEqual(parseTransactionError("SomeFutureError"), {
    ...BLANK,
    transactionError: "SomeFutureError",
  });
  const future = parseTransactionError({ FutureVariant: { slot: 9 } });
  assert.equal(future?.transactionError, "FutureVariant");
  assert.equal(future?.detail, '{"slot":9}');
});

Deno.test("parseTransactionError() never throws on malformed shapes and marks them unrecognised", () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const shapes: unknown[] = [
    42,
    true,
    [],
    [1, 2, 3],
    { a: 1, b: 2 },
    { InstructionError: "x" },
    { InstructionError: [-1, "GenericError"] },
    { InstructionError: [300, "GenericError"] },
    { InstructionError: [0, { Custom: -5 }] },
    { InstructionError: [0, { Custom: 2 ** 40 }] },
    { InstructionError: [0, 17] },
    { Err: 5 },
    "{not json",
    "has spaces in it",
    { InstructionError: [0, { Custom: cyclic }] },
    "x".repeat(10_000),
  ];
  for (const shape of shapes) {
    const parsed = parseTransactionError(shape);
    assert.ok(parsed, `parsed ${String(shape).slice(0, 30)}`);
    assert.equal(parsed.recognised, false, `unrecognised: ${JSON.stringify(parsed).slice(0, 120)}`);
    assert.ok((parsed.detail ?? "").length <= 200);
  }
});
