import assert from "node:assert/strict";
import { inferMeaning } from "../../../../lib/solana/transaction/error_meaning.ts";
import { attributeFailure } from "../../../../lib/solana/transaction/attribution.ts";
import { CLASS_DEFAULTS, FAILURE_CLASSES, NEXT_ACTIONS } from "../../../../lib/solana/transaction/classes.ts";
import { parseTransactionError } from "../../../../lib/solana/transaction/error_shapes.ts";
import {
  INSTRUCTION_ERRORS,
  instructionErrorByText,
} from "../../../../lib/solana/transaction/instruction_errors.ts";
import { alignInstructions, parseLogs } from "../../../../lib/solana/transaction/logs.ts";
import type { MessageView } from "../../../../lib/solana/transaction/message.ts";
import { ANCHOR_ERRORS } from "../../../../lib/solana/transaction/program_errors/anchor.ts";
import { ASSOCIATED_TOKEN_ERRORS } from "../../../../lib/solana/transaction/program_errors/associated_token.ts";
import { JUPITER_V6_ERRORS } from "../../../../lib/solana/transaction/program_errors/jupiter.ts";
import { ORCA_WHIRLPOOL_ERRORS } from "../../../../lib/solana/transaction/program_errors/orca_whirlpool.ts";
import { PUMP_FUN_ERRORS } from "../../../../lib/solana/transaction/program_errors/pump_fun.ts";
import {
  RAYDIUM_AMM_V4_ERRORS,
  RAYDIUM_CLMM_ERRORS,
  RAYDIUM_CPMM_ERRORS,
} from "../../../../lib/solana/transaction/program_errors/raydium.ts";
import { errorTableOf } from "../../../../lib/solana/transaction/program_errors/registry.ts";
import {
  TOKEN_2022_ERRORS,
  TOKEN_ERRORS,
} from "../../../../lib/solana/transaction/program_errors/spl_token.ts";
import { SYSTEM_ERRORS } from "../../../../lib/solana/transaction/program_errors/system.ts";
import type { ProgramErrorTable } from "../../../../lib/solana/transaction/program_errors/types.ts";
import { TRANSACTION_ERRORS } from "../../../../lib/solana/transaction/transaction_errors.ts";
import {
  INSTRUCTION_ERROR_VARIANTS,
  TRANSACTION_ERROR_VARIANTS,
} from "../../../../lib/solana/transaction/error_variants.ts";

const PAYER = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";

/** A one-instruction message calling `program`. */
function viewCalling(program: string): MessageView {
  return {
    version: 0,
    accountKeys: [
      { address: PAYER, signer: true, writable: true, source: "static" },
      { address: program, signer: false, writable: false, source: "static" },
    ],
    instructions: [{ index: 0, program, accounts: [0], data: new Uint8Array([1]) }],
    recentBlockhash: null,
    numRequiredSignatures: 1,
    config: null,
  };
}

/** Runs a Custom code raised by `program` through attribution, with the logs the runtime writes. */
async function decodeCustom(program: string, code: number) {
  const { frames } = parseLogs([
    `Program ${program} invoke [1]`,
    `Program ${program} consumed 1000 of 200000 compute units`,
    `Program ${program} failed: custom program error: 0x${code.toString(16)}`,
  ]);
  alignInstructions(frames, [program]);
  return await attributeFailure(
    parseTransactionError({ InstructionError: [0, { Custom: code }] }),
    frames,
    viewCalling(program),
  );
}

Deno.test("the TransactionError table covers every runtime variant with a class and an action", () => {
  assert.equal(TRANSACTION_ERROR_VARIANTS.length, 39);
  assert.deepEqual(Object.keys(TRANSACTION_ERRORS).sort(), [...TRANSACTION_ERROR_VARIANTS].sort());
  for (const info of Object.values(TRANSACTION_ERRORS)) {
    assert.ok(FAILURE_CLASSES.includes(info.failureClass));
    if (info.action) assert.ok(NEXT_ACTIONS.includes(info.action));
  }
});

Deno.test("attributeFailure() classifies every TransactionError variant from its JSON shape", async () => {
  for (const name of TRANSACTION_ERROR_VARIANTS.filter((variant) => variant !== "InstructionError")) {
    const shape = name === "DuplicateInstruction"
      ? { [name]: 0 }
      : name === "InsufficientFundsForRent" || name === "ProgramExecutionTemporarilyRestricted"
      ? { [name]: { account_index: 0 } }
      : name;
    const { failure, verdict } = await attributeFailure(parseTransactionError(shape), [], viewCalling(PAYER));
    const info = TRANSACTION_ERRORS[name]!;
    assert.equal(failure?.errorName, name);
    assert.equal(failure?.source, "runtime");
    assert.equal(verdict.failureClass, info.failureClass, name);
    assert.equal(verdict.action, info.action ?? CLASS_DEFAULTS[info.failureClass].action, name);
  }
});

Deno.test("attributeFailure() names the account of a struct variant", async () => {
  const { failure, verdict } = await attributeFailure(
    parseTransactionError({ InsufficientFundsForRent: { account_index: 0 } }),
    [],
    viewCalling(PAYER),
  );
  assert.equal(failure?.account, PAYER);
  assert.equal(verdict.failureClass, "insufficient_funds");
});

Deno.test("the InstructionError table covers every runtime variant and maps its log text back", () => {
  for (const name of INSTRUCTION_ERROR_VARIANTS) {
    const info = INSTRUCTION_ERRORS[name];
    assert.ok(info, name);
    assert.ok(FAILURE_CLASSES.includes(info.failureClass));
    assert.equal(instructionErrorByText(info.message), name);
  }
});

Deno.test("attributeFailure() classifies every InstructionError variant raised by a program", async () => {
  const program = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr";
  for (const name of INSTRUCTION_ERROR_VARIANTS.filter((variant) => variant !== "Custom")) {
    const info = INSTRUCTION_ERRORS[name]!;
    const { frames } = parseLogs([
      `Program ${program} invoke [1]`,
      `Program ${program} failed: ${info.message}`,
    ]);
    alignInstructions(frames, [program]);
    const { failure, verdict } = await attributeFailure(
      parseTransactionError({ InstructionError: [0, name] }),
      frames,
      viewCalling(program),
    );
    assert.equal(failure?.program, program);
    assert.equal(failure?.errorName, name);
    assert.equal(failure?.message, info.message);
    assert.equal(failure?.confidence, "high");
    assert.equal(verdict.failureClass, info.failureClass, name);
  }
});

Deno.test("attributeFailure() maps unknown variants to the unknown class", async () => {
  for (const shape of ["BrandNewError", { InstructionError: [0, "BrandNewInstructionError"] }, 12]) {
    const { verdict, failure } = await attributeFailure(parseTransactionError(shape), [], viewCalling(PAYER));
    assert.equal(verdict.failureClass, "unknown");
    assert.equal(verdict.retryable, false);
    assert.equal(failure?.confidence, "low");
  }
});

const TABLES: ProgramErrorTable[] = [
  SYSTEM_ERRORS,
  TOKEN_ERRORS,
  TOKEN_2022_ERRORS,
  ASSOCIATED_TOKEN_ERRORS,
  JUPITER_V6_ERRORS,
  RAYDIUM_AMM_V4_ERRORS,
  RAYDIUM_CPMM_ERRORS,
  RAYDIUM_CLMM_ERRORS,
  ORCA_WHIRLPOOL_ERRORS,
  PUMP_FUN_ERRORS,
];

Deno.test("attributeFailure() decodes every code of every program table by the raising program", async () => {
  for (const table of TABLES) {
    // The registry's table may add codes from the program's published IDL; the curated codes win.
    const known = errorTableOf(table.program)!;
    assert.equal(known.programName, table.programName);
    const names = new Set<string>();
    for (const [code, info] of Object.entries(table.errors)) {
      assert.equal(known.errors[Number(code)], info);
      assert.ok(!names.has(info.name), `${table.programName} repeats ${info.name}`);
      names.add(info.name);
      const { failure, verdict } = await decodeCustom(table.program, Number(code));
      assert.equal(failure?.errorName, info.name, `${table.programName} ${code}`);
      assert.equal(failure?.code, Number(code));
      assert.equal(failure?.source, "table");
      // Without a class in the table, the class is read from the name and message, with medium confidence.
      const inferred = info.failureClass ? null : inferMeaning([info.name, info.message]);
      assert.equal(failure?.confidence, inferred ? "medium" : table.confidence);
      assert.equal(verdict.failureClass, info.failureClass ?? inferred?.failureClass ?? "program_error");
    }
  }
});

Deno.test("program tables use the codes their programs define", () => {
  const expected: Array<[ProgramErrorTable, number, string]> = [
    [SYSTEM_ERRORS, 1, "ResultWithNegativeLamports"],
    [SYSTEM_ERRORS, 8, "NonceUnexpectedBlockhashValue"],
    [TOKEN_ERRORS, 1, "InsufficientFunds"],
    [TOKEN_ERRORS, 17, "AccountFrozen"],
    [TOKEN_2022_ERRORS, 17, "AccountFrozen"],
    [TOKEN_2022_ERRORS, 36, "NoMemo"],
    [TOKEN_2022_ERRORS, 37, "NonTransferable"],
    [TOKEN_2022_ERRORS, 42, "CpiGuardTransferBlocked"],
    [TOKEN_2022_ERRORS, 67, "MintPaused"],
    [ASSOCIATED_TOKEN_ERRORS, 0, "InvalidOwner"],
    [JUPITER_V6_ERRORS, 6001, "SlippageToleranceExceeded"],
    [JUPITER_V6_ERRORS, 6026, "BondingCurveAlreadyCompleted"],
    [ORCA_WHIRLPOOL_ERRORS, 6017, "TokenMaxExceeded"],
    [ORCA_WHIRLPOOL_ERRORS, 6036, "AmountOutBelowMinimum"],
    [ORCA_WHIRLPOOL_ERRORS, 6064, "TradeIsNotEnabled"],
    [RAYDIUM_AMM_V4_ERRORS, 30, "ExceededSlippage"],
    [RAYDIUM_AMM_V4_ERRORS, 40, "InsufficientFunds"],
    [RAYDIUM_AMM_V4_ERRORS, 59, "NotAllowed"],
    [RAYDIUM_CPMM_ERRORS, 6005, "ExceededSlippage"],
    [RAYDIUM_CLMM_ERRORS, 6022, "TooLittleOutputReceived"],
    [PUMP_FUN_ERRORS, 6003, "TooLittleSolReceived"],
    [PUMP_FUN_ERRORS, 6005, "BondingCurveComplete"],
  ];
  for (const [table, code, name] of expected) {
    assert.equal(table.errors[code]?.name, name, `${table.programName} ${code}`);
  }
  assert.equal(Object.keys(TOKEN_ERRORS.errors).length, 20);
  assert.equal(Object.keys(TOKEN_2022_ERRORS.errors).length, 69);
  assert.equal(Object.keys(ORCA_WHIRLPOOL_ERRORS.errors).length, 65);
  assert.equal(Object.keys(RAYDIUM_AMM_V4_ERRORS.errors).length, 60);
});

Deno.test("slippage codes of the curated programs classify as slippage with requote_and_rebuild", async () => {
  const slippage: Array<[ProgramErrorTable, number]> = [
    [JUPITER_V6_ERRORS, 6001],
    [ORCA_WHIRLPOOL_ERRORS, 6017],
    [ORCA_WHIRLPOOL_ERRORS, 6018],
    [ORCA_WHIRLPOOL_ERRORS, 6036],
    [ORCA_WHIRLPOOL_ERRORS, 6037],
    [RAYDIUM_AMM_V4_ERRORS, 30],
    [RAYDIUM_CPMM_ERRORS, 6005],
    [RAYDIUM_CLMM_ERRORS, 6022],
    [PUMP_FUN_ERRORS, 6002],
    [PUMP_FUN_ERRORS, 6003],
  ];
  for (const [table, code] of slippage) {
    const { verdict } = await decodeCustom(table.program, code);
    assert.deepEqual(verdict, { failureClass: "slippage", retryable: true, action: "requote_and_rebuild" });
  }
});

Deno.test("attributeFailure() decodes Anchor framework codes for Anchor programs, not for native ones", async () => {
  for (const [code, info] of Object.entries(ANCHOR_ERRORS)) {
    const { failure } = await decodeCustom(JUPITER_V6_ERRORS.program, Number(code));
    assert.equal(failure?.errorName, info.name);
    assert.equal(failure?.confidence, "high");
  }
  // Orca's token-swap program (v2): no table here, so whether it is built with Anchor is unknown.
  const unknownProgram = await decodeCustom("9W959DqEETiGZocYWCQPaJ6sBmUzgfxXfqGeTEdp3aQP", 3012);
  assert.equal(unknownProgram.failure?.errorName, "AccountNotInitialized");
  assert.equal(unknownProgram.failure?.confidence, "medium", "the program may not be an Anchor program");
  assert.equal(unknownProgram.verdict.action, "create_account");
  const native = await decodeCustom(TOKEN_ERRORS.program, 2006);
  assert.equal(native.failure?.errorName, "Custom", "SPL Token is not an Anchor program");
  assert.equal(native.failure?.confidence, "low");
});
