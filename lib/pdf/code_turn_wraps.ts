/**
 * A row of code wrapped at its column's edge where a page turns: the row
 * ending one page and the rest opening the next (AbiWord: chokidar's
 * `… && !` / `path.endsWith(".js"),`). Rows wrapped within a page are told
 * as each row is placed (`code_edge_wraps.ts`); a listing is joined over a
 * turn only once all pages are cut (`codeRunsOn`), so its first row on the
 * next page is looked at then, against the edge of the page the row above
 * ends.
 *
 * @module
 */
import { markWrappedAtEdge } from "./code_edge_wraps.ts";
import type { Draft } from "./draft.ts";
import type { DocumentStats } from "./stats.ts";
import type { Line } from "./types.ts";

/**
 * Marks the first row of code draft `next` as the rest of the last row of
 * `drafts`' last draft (the listing it goes on from, ending the page before)
 * when that row was wrapped at its column's edge
 * ({@linkcode markWrappedAtEdge}, measured on the row's own page).
 *
 * @param drafts The drafts so far, in page order; the last is the listing `next` goes on from.
 */
export function markWrappedOverTurn(drafts: readonly Draft[], next: Draft, stats: DocumentStats): void {
  const row = drafts.at(-1)?.lines.at(-1);
  const rest = next.lines[0];
  if (!row || !rest || rest.page !== row.page + 1) return;
  const lines: Line[] = [];
  const code = new Set<Line>();
  for (let k = drafts.length - 1; k >= 0; k--) {
    const draft = drafts[k]!;
    if (draft.lines.at(-1)!.page < row.page) break;
    for (const line of draft.lines) {
      if (line.page !== row.page) continue;
      lines.push(line);
      if (draft.kind === "code") code.add(line);
    }
  }
  const breakSpaces = stats.drawsBreakSpaces?.(row.page);
  markWrappedAtEdge(
    row,
    rest,
    lines,
    (l) => code.has(l),
    stats.listingsBreakAtHyphensOnly?.(),
    breakSpaces,
    true,
  );
}
