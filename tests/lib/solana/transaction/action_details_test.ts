/**
 * The numbers of the next action beyond slippage: the wait a program states
 * for a "too soon" failure (seconds or slots, with its basis), the account an
 * account-state failure is about and its state, and reasons that never stop
 * at a bare hex code when the program logged something more.
 */
import assert from "node:assert/strict";
import { diagnoseRun } from "../../../../lib/solana/transaction/diagnosis.ts";
import type { MessageView } from "../../../../lib/solana/transaction/message.ts";
import { verdictOf } from "../../../../lib/solana/transaction/classes.ts";
import { parseLogs } from "../../../../lib/solana/transaction/logs.ts";
import { nextActionFor } from "../../../../lib/solana/transaction/next_action.ts";
import { comparedWait, statedWait } from "../../../../lib/solana/transaction/retry_timing.ts";
import { loadCorpus, replayCorpus } from "./_corpus.ts";

const SYSTEM = "11111111111111111111111111111111";
const PAYER = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
const TAKEN = "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T";

function view(program: string, accounts: string[]): MessageView {
  return {
    version: 0,
    accountKeys: [
      { address: PAYER, signer: true, writable: true, source: "static" },
      ...accounts.map((address) => ({ address, signer: false, writable: true, source: "static" as const })),
      { address: program, signer: false, writable: false, source: "static" },
    ],
    instructions: [{
      index: 0,
      program,
      accounts: [0, ...accounts.map((_, i) => i + 1)],
      data: new Uint8Array(),
    }],
    recentBlockhash: null,
    numRequiredSignatures: 1,
    config: null,
  };
}

function run(
  program: string,
  accounts: string[],
  code: number,
  lines: string[],
  lamports: number[] | null = null,
) {
  const keys = [PAYER, ...accounts, program];
  const snapshot = lamports
    ? { accounts: keys, preLamports: lamports, postLamports: lamports, preTokens: [], postTokens: [] }
    : null;
  return diagnoseRun({
    view: view(program, accounts),
    err: { InstructionError: [0, { Custom: code }] },
    logs: [
      `Program ${program} invoke [1]`,
      ...lines,
      `Program ${program} failed: custom program error: 0x${code.toString(16)}`,
    ],
    unitsConsumed: 1_000,
    feeLamports: 5_000,
    snapshot,
    innerInstructions: [],
  }, { subject: "The transaction" });
}

Deno.test("statedWait() reads a wait in seconds, minutes or slots (at 0.4 s a slot), and nothing else", () => {
  assert.equal(statedWait(["Program log: Too soon: retry in 30 seconds"])?.seconds, 30);
  assert.equal(statedWait(["Program log: Next update available in 2 min"])?.seconds, 120);
  // 25 slots × 0.4 s = 10 s.
  assert.deepEqual(
    statedWait(["Program log: cooldown: 25 slots remaining"]),
    { seconds: 10, basis: "stated_slots", evidence: "Program log: cooldown: 25 slots remaining" },
  );
  // 60 − 40 = 20 s still to pass.
  assert.equal(statedWait(["Program log: update too frequent, elapsed 40 < required 60"])?.seconds, 20);
  // (10 − 3) slots × 0.4 s = 2.8 → 3 s.
  assert.equal(statedWait(["Program log: slots_since_last_update=3 min_interval=10 slots"])?.seconds, 3);
  for (const line of ["Program log: 1 b 0 s", "Program log: No profitable arbitrage opportunity found"]) {
    assert.equal(statedWait([line]), null, line);
  }
});

Deno.test("a retry_later answer takes its wait from the program's own line, and says the basis", async () => {
  const paused = await run("Zeta1111111111111111111111111111111111111111", [], 6136, [
    "Program log: Exchange is paused, try again in 45 seconds",
  ]);
  assert.equal(paused.nextAction.action, "retry_later");
  assert.equal(paused.nextAction.retryAfterSeconds, 45);
  assert.equal(paused.nextAction.retryAfterBasis, "stated_seconds");
  assert.match(paused.nextAction.reason, /try again in 45 seconds.*retry in 45 s/);
});

Deno.test("a time check's compared values give the wait: Unix seconds, milliseconds or slots", () => {
  const pair = (
    left: number,
    right: number,
  ) => [`Program log: Left: ${left}`, `Program log: Right: ${right}`];
  // now 1744174400 < unlock 1744174460: 60 s to go.
  assert.equal(comparedWait(pair(1744174400, 1744174460), "Claim Too Soon")?.seconds, 60);
  // Milliseconds: (1744174484403 − 1744174481903) / 1000 = 2.5 → 3 s.
  assert.equal(comparedWait(pair(1744174481903, 1744174484403), "cooldown")?.seconds, 3);
  // Slots: 332254908 − 332254855 = 53 slots × 0.4 s = 21.2 → 22 s.
  assert.deepEqual(comparedWait(pair(332254855, 332254908), "not yet unlocked"), {
    seconds: 22,
    basis: "stated_slots",
    evidence: "Left: 332254855, Right: 332254908",
  });
  assert.equal(comparedWait(pair(1000000000, 1015188724), "Exceeded Slippage"), null, "not about time");
  assert.equal(comparedWait(pair(5, 5), "stale oracle price too old wait"), null);
});

Deno.test("a retry_later answer reads the wait from a time check's Left/Right pair", () => {
  const program = "Lock111111111111111111111111111111111111111";
  const { frames } = parseLogs([
    `Program ${program} invoke [1]`,
    "Program log: AnchorError occurred. Error Code: ClaimTooSoon. Error Number: 6001. Error Message: Claim too soon.",
    "Program log: Left: 1744174400",
    "Program log: Right: 1744174460",
    `Program ${program} failed: custom program error: 0x1771`,
  ]);
  const { nextAction, retryable } = nextActionFor({
    verdict: verdictOf("transient"),
    failure: {
      instructionIndex: 0,
      program,
      programName: null,
      depth: 1,
      code: 6001,
      hex: "0x1771",
      errorName: "ClaimTooSoon",
      message: "Claim too soon",
      source: "log",
      confidence: "high",
      account: null,
      evidence: null,
    },
    frame: frames[0]!,
    frames,
    view: null,
    budget: null,
    unitsConsumed: null,
    snapshot: null,
    innerInstructions: null,
    fee: null,
    price: null,
  });
  assert.equal(retryable, true);
  assert.deepEqual([nextAction.retryAfterSeconds, nextAction.retryAfterBasis], [60, "stated_seconds"]);
});

Deno.test("an account already in use names the account, its position and its state", async () => {
  const result = await run(SYSTEM, [TAKEN], 0, [
    `Allocate: account Address { address: ${TAKEN}, base: None } already in use`,
  ]);
  assert.equal(result.failureClass, "account_state");
  assert.equal(result.nextAction.account, TAKEN);
  assert.equal(result.nextAction.accountIndex, 1, "the instruction's second account");
  assert.equal(result.nextAction.accountState, "already_in_use");
});

Deno.test("an Anchor account that is not initialized: its name, and the one account that held no lamports", async () => {
  const program = "Vau1t11111111111111111111111111111111111111";
  const result = await run(program, [TAKEN, SYSTEM], 3012, [
    "Program log: AnchorError caused by account: vault. Error Code: AccountNotInitialized. Error Number: 3012. " +
    "Error Message: The program expected this account to be already initialized.",
  ], [5_000_000, 0, 1, 1]);
  assert.equal(result.nextAction.action, "create_account");
  assert.deepEqual(
    [result.nextAction.account, result.nextAction.accountIndex, result.nextAction.accountRole],
    [TAKEN, 1, "vault"],
  );
  assert.equal(result.nextAction.accountState, "not_initialized");
});

Deno.test("an account owned by the wrong program is named as such though its class is invalid_transaction", async () => {
  const program = "Vau1t11111111111111111111111111111111111111";
  const result = await run(program, [TAKEN], 3007, [
    "Program log: AnchorError caused by account: pool. Error Code: AccountOwnedByWrongProgram. Error Number: 3007. " +
    "Error Message: The given account is owned by a different program than expected.",
  ]);
  assert.equal(result.failureClass, "invalid_transaction");
  assert.deepEqual([result.nextAction.accountRole, result.nextAction.accountState], ["pool", "wrong_owner"]);
});

Deno.test("recorded corpus: no reason stops at a bare hex code when the program logged more; rent names its account", async () => {
  const scored = await replayCorpus(loadCorpus());
  const bare = scored.filter(({ result }) => {
    const failure = result.failure;
    if (!failure || !/^custom program error: 0x/.test(failure.message)) return false;
    const frame = result.logs.frames.find((f) => f.status === "failed" && f.program === failure.program);
    const own = (frame?.logs ?? []).filter((line) =>
      /^Program log: /.test(line) && !/^Program log: (?:Instruction:|Custom program error)/i.test(line)
    );
    return own.length > 0 && !/the program logged: "/.test(result.nextAction.reason);
  }).map((s) => `${s.id}: ${s.result.nextAction.reason}`);
  assert.deepEqual(bare, []);
  const arbitrage = scored.find((s) => s.id.startsWith("21e5QHRZvon6m2ERAkum"));
  // A recorded `InsufficientFundsForRent { account_index: 14 }`: the fifteenth account of the message.
  const rent = scored.find((s) => s.id.startsWith("3bhRAq2zLPUsC1A1jq2zfseL4wYKgUZmUdd9692yGMrv6Lws7"));
  assert.deepEqual(
    [rent!.result.nextAction.action, rent!.result.nextAction.account, rent!.result.nextAction.accountState],
    ["add_funds", "G8gHrgYkzLALjg3LT4wUcuiEFCxxUovave9TD8t4WjTc", "insufficient_rent"],
  );
  assert.match(
    arbitrage!.result.nextAction.reason,
    /the program logged: "No profitable arbitrage opportunity found"/,
  );
});
