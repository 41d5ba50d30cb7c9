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
 * `rowPieces`), at one size and at most {@linkcode STEP_EMS} ems apart,
 * whose pieces stand either flush at the run's edge (entries) or set in by
 * one hanging indent of {@linkcode HANG_EMS} (wraps), is such a list when,
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
import { whollyMonospace } from "./fonts.ts";
import { rowPieces } from "./index_page.ts";
import { isMarkerOnly, listMarker } from "./lists.ts";
import { allBold } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import { endsSentence } from "./sentence_ends.ts";
import { syntheticBullet } from "./synthetic_bullet.ts";
import { rowText } from "./contents_page.ts";
import type { Line, PageText, Span } from "./types.ts";
import { greatest } from "./extremes.ts";

/** Least and most a wrap is set in from its entry's edge, in ems. */
const HANG_EMS = [0.5, 4] as const;
/** How far, in ems, pieces may stand from the edge (or the hang) they are counted at. */
const ALIGN_EMS = 0.3;
/** Least and most a piece stands below the one before it in its run, in ems (a line step, with space between entries). */
const STEP_EMS = [0.8, 1.8] as const;
/** Fewest entries a run must hold. */
const MIN_ENTRIES = 3;
/** Fewest wraps a run must hold, and the least share of them that go on from a line ending no sentence. */
const MIN_WRAPS = 2;
const RUN_ON_SHARE = 2 / 3;
/** The least share of entries that must read as works cited (`citesWorks`). */
const CITING_SHARE = 0.8;
/** The most entries, as a share of all, that may run on into the next as running text does. */
const RUNNING_TEXT_SHARE = 1 / 3;

/** A row piece: its lines (left to right), left edge, baseline and size. */
interface Piece {
  lines: Line[];
  x0: number;
  y: number;
  size: number;
  /** Index in the page's reading order. */
  at: number;
  /** Whether its row split into pieces other than two columns' (a table's cells). */
  cells: boolean;
  /**
   * What the runs tried from each piece of its column ask of it, read once
   * (a run is tried from each piece in turn, so each try must stay cheap):
   * whether it is `plain`, its right edge, whether it opens with a marker or
   * a term, its text and whether that ends a sentence, and whether it opens
   * an entry citing a work, by its count of wraps.
   */
  read?: {
    plain?: boolean;
    right?: number;
    marked?: boolean;
    text?: string;
    ends?: boolean;
    cites?: Map<number, boolean>;
  };
}

/** How far apart, in points, baselines of one row may stand. */
const ROW_SLACK = 1.5;
/** Fewest ems an entry's first line spans: a table's cells, set in from one another, are shorter. */
const MIN_ENTRY_EMS = 10;

/** A run of pieces of one column that may be a hanging list: which of them open entries, and its hang. */
interface Run {
  pieces: Piece[];
  entries: Set<Piece>;
  hang: number;
  size: number;
}

/** The page's row pieces, each with its measures. */
function pieces(page: PageText): Piece[] {
  const all = rowPieces(page).map((lines, at) => {
    const sorted = [...lines].sort((a, b) => a.x0 - b.x0);
    return { lines: sorted, x0: sorted[0]!.x0, y: sorted[0]!.y, size: sorted[0]!.size, at, cells: false };
  });
  // The pieces on each baseline, found in one sweep down the page.
  const middle = page.width / 2;
  const byY = [...all].sort((a, b) => a.y - b.y);
  for (let i = 0; i < byY.length;) {
    let j = i + 1;
    while (j < byY.length && byY[j]!.y - byY[i]!.y <= ROW_SLACK) j++;
    const row = byY.slice(i, j).sort((a, b) => a.x0 - b.x0);
    const twoColumns = row.length === 2 && right(row[0]!) < middle && row[1]!.x0 > middle;
    for (const piece of row) piece.cells = row.length > 1 && !twoColumns;
    i = j;
  }
  return all;
}

/**
 * True when a piece may stand in a hanging list: plain text, no table cell,
 * listing, tagged list item or line wholly in bold (a heading).
 */
function plain(piece: Piece): boolean {
  return (piece.read ??= {}).plain ??= !piece.cells && !piece.lines.every(allBold) &&
    !piece.lines.some((l) => whollyMonospace(l) || l.spans.some((s) => s.tag?.cell || s.tag?.listItem));
}

/**
 * The runs of pieces that follow `start` in `column` (pieces in reading
 * order) as a hanging list's, taking `start` as the first entry, or null.
 */
function runFrom(column: readonly Piece[], start: number): Run | null {
  const first = column[start]!, em = first.size;
  if (!plain(first) || right(first) - first.x0 < MIN_ENTRY_EMS * em) return null;
  const run: Piece[] = [first];
  const entries = new Set([first]);
  let hang: number | undefined;
  for (let i = start + 1; i < column.length; i++) {
    const piece = column[i]!, prev = run.at(-1)!;
    const step = piece.y - prev.y;
    if (
      !plain(piece) || Math.abs(piece.size - first.size) > 0.5 || step < STEP_EMS[0] * em ||
      step > STEP_EMS[1] * em
    ) {
      break;
    }
    const inset = piece.x0 - first.x0;
    if (Math.abs(inset) <= ALIGN_EMS * em) {
      if (right(piece) - piece.x0 < MIN_ENTRY_EMS * em) break;
      entries.add(piece);
    } else if (inset < HANG_EMS[0] * em || inset > HANG_EMS[1] * em) break;
    else if (hang !== undefined && Math.abs(inset - hang) > ALIGN_EMS * em) break;
    else hang ??= inset;
    run.push(piece);
  }
  return hang === undefined ? null : { pieces: run, entries, hang, size: first.size };
}

/** The right edge of a piece. */
function right(piece: Piece): number {
  return (piece.read ??= {}).right ??= greatest(piece.lines.map((l) => l.x1));
}

/**
 * True when a run may be a hanging list's (see the module's comment): its
 * entries open with no marker, most of its wraps go on from a line ending no
 * sentence, and few entries run on into the next as running text does
 * (ending no sentence, within an em of the run's right edge: a one-line
 * entry may end in a page number at the edge, a paragraph's lines do so one
 * after another).
 */
function mayHang(run: Run): boolean {
  const { pieces, entries } = run;
  if ([...entries].some((p) => (p.read ??= {}).marked ??= marked(p) || opensWithTerm(p.lines[0]!))) {
    return false;
  }
  // Each piece by its index: a run is tried from each of its pieces in turn, so each try stays linear.
  const wraps = pieces.flatMap((p, i) => entries.has(p) ? [] : [i]);
  const runOn = wraps.filter((i) => !endsText(pieces[i - 1]!));
  if (runOn.length < wraps.length * RUN_ON_SHARE) return false;
  const edge = Math.max(...pieces.map(right));
  const runningText = pieces.filter((p, i) =>
    i > 0 && entries.has(p) && entries.has(pieces[i - 1]!) && right(pieces[i - 1]!) >= edge - run.size &&
    !endsText(pieces[i - 1]!)
  );
  return runningText.length <= entries.size * RUNNING_TEXT_SHARE && citesWorks(run);
}

/** A piece's text (`rowText`), read once. */
function textOf(piece: Piece): string {
  return (piece.read ??= {}).text ??= rowText(piece.lines);
}

/** True when a piece's text ends a sentence, read once. */
function endsText(piece: Piece): boolean {
  return (piece.read ??= {}).ends ??= endsSentence(textOf(piece));
}

/** A year a work appeared in (`1994`, `2013a`). */
const YEAR = /\b(?:1[5-9]|20)\d\d[a-z]?\b/;

/** Most words an entry's authors' first name may take before its comma (`Astropy Collaboration,`, `van Hoof,`). */
const NAME_WORDS = 3;

/**
 * True when the entries read as works cited in an author-year style: most
 * of them ({@linkcode CITING_SHARE}) name an author first, a comma within
 * the first {@linkcode NAME_WORDS} words, and give a year. A description
 * list (`boxwex: a scale factor…`), a title page's lines or a table's notes
 * hang their lines as a bibliography does, and are left as they are read.
 */
function citesWorks(run: Run): boolean {
  let citing = 0;
  run.pieces.forEach((piece, i) => {
    if (!run.entries.has(piece)) return;
    let wraps = 0;
    while (i + wraps + 1 < run.pieces.length && !run.entries.has(run.pieces[i + wraps + 1]!)) wraps++;
    const cites = (piece.read ??= {}).cites ??= new Map();
    if (!cites.has(wraps)) {
      const t = run.pieces.slice(i, i + wraps + 1).map(textOf).join(" ");
      cites.set(wraps, t.split(/\s+/).slice(0, NAME_WORDS).some((w) => w.endsWith(",")) && YEAR.test(t));
    }
    if (cites.get(wraps)) citing++;
  });
  return citing >= run.entries.size * CITING_SHARE;
}

/** A note's mark opening a line: a number alone or a reference symbol (`1 For portable code`, `∗ Corresponding`). */
const NOTE_MARK = /^\s*(?:\d+(?:\s|$)|[*∗†‡§¶])/;

/**
 * True when a piece opens with a list's marker (a bullet or a number drawn
 * apart from its text, or not) or a note's mark: notes at a page's foot hang
 * their lines under the mark.
 */
function marked(piece: Piece): boolean {
  const [first] = piece.lines;
  const text = plainLineText(first!);
  return isMarkerOnly(text) || NOTE_MARK.test(text) ||
    !!listMarker({ ...first!, spans: piece.lines.flatMap((l) => l.spans) });
}

/**
 * True when a line opens with a term set in a face of its own (bold or code)
 * and goes on in another: a description list's item (`hangsUnderLabel` in
 * `paragraph_lines.ts`, Typst's term lists), which stays as it is read.
 */
function opensWithTerm(line: Line): boolean {
  const spans = line.spans.filter((s) => s.text.trim());
  const face = (s: Span) => `${s.font.bold}|${s.font.monospace}`;
  return spans.length >= 2 && (spans[0]!.font.bold || spans[0]!.font.monospace) &&
    spans.some((s) => face(s) !== face(spans[0]!));
}

/** True when two runs share a look: their size and hang. */
function alike(a: Run, b: Run): boolean {
  return Math.abs(a.size - b.size) <= 0.5 && Math.abs(a.hang - b.hang) <= ALIGN_EMS * a.size;
}

/** The page's pieces by column: pieces whose left edges lie within the widest hang of the column's least edge. */
function columns(all: readonly Piece[]): Piece[][] {
  const edges: number[] = [];
  for (const x of all.map((p) => p.x0).sort((a, b) => a - b)) {
    if (edges.length === 0 || x > edges.at(-1)! + HANG_EMS[1] * all[0]!.size) edges.push(x);
  }
  return edges.map((edge, i) =>
    all.filter((p) => p.x0 >= edge - 0.01 && (i + 1 === edges.length || p.x0 < edges[i + 1]! - 0.01))
  );
}

/** The runs among a page's pieces that may be hanging lists. */
function candidateRuns(all: readonly Piece[]): Run[] {
  const runs: Run[] = [];
  for (const column of columns(all)) {
    for (let i = 0; i < column.length; i++) {
      const run = runFrom(column, i);
      if (run && mayHang(run)) {
        runs.push(run);
        i += run.pieces.length - 1;
      }
    }
  }
  return runs;
}

/** An entry's lines, a bullet set before its first span. */
function bulleted(piece: Piece): Line[] {
  const [first, ...rest] = piece.lines;
  const span = first!.spans.find((s) => s.text.trim()) ?? first!.spans[0]!;
  return [{ ...first!, spans: [syntheticBullet(span, first!.x0, 0), ...first!.spans] }, ...rest];
}

/**
 * The page's pieces in reading order: where runs of two columns share their
 * rows (the pieces from the first of theirs to the last are all theirs),
 * they are read run by run, left column first.
 */
function readingOrder(all: readonly Piece[], runs: readonly Run[]): Piece[] {
  const order = [...all];
  for (const run of runs) {
    const top = run.pieces[0]!.y, bottom = run.pieces.at(-1)!.y;
    const beside = runs.filter((r) => r.pieces[0]!.y <= bottom && r.pieces.at(-1)!.y >= top);
    if (beside.length < 2 || beside[0] !== run) continue;
    const members = new Map(beside.flatMap((r) => r.pieces.map((p) => [p, r.pieces[0]!.x0] as const)));
    const ats = [...members.keys()].map((p) => order.indexOf(p));
    const from = Math.min(...ats), to = Math.max(...ats);
    if (ats.length !== to - from + 1) continue;
    const region = order.slice(from, to + 1).sort((a, b) => members.get(a)! - members.get(b)! || a.at - b.at);
    order.splice(from, region.length, ...region);
  }
  return order;
}

/**
 * Rewrites the hanging lists among some pages (see the module's comment).
 *
 * @returns The pages, those with no hanging list unchanged.
 */
export function rewriteHangingEntries(pages: readonly PageText[]): PageText[] {
  const read = pages.map((page) => {
    const all = pieces(page);
    return { all, candidates: candidateRuns(all) };
  });
  return pages.map((page, p) => {
    const { all, candidates } = read[p]!;
    // A list's entries and wraps are counted with its look's on this page and the pages either side.
    const runs = candidates.filter((run) => {
      const kin = [p - 1, p, p + 1].flatMap((q) => read[q]?.candidates.filter((c) => alike(c, run)) ?? []);
      const entries = kin.reduce((n, c) => n + c.entries.size, 0);
      return entries >= MIN_ENTRIES && kin.reduce((n, c) => n + c.pieces.length, 0) - entries >= MIN_WRAPS;
    });
    if (runs.length === 0) return page;
    const entries = new Set(runs.flatMap((run) => [...run.entries]));
    const lines = readingOrder(all, runs).flatMap((p) => entries.has(p) ? bulleted(p) : p.lines);
    return { ...page, lines };
  });
}
