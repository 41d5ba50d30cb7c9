/**
 * Quotes broken by a column turn: a quote paragraph at a column's foot that
 * ends no sentence, and a quote paragraph at the top of the next column of
 * the same page opening lower-case, are one paragraph (an HTML engine sets
 * a long quote in narrow columns over the turn).
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import { append } from "./append.ts";

/** True when a paragraph's text opens lower-case, past opening quotation marks and brackets. */
export function opensLowerCase(text: string): boolean {
  return /^[‘“'"(\[]*\p{Ll}/u.test(text);
}

/** True when `next` carries on the quote paragraph `prev` over a turn to the next column of its page. */
function runsOnOverColumn(prev: Draft, next: Draft): boolean {
  const last = prev.lines.at(-1), first = next.lines[0];
  if (!prev.quote || !next.quote || !last || !first || prev.page !== next.page) return false;
  // The next column starts higher up the page, to the right.
  if (first.y >= last.y - last.size * 3 || first.x0 <= last.x0) return false;
  return !/[.!?:;]$/.test(plainLineText(last)) && opensLowerCase(plainLineText(first));
}

/** Joins quote paragraphs broken by a column turn (see the module's comment), in place. */
export function joinQuotesOverColumns(drafts: Draft[]) {
  for (let i = drafts.length - 1; i > 0; i--) {
    const prev = drafts[i - 1]!, next = drafts[i]!;
    if (!runsOnOverColumn(prev, next)) continue;
    append(prev.lines, next.lines);
    drafts.splice(i, 1);
  }
}
