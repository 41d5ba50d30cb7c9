/**
 * The expert-judged accept rate of transaction diagnosis: every labelled
 * failure (`tests/fixtures/solana/expert_labels.json`) is replayed through
 * explain over a loopback RPC stub, and its answer is accepted when its class,
 * retryability and action are among those the expert accepts and every number
 * the label requires is present (and equal where the label fixes it). Prints
 * the rate for the tuning part and the held-out quarter separately, and names
 * every miss. Asserts nothing.
 *
 * Run: `deno run -A bench/transaction_expert.ts`
 *
 * @module
 */
import { loadCorpus, replayCorpus } from "../tests/lib/solana/transaction/_corpus.ts";
import { describeAccepted, loadExpertLabels, shortfalls } from "../tests/lib/solana/transaction/_expert.ts";

const { labels, heldOutRule } = loadExpertLabels();
const bySignature = new Map(labels.map((label) => [label.signature, label]));
const cases = loadCorpus().filter((entry) => bySignature.has(entry.id));
const scored = await replayCorpus(cases);

const judged = scored.map((s) => {
  const label = bySignature.get(s.id)!;
  const answer = {
    failureClass: s.result.failureClass,
    retryable: s.result.retryable,
    nextAction: s.result.nextAction as Record<string, unknown>,
  };
  return { label, answer, problems: shortfalls(label, answer) };
});

function percent(part: number, whole: number): string {
  return whole === 0 ? "–" : `${((100 * part) / whole).toFixed(1)}% (${part}/${whole})`;
}

function report(title: string, part: typeof judged) {
  const accepted = part.filter((j) => j.problems.length === 0);
  const programs = new Set(part.map((j) => j.label.program ?? "-"));
  console.log(`\n## ${title}: ${part.length} failures over ${programs.size} programs`);
  console.log(`expert-judged accept rate: ${percent(accepted.length, part.length)}`);
  const misses = part.filter((j) => j.problems.length > 0);
  if (misses.length === 0) return;
  console.log("misses:");
  for (const { label, answer, problems } of misses) {
    const required = Object.keys(label.numbers);
    console.log(
      `- ${label.signature.slice(0, 8)} ${label.program ?? "-"} [${problems.join("; ")}] expected ` +
        `${describeAccepted(label)}${required.length ? ` with ${required.join(", ")}` : ""}; answered ` +
        `${answer.failureClass}/${answer.retryable ? "retry" : "no-retry"}/${answer.nextAction.action}`,
    );
  }
}

console.log(`held-out rule: ${heldOutRule}`);
report("tuning part", judged.filter((j) => !j.label.heldOut));
report("held-out quarter", judged.filter((j) => j.label.heldOut));
