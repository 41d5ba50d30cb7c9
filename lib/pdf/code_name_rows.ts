/**
 * A row of code that names an API between lines of prose, with no space
 * around it, where the document is not known to space its paragraphs: a
 * heading made of inline code set at body size (AbiWord sets Markdown's
 * fourth to sixth levels so: ``#### `thing.start()` ``), not a listing of one
 * row. Nothing on the page tells the level, so the row is kept as a
 * paragraph of inline code.
 *
 * @module
 */
import { type Draft, isCodeLine, shadeOf } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import type { DocumentStats } from "./stats.ts";
import type { Line } from "./types.ts";

/**
 * A name a heading of an API reference gives: an identifier, then one or
 * more members, calls and indexes (`thing.stop([force])`, `options.timeout`);
 * a listing's one row is a statement (`;`), a command (`make`, `npm install
 * thing`) or an object literal.
 */
const API_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\([^()]*\)|\[[^\]]*\])+$/;

/** Most a line's step is, in ems of the larger of two lines: 1.2 is usual, a space between paragraphs more. */
const MAX_STEP_EMS = 1.5;

/** True when `below` stands a line's step or less under `above` on the same page: no space between them. */
function unspaced(above: Line, below: Line): boolean {
  const dy = below.y - above.y;
  return above.page === below.page && dy > 0 && dy <= Math.max(above.size, below.size) * MAX_STEP_EMS;
}

/**
 * Turns each one-row code draft that names an API ({@linkcode API_NAME}),
 * unshaded and untagged, into a paragraph where the document is not known to
 * space its paragraphs and prose stands right above and below it, a line's
 * step away.
 */
export function nameRowsToText(drafts: readonly Draft[], stats: DocumentStats): void {
  if (stats.paragraphsSpaced === true) return;
  drafts.forEach((draft, i) => {
    if (draft.kind !== "code" || draft.lines.length !== 1) return;
    const row = draft.lines[0]!;
    if (shadeOf(row) !== undefined || row.spans.some((s) => s.tag?.code)) return;
    const before = drafts[i - 1], after = drafts[i + 1];
    if (before?.kind !== "text" && before?.kind !== "list_item") return;
    if (after?.kind !== "text") return;
    const above = before.lines.at(-1), below = after.lines[0];
    if (!above || !below || isCodeLine(above) || isCodeLine(below)) return;
    if (!unspaced(above, row) || !unspaced(row, below)) return;
    if (API_NAME.test(plainLineText(row).trim())) draft.kind = "text";
  });
}
