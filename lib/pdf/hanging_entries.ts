/**
 * Lists set with a hanging indent and no marker: a bibliography in an
 * author-year style (natbib's, the AAS journals'), whose entries open flush
 * at the column's edge and wrap onto lines set in by an em or so. Read as
 * text, an entry whose first line ended short of the measure (a DOI that did
 * not fit) broke into two paragraphs, and the entries were no list; set in
 * two columns of a few lines each under the last paragraph of a page, too
 * few for the gutter search, their rows were read across both columns.
 *
 * A run of row pieces in one column (rows split where they cross a gutter,
 * `rowPieces`), at one size and at most `STEP_EMS` ems apart,
 * whose pieces stand either flush at the run's edge (entries) or set in by
 * one hanging indent of `HANG_EMS` (wraps; `hanging_runs.ts`), is such a list when,
 * with the runs of its look (size and hang) on the pages either side (a
 * list's last rows alone on a page), it holds {@linkcode MIN_ENTRIES}
 * entries or more and two wraps or more; when most of its wraps go on from
 * a line that ends no sentence (paragraphs whose first lines are indented
 * set the line in after a paragraph's last line, which ends one); when few
 * entries run on into the next as running text does; and when its entries
 * read as works cited, an author's name and a comma first and a year in
 * each (`citesWorks`): description lists, notes at a page's foot and a title
 * page's lines hang theirs too. Each entry then
 * opens an item (`synthetic_bullet.ts`), its wraps carry it on, and where
 * runs of two columns share their rows, the rows are read column by column.
 * Entries opening with a marker (a bulleted or numbered list's hanging
 * items, `[1]`, a note's number) are lists already and are left alone, as
 * are a description list's (a term in bold or code opening each), headings
 * in bold, table cells, listings and tagged list items.
 *
 * @module
 */
import { measuredPieces, type RowPiece } from "./hanging_pieces.ts";
import { alike, candidateRuns, type Run } from "./hanging_runs.ts";
import { syntheticBullet } from "./synthetic_bullet.ts";
import type { Line, PageText } from "./types.ts";
import { greatest, least } from "./extremes.ts";

/** Fewest entries a run must hold. */
const MIN_ENTRIES = 3;
/** Fewest wraps a run must hold. */
const MIN_WRAPS = 2;

/** An entry's lines, a bullet set before its first span. */
function bulleted(piece: RowPiece): Line[] {
  const [first, ...rest] = piece.lines;
  const span = first!.spans.find((s) => s.text.trim()) ?? first!.spans[0]!;
  return [{ ...first!, spans: [syntheticBullet(span, first!.x0, 0), ...first!.spans] }, ...rest];
}

/**
 * The page's pieces in reading order: where runs of two columns share their
 * rows (the pieces from the first of theirs to the last are all theirs),
 * they are read run by run, left column first.
 */
export function readingOrder(all: readonly RowPiece[], runs: readonly Run[]): RowPiece[] {
  const order = [...all];
  // Where each piece stands in the order, kept as regions are reordered: a search per member cost the
  // pieces' count for each.
  const at = new Map<RowPiece, number>();
  order.forEach((p, i) => at.has(p) || at.set(p, i));
  for (const run of runs) {
    const top = run.pieces[0]!.y, bottom = run.pieces.at(-1)!.y;
    const beside = runs.filter((r) => r.pieces[0]!.y <= bottom && r.pieces.at(-1)!.y >= top);
    if (beside.length < 2 || beside[0] !== run) continue;
    const members = new Map(beside.flatMap((r) => r.pieces.map((p) => [p, r.pieces[0]!.x0] as const)));
    const ats = [...members.keys()].map((p) => at.get(p) ?? -1);
    const from = least(ats), to = greatest(ats);
    if (ats.length !== to - from + 1) continue;
    const region = order.slice(from, to + 1).sort((a, b) => members.get(a)! - members.get(b)! || a.at - b.at);
    // The region takes its own places back: written in place, not spliced (which moved every piece after it).
    region.forEach((p, k) => {
      order[from + k] = p;
      at.set(p, from + k);
    });
  }
  return order;
}

/**
 * Whether a run, counted with the runs of its look (`alike`) on this page and the pages either side, holds
 * {@linkcode MIN_ENTRIES} entries and {@linkcode MIN_WRAPS} wraps. Both counts only grow, so the count stops
 * once both are reached (reading every candidate for each run cost runs × candidates on a page of many).
 */
export function enoughOfItsLook(run: Run, near: readonly (readonly Run[] | undefined)[]): boolean {
  let entries = 0, wraps = 0;
  for (const candidates of near) {
    for (const c of candidates ?? []) {
      if (!alike(c, run)) continue;
      entries += c.entries.size;
      wraps += c.pieces.length - c.entries.size;
      if (entries >= MIN_ENTRIES && wraps >= MIN_WRAPS) return true;
    }
  }
  return false;
}

/**
 * Rewrites the hanging lists among some pages (see the module's comment).
 *
 * @returns The pages, those with no hanging list unchanged.
 */
export function rewriteHangingEntries(pages: readonly PageText[]): PageText[] {
  const read = pages.map((page) => {
    const all = measuredPieces(page);
    return { all, candidates: candidateRuns(all) };
  });
  return pages.map((page, p) => {
    const { all, candidates } = read[p]!;
    const runs = candidates.filter((run) =>
      enoughOfItsLook(run, [p - 1, p, p + 1].map((q) => read[q]?.candidates))
    );
    if (runs.length === 0) return page;
    const entries = new Set(runs.flatMap((run) => [...run.entries]));
    const lines = readingOrder(all, runs).flatMap((p) => entries.has(p) ? bulleted(p) : p.lines);
    return { ...page, lines };
  });
}
