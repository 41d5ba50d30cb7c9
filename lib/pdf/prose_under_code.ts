/**
 * A listing whose rows line up in columns (`//  "p50": 123,`, a tool's
 * table printed in comments) with prose straight under it, which an aligned
 * table's search reads as one table: the prose, alone on its baseline,
 * continues the cell above it (AbiWord sets a paragraph under a listing with
 * no space). Aligned columns wholly in a monospace font are code
 * (`alignedTable`); neither does prose run on in a cell of code, so such a
 * table is a listing and the paragraph after it.
 *
 * @module
 */
import { isCodeLine } from "./draft.ts";
import type { Line } from "./types.ts";

/** Most distance, in sizes of the line above, from a row to a line that runs on in its cell. */
const RUN_ON_STEP = 1.5;

/**
 * True when the rows `lines` (a table's, in reading order) are code up to a
 * line of prose that stands alone on its baseline straight under the code
 * line before it: the code is a listing, the prose a paragraph after it.
 */
export function proseUnderCode(lines: readonly Line[]): boolean {
  const k = lines.findIndex((l) => !isCodeLine(l));
  if (k <= 0) return false;
  const prose = lines[k]!, above = lines[k - 1]!;
  const alone = !lines.some((l) => l !== prose && Math.abs(l.y - prose.y) <= prose.size * 0.35);
  return alone && prose.page === above.page && prose.y > above.y &&
    prose.y - above.y <= above.size * RUN_ON_STEP;
}
