/**
 * Quotes of one command set apart by space alone (`> \`npm install x\``). A
 * word processor that leaves no space between paragraphs (AbiWord) sets such
 * a quote as a row of monospace type flush left, with a blank line's space
 * above it and none below, where a listing stands a line's step or less
 * below the block above it (a heading, a paragraph, a list, a listing). The
 * space tells the quote (`spaced_quotes.ts` measures it); this module tells
 * whether a listing is made of such rows, and turns them into quote
 * paragraphs of inline code, one quote a row, as `quoted_code_runs.ts` does
 * for quotes of code set in.
 *
 * @module
 */
import { blockId, type Draft, shadeOf } from "./draft.ts";
import type { DocumentStats } from "./stats.ts";

/** Least distance between two rows, in the listing's line steps, for them to be paragraphs apart. */
const PARAGRAPHS_APART = 1.5;

/**
 * True when a listing may be quotes of one command each: untagged, on one
 * page, on no shade (a shaded box's space is its padding), and each of its
 * rows a paragraph's space below the one before (quotes one after another,
 * read as one listing), so no listing of rows at its own line step.
 */
export function isCommandRows(draft: Draft, stats: DocumentStats): boolean {
  const first = draft.lines[0];
  if (draft.kind !== "code" || draft.quote || !first) return false;
  if (
    draft.lines.some((l) => l.page !== draft.page || shadeOf(l) !== undefined || blockId(l) !== undefined)
  ) {
    return false;
  }
  const step = stats.codeLineGap(first.size) * PARAGRAPHS_APART;
  return draft.lines.every((l, k) => k === 0 || l.y - draft.lines[k - 1]!.y > step);
}

/** A listing's rows (see {@linkcode isCommandRows}) as quote paragraphs, one quote a row. */
export function commandQuotes(draft: Draft): Draft[] {
  return draft.lines.map((line): Draft => ({
    kind: "text",
    page: draft.page,
    lines: [line],
    quote: true,
    quoteStart: true,
  }));
}
