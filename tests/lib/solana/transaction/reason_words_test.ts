/**
 * No answer's reason is a bare hex code: over every failure of the recorded
 * mainnet corpus (replayed through explain over a loopback RPC stub), where
 * the program's error table names the code, the reason is in words; where the failing program logged a line in words, the reason
 * carries that line; and where neither exists, the reason says so instead of
 * stopping at the code.
 */
import assert from "node:assert/strict";
import {
  ANCHOR_ERRORS,
  ANCHOR_USER_ERROR_OFFSET,
} from "../../../../lib/solana/transaction/program_errors/anchor.ts";
import { errorTableOf } from "../../../../lib/solana/transaction/program_errors/registry.ts";
import type { ExplainResult } from "../../../../lib/solana/transaction/schema.ts";
import { loadCorpus, replayCorpus } from "./_corpus.ts";

/** A reason that, without its parenthesised program and the code itself, says nothing. */
function isBareCode(reason: string): boolean {
  const words = reason
    .replace(/\((?:[^()]|\([^()]*\))*\)/g, " ")
    .replace(/(?:custom program error|custom|error|code)?:?\s*(?:0x[0-9a-f]+|#?\d+)/gi, " ")
    .replace(/[^a-z]+/gi, "");
  return words.length < 3;
}

/** The entry of the program's table (or, for an Anchor program, the framework's) for the failure's code. */
function tableEntry(result: ExplainResult): { name: string; message: string } | undefined {
  const failure = result.failure;
  if (!failure?.program || failure.code === null) return undefined;
  const table = errorTableOf(failure.program);
  const own = table?.errors[failure.code];
  if (own) return own;
  return table?.anchor && failure.code < ANCHOR_USER_ERROR_OFFSET ? ANCHOR_ERRORS[failure.code] : undefined;
}

/** Lines the failing program logged in words (not banners, event data, compute reports or the code restated). */
function linesInWords(result: ExplainResult): string[] {
  const failure = result.failure;
  const frame = result.logs.frames.findLast((f) => f.status === "failed" && f.program === failure?.program);
  return (frame?.logs ?? [])
    .filter((line) => line.startsWith("Program log: "))
    .map((line) => line.slice("Program log: ".length))
    .filter((line) =>
      !/^(?:Instruction:|Left:|Right:)/.test(line) &&
      !/^(?:custom program )?error:? (?:0x[0-9a-f]+|\d+)$/i.test(line)
    )
    .filter((line) => /[a-z]{3}/i.test(line));
}

const scored = (await replayCorpus(loadCorpus().filter((entry) => entry.response.meta.err))).filter((s) =>
  s.result.failure !== null
);

Deno.test("the bare-code test recognises a bare code and passes a reason in words", () => {
  assert.equal(
    isBareCode("custom program error: 0x6eb (3HXfeBuc1aPwAvBsdReNXKa7j1jSP3khbHbWCVkU8hUu)"),
    true,
  );
  assert.equal(isBareCode("Custom program error 6001 (Jupiter Aggregator v6)"), true);
  assert.equal(isBareCode("Slippage tolerance exceeded (Jupiter Aggregator v6)"), false);
  assert.equal(
    isBareCode(
      'custom program error: 0x1 (X); the program logged: "No profitable arbitrage opportunity found"',
    ),
    false,
  );
});

Deno.test("recorded corpus: where a table names the code, the reason is in words, not the code", () => {
  const decoded = scored.filter((s) => tableEntry(s.result));
  assert.ok(decoded.length >= 30, `${decoded.length} failures with a table entry`);
  const bare = decoded.filter((s) => isBareCode(s.result.nextAction.reason))
    .map((s) => `${s.id}: ${s.result.nextAction.reason}`);
  assert.deepEqual(bare, []);
  // A reason that names neither the table's message nor its name still says more than the table (numbers
  // from the logs or balances): it is never shorter than the table's message.
  for (const s of decoded) {
    const entry = tableEntry(s.result)!;
    const reason = s.result.nextAction.reason.toLowerCase();
    const named = reason.includes(entry.message.toLowerCase().replace(/\.$/, "")) ||
      reason.includes(entry.name.toLowerCase());
    assert.ok(named || reason.length > entry.message.length, `${s.id}: ${s.result.nextAction.reason}`);
  }
});

Deno.test("recorded corpus: where the program logged a line in words, no reason stops at the code", () => {
  const worded = scored.filter((s) => s.result.failure!.code !== null && linesInWords(s.result).length > 0);
  assert.ok(worded.length >= 20, `${worded.length} coded failures with a line in words`);
  const bare = worded.filter((s) => isBareCode(s.result.nextAction.reason))
    .map((s) => `${s.id}: ${s.result.nextAction.reason}`);
  assert.deepEqual(bare, []);
});

Deno.test("recorded corpus: no reason at all is a bare code; where nothing names the code, the reason says so", () => {
  assert.ok(scored.length >= 150, `${scored.length} failures`);
  const bare = scored.filter((s) => isBareCode(s.result.nextAction.reason))
    .map((s) => `${s.id}: ${s.result.nextAction.reason}`);
  assert.deepEqual(bare, []);
  const unexplained = scored.filter((s) =>
    s.result.failure!.code !== null && !tableEntry(s.result) && linesInWords(s.result).length === 0 &&
    s.result.failure!.source === "runtime"
  );
  assert.ok(unexplained.length > 0, "the corpus has codes nothing names");
  for (const s of unexplained) {
    assert.match(s.result.nextAction.reason, /no error table known here names this code/, s.id);
  }
});
