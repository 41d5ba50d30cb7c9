/**
 * The runs of row pieces that may be a hanging list (`hanging_entries.ts`):
 * in one column, at one size and a line step apart, pieces flush at the
 * run's edge (entries) or set in by one hanging indent (wraps), whose wraps
 * mostly go on from a line ending no sentence, whose entries seldom run on
 * as running text does, open with no marker, note's mark or term, and read
 * as works cited (an author's name and a comma first, a year).
 *
 * @module
 */
import { endsText, plain, right, type RowPiece, textOf } from "./hanging_pieces.ts";
import { greatest } from "./extremes.ts";
import { plainLineText } from "./inline.ts";
import { isMarkerOnly, listMarker } from "./lists.ts";
import { NOTE_MARK_OPENING } from "./note_mark_lines.ts";
import type { Line, Span } from "./types.ts";
import { firstWhere } from "./sorted.ts";

/** Least and most a wrap is set in from its entry's edge, in ems. */
export const HANG_EMS = [0.5, 4] as const;
/** How far, in ems, pieces may stand from the edge (or the hang) they are counted at. */
const ALIGN_EMS = 0.3;
/** Least and most a piece stands below the one before it in its run, in ems (a line step, with space between entries). */
const STEP_EMS = [0.8, 1.8] as const;
/** The least share of a run's wraps that go on from a line ending no sentence. */
const RUN_ON_SHARE = 2 / 3;
/** The least share of entries that must read as works cited (`citesWorks`). */
const CITING_SHARE = 0.8;
/** The most entries, as a share of all, that may run on into the next as running text does. */
const RUNNING_TEXT_SHARE = 1 / 3;
/** Fewest ems an entry's first line spans: a table's cells, set in from one another, are shorter. */
const MIN_ENTRY_EMS = 10;

/** A run of pieces of one column that may be a hanging list: which of them open entries, and its hang. */
export interface Run {
  pieces: RowPiece[];
  entries: Set<RowPiece>;
  hang: number;
  size: number;
}

/**
 * The runs of pieces that follow `start` in `column` (pieces in reading
 * order) as a hanging list's, taking `start` as the first entry, or null.
 */
function runFrom(column: readonly RowPiece[], start: number): Run | null {
  const first = column[start]!, em = first.size;
  if (!plain(first) || right(first) - first.x0 < MIN_ENTRY_EMS * em) return null;
  const run: RowPiece[] = [first];
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
  const edge = greatest(pieces.map(right));
  const runningText = pieces.filter((p, i) =>
    i > 0 && entries.has(p) && entries.has(pieces[i - 1]!) && right(pieces[i - 1]!) >= edge - run.size &&
    !endsText(pieces[i - 1]!)
  );
  return runningText.length <= entries.size * RUNNING_TEXT_SHARE && citesWorks(run);
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

/**
 * True when a piece opens with a list's marker (a bullet or a number drawn
 * apart from its text, or not) or a note's mark: notes at a page's foot hang
 * their lines under the mark.
 */
function marked(piece: RowPiece): boolean {
  const [first] = piece.lines;
  const text = plainLineText(first!);
  return isMarkerOnly(text) || NOTE_MARK_OPENING.test(text) ||
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
export function alike(a: Run, b: Run): boolean {
  return Math.abs(a.size - b.size) <= 0.5 && Math.abs(a.hang - b.hang) <= ALIGN_EMS * a.size;
}

/**
 * The page's pieces by column: pieces whose left edges lie within the widest hang of the column's least edge.
 * Each piece's column is found by a binary search over the edges (a filter per edge cost pieces × edges).
 */
export function columns(all: readonly RowPiece[]): RowPiece[][] {
  const edges: number[] = [];
  for (const x of all.map((p) => p.x0).sort((a, b) => a - b)) {
    if (edges.length === 0 || x > edges.at(-1)! + HANG_EMS[1] * all[0]!.size) edges.push(x);
  }
  const byColumn = edges.map((): RowPiece[] => []);
  for (const p of all) {
    const i = firstWhere(edges, (edge) => edge - 0.01 > p.x0) - 1;
    if (i >= 0 && p.x0 >= edges[i]! - 0.01 && (i + 1 === edges.length || p.x0 < edges[i + 1]! - 0.01)) {
      byColumn[i]!.push(p);
    }
  }
  return byColumn;
}

/** The runs among a page's pieces that may be hanging lists. */
export function candidateRuns(all: readonly RowPiece[]): Run[] {
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
