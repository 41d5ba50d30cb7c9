/**
 * The expert-labelled sample of failures is whole and well formed: enough
 * failures over every program the corpus offers, the held-out quarter exactly
 * as its stated rule makes it, every label in the service's own vocabulary,
 * and the committed file what the task derives from the corpus. The accept
 * rate itself is a bench figure (`bench/transaction_expert.ts`), not asserted
 * here.
 *
 * @module
 */
import assert from "node:assert/strict";
import { FAILURE_CLASSES, NEXT_ACTIONS } from "../../../../lib/solana/transaction/classes.ts";
import { nextActionSchema, slippageSchema } from "../../../../lib/solana/transaction/schema.ts";
import { kindOf } from "../../../../tasks/corpus_block_labels.ts";
import { buildExpertLabels, HELD_OUT_RULE, isHeldOut } from "../../../../tasks/make_expert_labels.ts";
import { loadCorpus } from "./_corpus.ts";
import { loadExpertLabels, shortfalls } from "./_expert.ts";

const file = loadExpertLabels();
const failures = loadCorpus().filter((entry) =>
  entry.response.meta.err !== null && entry.response.meta.err !== undefined
);

Deno.test("the sample holds at least 150 failures, every failure of the corpus", () => {
  assert.ok(file.labels.length >= 150, `${file.labels.length} failures`);
  assert.deepEqual(
    file.labels.map((label) => label.signature).sort(),
    failures.map((entry) => entry.id).sort(),
  );
});

Deno.test("the sample covers 40 programs, or every program that fails in the corpus when fewer do", () => {
  const offered = new Set(
    failures.map((entry) =>
      kindOf((entry.response.meta as { logMessages?: string[] }).logMessages ?? [], entry.response.meta.err)
        .program
    ).filter(Boolean),
  );
  const covered = new Set(file.labels.map((label) => label.program).filter(Boolean));
  assert.ok(covered.size >= Math.min(40, offered.size), `${covered.size} of ${offered.size} programs`);
  if (covered.size < 40) assert.match(file.note, new RegExp(`from ${offered.size} programs`));
});

Deno.test("the held-out quarter is exactly what its stated rule selects, about a quarter", async () => {
  assert.equal(file.heldOutRule, HELD_OUT_RULE);
  for (const label of file.labels) {
    assert.equal(label.heldOut, await isHeldOut(label.signature), label.signature);
  }
  const share = file.labels.filter((label) => label.heldOut).length / file.labels.length;
  assert.ok(share > 0.15 && share < 0.35, `held-out share ${share}`);
});

Deno.test("every label speaks the service's vocabulary and says why", () => {
  const actionFields = new Set(Object.keys(nextActionSchema.shape));
  const slippageFields = new Set(Object.keys(slippageSchema.shape));
  for (const label of file.labels) {
    assert.ok(label.accept.length > 0 && label.why.length > 10, label.signature);
    for (const accepted of label.accept) {
      for (const name of accepted.classes) {
        assert.ok((FAILURE_CLASSES as readonly string[]).includes(name), name);
      }
      for (const name of accepted.actions) {
        assert.ok((NEXT_ACTIONS as readonly string[]).includes(name), name);
      }
      assert.ok(!accepted.classes.includes("none"), `${label.signature} is a failure`);
    }
    for (const path of Object.keys(label.numbers)) {
      const [field, inner] = path.split(".");
      assert.ok(actionFields.has(field!), `${path} is not a next-action field`);
      if (field === "slippage") assert.ok(slippageFields.has(inner!), `${path} is not a slippage field`);
    }
  }
});

Deno.test("the committed labels are what the task derives from the corpus and the rulings", async () => {
  assert.deepEqual(file, await buildExpertLabels());
});

Deno.test("an answer is accepted only with an accepted verdict, the stated cause and every number asked for", () => {
  const label = file.labels.find((entry) =>
    typeof entry.numbers["slippage.bound.amount"] === "string" &&
    typeof entry.numbers["slippage.actual.amount"] === "string"
  )!;
  const bound = String(label.numbers["slippage.bound.amount"]);
  const actual = String(label.numbers["slippage.actual.amount"]);
  const side = BigInt(actual) > BigInt(bound) ? "max_in" : "min_out";
  const slippage = {
    side,
    bound: { amount: bound, source: "log" },
    actual: { amount: actual, source: "log" },
  };
  const reason = "The slippage bound was crossed: requote";
  const action = { action: "requote_and_rebuild", reason, slippage };
  const answer = { failureClass: "slippage", retryable: true, nextAction: action };
  assert.deepEqual(shortfalls(label, answer), []);
  assert.deepEqual(shortfalls(label, { ...answer, nextAction: { ...action, action: "do_not_retry" } }), [
    "verdict",
  ]);
  assert.deepEqual(shortfalls(label, { ...answer, retryable: false }), ["verdict"]);
  assert.deepEqual(
    shortfalls(label, { ...answer, nextAction: { ...action, reason: "custom program error: 0x1774" } }),
    [
      `reason does not say /${label.reasonMentions}/`,
    ],
  );
  assert.deepEqual(shortfalls(label, { ...answer, nextAction: { action: "requote_and_rebuild", reason } }), [
    "slippage.bound.amount missing",
    "slippage.actual.amount missing",
  ]);
  const swapped = { side, bound: { amount: actual }, actual: { amount: bound } };
  const problems = shortfalls(label, { ...answer, nextAction: { ...action, slippage: swapped } });
  assert.equal(problems.length, 3, problems.join("; "));
  assert.match(problems[0]!, /does not cross/);
});
