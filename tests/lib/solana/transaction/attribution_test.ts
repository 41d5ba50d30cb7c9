import assert from "node:assert/strict";
import { attributeFailure } from "../../../../lib/solana/transaction/attribution.ts";
import { parseTransactionError } from "../../../../lib/solana/transaction/error_shapes.ts";
import { alignInstructions, parseLogs } from "../../../../lib/solana/transaction/logs.ts";
import type { MessageView } from "../../../../lib/solana/transaction/message.ts";

const PAYER = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
const JUPITER = "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4";
const CLMM = "CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK";
const UNKNOWN = "Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS";

function view(programs: string[]): MessageView {
  return {
    version: 0,
    accountKeys: [PAYER, ...programs].map((address, i) => ({
      address,
      signer: i === 0,
      writable: i === 0,
      source: "static" as const,
    })),
    instructions: programs.map((program, index) => ({
      index,
      program,
      accounts: [0],
      data: new Uint8Array([1]),
    })),
    recentBlockhash: null,
    numRequiredSignatures: 1,
    config: null,
  };
}

async function attribute(err: unknown, logs: string[], programs: string[], idl?: Record<number, string>) {
  const { frames } = parseLogs(logs);
  alignInstructions(frames, programs);
  return await attributeFailure(
    parseTransactionError(err),
    frames,
    view(programs),
    idl
      ? (program) =>
        Promise.resolve(
          program === UNKNOWN
            ? Object.fromEntries(
              Object.entries(idl).map(([code, name]) => [code, { name, message: `${name} msg` }]),
            )
            : null,
        )
      : undefined,
  );
}

Deno.test("attributeFailure() attributes a custom code to the innermost program, not the instruction's", async () => {
  const { failure, verdict } = await attribute({ InstructionError: [0, { Custom: 6022 }] }, [
    `Program ${JUPITER} invoke [1]`,
    `Program ${CLMM} invoke [2]`,
    `Program ${CLMM} failed: custom program error: 0x1786`,
    `Program ${JUPITER} failed: custom program error: 0x1786`,
  ], [JUPITER]);
  assert.equal(failure?.program, CLMM);
  assert.equal(failure?.depth, 2);
  assert.equal(failure?.errorName, "TooLittleOutputReceived", "CLMM's 6022, not Jupiter's InvalidFeeWallet");
  assert.equal(failure?.confidence, "medium", "CLMM's numbering has drifted between deployments");
  assert.equal(verdict.failureClass, "slippage");
});

Deno.test("attributeFailure() prefers the AnchorError logged in the failing frame over the table", async () => {
  const { failure, verdict } = await attribute({ InstructionError: [0, { Custom: 6018 }] }, [
    `Program ${JUPITER} invoke [1]`,
    `Program ${CLMM} invoke [2]`,
    "Program log: AnchorError thrown in programs/amm/src/instructions/swap.rs:412. Error Code: " +
    "TooLittleOutputReceived. Error Number: 6018. Error Message: Too little output received.",
    `Program ${CLMM} failed: custom program error: 0x1782`,
    `Program ${JUPITER} failed: custom program error: 0x1782`,
  ], [JUPITER]);
  assert.equal(failure?.errorName, "TooLittleOutputReceived");
  assert.equal(failure?.message, "Too little output received");
  assert.equal(failure?.source, "log");
  assert.equal(failure?.confidence, "high");
  assert.equal(verdict.failureClass, "slippage", "the class follows the logged name");
});

Deno.test("attributeFailure() ignores AnchorError lines logged outside the failing frame", async () => {
  const { failure } = await attribute({ InstructionError: [1, { Custom: 6001 }] }, [
    `Program ${UNKNOWN} invoke [1]`,
    "Program log: AnchorError occurred. Error Code: Decoy. Error Number: 6001. Error Message: Not this one.",
    `Program ${UNKNOWN} success`,
    `Program ${JUPITER} invoke [1]`,
    `Program ${JUPITER} failed: custom program error: 0x1771`,
  ], [UNKNOWN, JUPITER]);
  assert.equal(failure?.program, JUPITER);
  assert.equal(failure?.errorName, "SlippageToleranceExceeded");
  assert.equal(failure?.source, "table");
});

Deno.test("attributeFailure() names the account an AnchorError blames", async () => {
  const { failure, verdict } = await attribute({ InstructionError: [0, { Custom: 3012 }] }, [
    `Program ${UNKNOWN} invoke [1]`,
    "Program log: AnchorError caused by account: user_position. Error Code: AccountNotInitialized. " +
    "Error Number: 3012. Error Message: The program expected this account to be already initialized.",
    `Program ${UNKNOWN} failed: custom program error: 0xbc4`,
  ], [UNKNOWN]);
  assert.equal(failure?.errorName, "AccountNotInitialized");
  assert.match(failure!.message, /account "user_position"/);
  assert.equal(verdict.action, "create_account");
});

Deno.test("attributeFailure() falls back to the program's IDL for codes no table knows", async () => {
  const logs = [`Program ${UNKNOWN} invoke [1]`, `Program ${UNKNOWN} failed: custom program error: 0x1772`];
  const found = await attribute({ InstructionError: [0, { Custom: 6002 }] }, logs, [UNKNOWN], {
    6002: "VaultLocked",
  });
  assert.equal(found.failure?.errorName, "VaultLocked");
  assert.equal(found.failure?.source, "idl");
  assert.equal(found.verdict.failureClass, "program_error");
  const missing = await attribute({ InstructionError: [0, { Custom: 6002 }] }, logs, [UNKNOWN], {
    6000: "Other",
  });
  assert.equal(missing.failure?.errorName, "Custom");
  assert.equal(missing.failure?.message, "custom program error: 0x1772");
  assert.equal(missing.failure?.source, "runtime");
  assert.equal(missing.failure?.confidence, "low");
});

Deno.test("attributeFailure() treats a program killed by the compute meter as compute_exceeded", async () => {
  const { verdict, failure } = await attribute({ InstructionError: [0, "ProgramFailedToComplete"] }, [
    `Program ${UNKNOWN} invoke [1]`,
    `Program ${UNKNOWN} consumed 50 of 50 compute units`,
    `Program ${UNKNOWN} failed: exceeded CUs meter at BPF instruction`,
  ], [UNKNOWN]);
  assert.equal(failure?.program, UNKNOWN);
  assert.equal(verdict.failureClass, "compute_exceeded");
  const other = await attribute({ InstructionError: [0, "ProgramFailedToComplete"] }, [
    `Program ${UNKNOWN} invoke [1]`,
    `Program ${UNKNOWN} failed: Program failed to complete`,
  ], [UNKNOWN]);
  assert.equal(other.verdict.failureClass, "program_error");
});

Deno.test("attributeFailure() falls back to the instruction's program when the logs say nothing", async () => {
  const { failure } = await attribute({ InstructionError: [1, "InvalidInstructionData"] }, [], [
    JUPITER,
    CLMM,
  ]);
  assert.equal(failure?.program, CLMM);
  assert.equal(failure?.depth, null);
  assert.equal(failure?.confidence, "medium");
});

Deno.test("attributeFailure() uses the deepest open frame when the log was truncated", async () => {
  const { failure } = await attribute({ InstructionError: [0, { Custom: 6022 }] }, [
    `Program ${JUPITER} invoke [1]`,
    `Program ${CLMM} invoke [2]`,
    "Log truncated",
  ], [JUPITER]);
  assert.equal(failure?.program, CLMM);
  assert.equal(failure?.errorName, "TooLittleOutputReceived");
  assert.equal(failure?.confidence, "medium");
  const jupiterOnly = await attribute({ InstructionError: [0, { Custom: 6001 }] }, [
    `Program ${JUPITER} invoke [1]`,
    "Log truncated",
  ], [JUPITER]);
  assert.equal(jupiterOnly.failure?.errorName, "SlippageToleranceExceeded");
  assert.equal(jupiterOnly.failure?.confidence, "medium", "a decode from a truncated log is less certain");
});

Deno.test("attributeFailure() reads the class from a logged error name when no table decides it", async () => {
  const { failure, verdict } = await attribute({ InstructionError: [0, { Custom: 6004 }] }, [
    `Program ${UNKNOWN} invoke [1]`,
    "Program log: Instruction: Buy",
    "Program log: AnchorError thrown in programs/amm/src/instructions/buy.rs:201. Error Code: ExceededSlippage. " +
    "Error Number: 6004. Error Message: Exceeded slippage.",
    `Program ${UNKNOWN} failed: custom program error: 0x1774`,
  ], [UNKNOWN]);
  assert.equal(verdict.failureClass, "slippage");
  assert.equal(verdict.action, "requote_and_rebuild");
  assert.equal(failure?.errorName, "ExceededSlippage");
  assert.equal(failure?.source, "log");
  assert.equal(failure?.confidence, "medium");
  assert.equal(failure?.evidence, "ExceededSlippage");
});

Deno.test("attributeFailure() reads the class from a bare log line when the code has no name", async () => {
  const { failure, verdict } = await attribute({ InstructionError: [0, { Custom: 16 }] }, [
    `Program ${UNKNOWN} invoke [1]`,
    "Program log: Error: exceeds desired slippage limit",
    `Program ${UNKNOWN} failed: custom program error: 0x10`,
  ], [UNKNOWN]);
  assert.equal(verdict.failureClass, "slippage");
  assert.equal(failure?.errorName, "Custom");
  assert.equal(failure?.message, "Error: exceeds desired slippage limit");
  assert.equal(failure?.source, "log");
  assert.equal(failure?.confidence, "medium");
});

Deno.test("attributeFailure() treats a stale oracle as transient, with a delay", async () => {
  const { verdict } = await attribute(
    { InstructionError: [0, { Custom: 6010 }] },
    [
      `Program ${UNKNOWN} invoke [1]`,
      `Program ${UNKNOWN} failed: custom program error: 0x177a`,
    ],
    [UNKNOWN],
    { 6010: "StaleOracle" },
  );
  assert.equal(verdict.failureClass, "transient");
  assert.equal(verdict.action, "retry_later");
  assert.equal(verdict.retryAfterSeconds, 5);
});

Deno.test("attributeFailure() keeps a table's class over what the words suggest", async () => {
  // Jupiter's table classes 6002 InvalidCalculation as program_error; a decoy line must not override it.
  const { verdict, failure } = await attribute({ InstructionError: [0, { Custom: 6002 }] }, [
    `Program ${JUPITER} invoke [1]`,
    "Program log: slippage exceeded somewhere else",
    `Program ${JUPITER} failed: custom program error: 0x1772`,
  ], [JUPITER]);
  assert.equal(verdict.failureClass, "program_error");
  assert.equal(failure?.evidence, null);
  assert.equal(failure?.confidence, "high");
});

Deno.test("attributeFailure() leaves an unexplained code as program_error", async () => {
  const { verdict, failure } = await attribute({ InstructionError: [0, { Custom: 6099 }] }, [
    `Program ${UNKNOWN} invoke [1]`,
    "Program log: Instruction: Swap",
    `Program ${UNKNOWN} failed: custom program error: 0x17d3`,
  ], [UNKNOWN]);
  assert.equal(verdict.failureClass, "program_error");
  assert.equal(failure?.evidence, null);
});
