/**
 * Test and bench helper: the expert-labelled sample of failures
 * (`tests/fixtures/solana/expert_labels.json`, written by
 * `tasks/make_expert_labels.ts`) and the rule that accepts or rejects an
 * answer against its label, the way the expert who wrote it would.
 *
 * @module
 */
import type { ExpertLabel, ExpertLabelFile } from "../../../../tasks/make_expert_labels.ts";

const LABELS = new URL("../../../fixtures/solana/expert_labels.json", import.meta.url);

/** The label file. */
export function loadExpertLabels(): ExpertLabelFile {
  return JSON.parse(Deno.readTextFileSync(LABELS));
}

/** The part of an answer the expert judges. */
export interface JudgedAnswer {
  failureClass: string;
  retryable: boolean;
  nextAction: Record<string, unknown>;
}

/** The value at a dotted path (`slippage.bound.amount`), or `undefined`. */
export function valueAt(root: Record<string, unknown>, path: string): unknown {
  let value: unknown = root;
  for (const part of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * Why an answer falls short of its label (empty when the expert accepts it):
 * no accepted answer has its class, retryability and action, or a number the
 * label requires is missing or, where the label fixes it, different, or the
 * reason does not say what the record states in words, or the slippage
 * numbers given contradict the failure (a bound the amount did not cross).
 */
export function shortfalls(label: ExpertLabel, answer: JudgedAnswer): string[] {
  const problems: string[] = [];
  const action = String(answer.nextAction.action);
  const matched = label.accept.some((accepted) =>
    accepted.classes.includes(answer.failureClass) && accepted.retryable === answer.retryable &&
    accepted.actions.includes(action)
  );
  if (!matched) problems.push("verdict");
  if (
    label.reasonMentions &&
    !new RegExp(label.reasonMentions, "i").test(String(answer.nextAction.reason ?? ""))
  ) {
    problems.push(`reason does not say /${label.reasonMentions}/`);
  }
  const contradiction = slippageContradiction(answer.nextAction.slippage);
  if (contradiction) problems.push(contradiction);
  for (const [path, expected] of Object.entries(label.numbers)) {
    const got = valueAt(answer.nextAction, path);
    if (got === undefined || got === null) problems.push(`${path} missing`);
    else if (expected !== null && String(got) !== String(expected)) {
      problems.push(`${path} ${got} ≠ ${expected}`);
    }
  }
  return problems;
}

/**
 * Slippage numbers that cannot be those of a failed check: a minimum out the
 * amount reached, or a maximum in the amount stayed within.
 */
function slippageContradiction(slippage: unknown): string | null {
  const given = slippage as
    | { side?: string; bound?: { amount?: string }; actual?: { amount?: string } | null }
    | undefined;
  const bound = given?.bound?.amount;
  const actual = given?.actual?.amount;
  if (!given || bound === undefined || actual === undefined) return null;
  const crossed = given.side === "max_in" ? BigInt(actual) > BigInt(bound) : BigInt(actual) < BigInt(bound);
  return crossed ? null : `slippage ${given.side} actual ${actual} does not cross bound ${bound}`;
}

/** One accepted answer, written for a reader. */
export function describeAccepted(label: ExpertLabel): string {
  return label.accept.map((a) =>
    `${a.classes.join("|")}/${a.retryable ? "retry" : "no-retry"}/${a.actions.join("|")}`
  )
    .join(" or ");
}
