/**
 * Fee reports kept with the fee history they were computed from. A report is
 * a function of the history and the question (the accounts, in their order,
 * and the compute-unit limit) alone, and the history is kept for a moment
 * and shared by every caller (see `priority_fees.ts`): each caller asking the
 * same question of the same history gets the same report, computed once and
 * frozen to its depths, instead of sorting the same slots again (a paid fee
 * call spent about 30 µs on it in place, and as much again checking the
 * answer's schema, now checked once: see `lib/operation/run.ts`). A report
 * lives as long as its history, never longer.
 *
 * @module
 */
import { frozenDeep } from "../../shared/frozen_deep.ts";

/** The most questions whose reports are kept for one history (any compute-unit limit is a question of its own). */
const MOST_PER_HISTORY = 32;

const kept = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * The report `compute` makes for `question` of `history`, frozen to its
 * depths: the one already made for the same question of the same history,
 * while it is kept.
 */
export function keptReport<T>(history: object, question: string, compute: () => Promise<T>): Promise<T> {
  let reports = kept.get(history);
  if (reports === undefined) kept.set(history, reports = new Map());
  const known = reports.get(question) as Promise<T> | undefined;
  if (known !== undefined) return known;
  const report = compute().then(frozenDeep);
  if (reports.size < MOST_PER_HISTORY) reports.set(question, report);
  return report;
}
