/**
 * Replays the corpus of recorded mainnet transactions through explain, over a
 * loopback RPC stub answering with the recorded responses, and fails on any
 * case answered worse than its label allows.
 */
import assert from "node:assert/strict";
import { errorTableOf } from "../../../../lib/solana/transaction/program_errors/registry.ts";
import { LATER_SOURCES } from "../../../../tasks/diagnosis_corpus_sources.ts";
import { isHeldOut } from "../../../../tasks/make_expert_labels.ts";
import { loadCorpus, replayCorpus } from "./_corpus.ts";

const cases = loadCorpus();
const scored = await replayCorpus(cases);

Deno.test("corpus: every failure is labelled, and the held-out part is fixed (every fourth case, then by hash)", async () => {
  const unlabelled = cases.filter((entry) => entry.response.meta.err !== null && !entry.label);
  assert.deepEqual(unlabelled.map((entry) => entry.id), []);
  // The first sources keep the split fixed before any tuning; sources added later follow the expert
  // sample's hash rule, so that adding them moved no earlier case between the parts.
  const first = cases.filter((entry) => !LATER_SOURCES.has(entry.source.repo));
  assert.ok(first.every((entry, index) => entry.heldOut === (index % 4 === 3)));
  for (const entry of cases.filter((entry) => LATER_SOURCES.has(entry.source.repo))) {
    assert.equal(entry.heldOut, await isHeldOut(entry.id), entry.id);
  }
  assert.ok(
    cases.every((entry) =>
      entry.source.repo && entry.source.path && /^[0-9a-f]{40}$/.test(entry.source.commit)
    ),
  );
});

Deno.test("corpus: every failure is attributed to the innermost failing program", () => {
  const wrong = scored.filter((s) => s.failed && !s.programOk)
    .map((s) => `${s.id}: expected ${s.expectedProgram}, got ${s.gotProgram}`);
  assert.deepEqual(wrong, []);
});

Deno.test("corpus: every failure gets an acceptable class, and no success gets a failure class", () => {
  const wrong = scored.filter((s) => !s.classOk).map((s) => `${s.id}: expected ${s.expected}, got ${s.got}`);
  assert.deepEqual(wrong, []);
});

Deno.test("corpus: a landed transaction is explained in one RPC round trip when its program is known", () => {
  const slow = scored.filter((s) =>
    (!s.failed || s.result.failure?.code === null || (s.gotProgram && errorTableOf(s.gotProgram))) &&
    s.roundTrips !== 1
  ).map((s) => `${s.id}: ${s.roundTrips} round trips`);
  assert.deepEqual(slow, []);
});

Deno.test("corpus: an inferred class says so (medium confidence and the evidence)", () => {
  for (const s of scored) {
    const failure = s.result.failure;
    if (failure?.evidence) assert.equal(failure.confidence === "high", false, s.id);
  }
});
