/**
 * Meaning read from words where no table gives a class: recorded mainnet
 * failures replayed through explain (their log lines as the programs wrote
 * them), and codes whose names and messages come from the programs' own
 * sources (Serum DEX's error enum, published IDLs), decoded end to end.
 *
 * @module
 */
import assert from "node:assert/strict";
import { decodeCode } from "./_decode.ts";
import { inferMeaning } from "../../../../lib/solana/transaction/error_meaning.ts";
import {
  PAUSED_RETRY_SECONDS,
  statedWaitSeconds,
  TOO_SOON_RETRY_SECONDS,
} from "../../../../lib/solana/transaction/meaning_rules.ts";
import { loadCorpus, replayCorpus } from "./_corpus.ts";

async function replayed(id: string) {
  const [scored] = await replayCorpus(loadCorpus().filter((entry) => entry.id === id));
  assert.ok(scored, id);
  return scored.result;
}

Deno.test("a report that lost to a newer one: do not resend, nothing to fix (Chainlink OCR2, recorded)", async () => {
  const result = await replayed(
    "22X1NerTnP96eoEHoSudZTCCiuwHJTxBzndgCtmebDP9Ltmog4KzAEfK9y2mS6WgH8U6bJ26tX58jdMxvi7rZQYx",
  );
  assert.equal(result.failureClass, "already_processed");
  assert.equal(result.retryable, false);
  assert.equal(result.nextAction.action, "do_not_retry");
  assert.match(result.nextAction.reason, /^Stale report: a newer update already landed.*do not resend/);
  assert.equal(result.failure?.errorName, "StaleReport");
});

Deno.test("a halted exchange: retry later, after a minute (Zeta, recorded)", async () => {
  const result = await replayed(
    "3qHvgx6RkctxkG7wo1ZTjvT3yUTkRww4AuGUs6d2P3mgMmXKvJoP6Fjq9yhHxFTbjULzxuYgTqm8jtBcgoZqWVGf",
  );
  assert.equal(result.failureClass, "transient");
  assert.equal(result.retryable, true);
  assert.equal(result.nextAction.retryAfterSeconds, PAUSED_RETRY_SECONDS);
});

Deno.test("a code no table names gets the program's own words as its reason, not a bare code (recorded)", async () => {
  const result = await replayed(
    "2ASCnbsHRyK74k9Sn7oGXrbm73YtF7kXrrjhqQeWKGi1K8em3yuRyh9JKfFQDRQNt3YYCuPAjrpR3VWfDA1J3NoB",
  );
  assert.match(
    result.failure!.message,
    /^Sequence out of order \| sequence_num=\d+ \| last_known=\d+ \(custom program error: 0x12c\)$/,
  );
  assert.match(result.nextAction.reason, /^Sequence out of order/);
});

Deno.test("the vote program's codes are named from its source: an old vote is not resent (recorded)", async () => {
  const result = await replayed(
    "57VvLyUYMWpLb3n63LXNWZb1KQW1n9o6r9HGYuvi5BW7Futd9BMVwChyemyMawKUbU8n3J5vSaMwBEADgYQ29GTQ",
  );
  assert.equal(result.failure?.errorName, "VoteTooOld");
  assert.equal(result.failure?.programName, "Vote Program");
  assert.equal(result.retryable, false);
  assert.equal(result.nextAction.action, "do_not_retry");
});

const SERUM_DEX = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
const OPENBOOK_V1 = "srmqPvymJeFKQ4zGQed1GFppgkRHL9kaELCbyksJtPX";

Deno.test("an order book's full open-orders account: cancel or settle orders, then send again (Serum and its fork)", async () => {
  // DexErrorCode::TooManyOpenOrders is 42 in project-serum/serum-dex and in openbook-dex/program.
  for (const program of [SERUM_DEX, OPENBOOK_V1]) {
    const { failure, verdict } = await decodeCode(program, 42);
    assert.equal(failure?.errorName, "TooManyOpenOrders");
    assert.deepEqual(verdict, { failureClass: "account_state", retryable: false, action: "fix_transaction" });
    assert.match(failure!.message, /^Too many open orders: .*cancel or settle open orders, then send again$/);
  }
});

Deno.test("an order book's insufficient funds is a funds failure; a full request queue waits for the crank", async () => {
  // DexErrorCode::InsufficientFunds = 34, RequestQueueFull = 50 (project-serum/serum-dex dex/src/error.rs).
  const funds = await decodeCode(SERUM_DEX, 34);
  assert.deepEqual(funds.verdict, {
    failureClass: "insufficient_funds",
    retryable: false,
    action: "add_funds",
  });
  const queue = await decodeCode(SERUM_DEX, 50);
  assert.equal(queue.verdict.failureClass, "transient");
  assert.equal(queue.verdict.action, "retry_later");
});

Deno.test("a price update older than the one on chain is superseded (Pyth Push Oracle IDL)", async () => {
  // 6000 UpdatesNotMonotonic: "Updates must be monotonically increasing".
  const { failure, verdict } = await decodeCode("pythWSnswVUd12oZpeFP8e9CVaEqJg25g1Vtc2biRsT", 6000);
  assert.equal(failure?.errorName, "UpdatesNotMonotonic");
  assert.deepEqual(verdict, { failureClass: "already_processed", retryable: false, action: "do_not_retry" });
});

Deno.test("too soon: retry after the interval the words give (Kamino Vault IDL, Stake program source)", async () => {
  // Kamino Vault 7045 InvestTooSoon: "Invest is called too soon after last invest".
  const vault = await decodeCode("KvauGMspG5k6rtzrqqn7WNn3oZdyKqLKwK2XWQ8FLjd", 7045);
  assert.deepEqual(vault.verdict, {
    failureClass: "transient",
    retryable: true,
    action: "retry_later",
    retryAfterSeconds: TOO_SOON_RETRY_SECONDS,
  });
  // StakeError::TooSoonToRedelegate (3): "One re-delegation permitted per epoch" — wait for the next epoch.
  const stake = await decodeCode("Stake11111111111111111111111111111111111111", 3);
  assert.equal(stake.verdict.retryAfterSeconds, 172_800);
});

Deno.test("an expired order is rebuilt, not abandoned (Jupiter Limit Order IDL)", async () => {
  const { verdict } = await decodeCode("jupoNjAxXgZ4rjzxzPMP4oxduvQsQtZzyknqvzYNrNu", 6008);
  assert.deepEqual(verdict, {
    failureClass: "program_error",
    retryable: true,
    action: "requote_and_rebuild",
  });
});

Deno.test("already done, and beyond a cap (Squads v4 and MarginFi IDLs)", async () => {
  // Squads v4 6010 AlreadyApproved: "Member already approved the transaction".
  const squads = await decodeCode("SQDS4ep65T869zMMBKyuUq6aD6EgTu8psMjkvj52pCf", 6010);
  assert.deepEqual(squads.verdict, {
    failureClass: "already_processed",
    retryable: false,
    action: "do_not_retry",
  });
  // MarginFi 6003 BankAssetCapacityExceeded: "Bank deposit capacity exceeded".
  const marginfi = await decodeCode("MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA", 6003);
  assert.equal(marginfi.verdict.action, "fix_transaction");
  assert.match(marginfi.failure!.message, /make it smaller/);
});

Deno.test("statedWaitSeconds() reads the wait a line states, or the period its limit runs over", () => {
  assert.equal(statedWaitSeconds("must wait 12 seconds"), 12);
  assert.equal(statedWaitSeconds("150 slots remaining"), 60);
  assert.equal(statedWaitSeconds("ticket not ready wait a few hours and try again"), 3_600);
  assert.equal(statedWaitSeconds("daily withdrawal limit exceeded try again later"), 86_400);
  assert.equal(statedWaitSeconds("too soon"), TOO_SOON_RETRY_SECONDS);
  // The wait stated beside the name counts: the name matches, the message gives the period.
  assert.equal(
    inferMeaning(["TooSoonToRedelegate", "One re-delegation permitted per epoch"])?.retryAfterSeconds,
    172_800,
  );
});
