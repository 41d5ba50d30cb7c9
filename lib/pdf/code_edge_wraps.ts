/**
 * Rows of code an engine wrapped at the edge of their column, found where
 * the distances between rows do not tell them (`white-space: pre-wrap` with
 * no highlighting wraps at the listing's own step, `code_row_gaps.ts`): the
 * row above broke inside a token, near the column's edge, before a word that
 * would not have fitted; or its producer drew a continuation mark. Such rows
 * are marked here and joined to the row above (`code_row_joins.ts`).
 *
 * @module
 */

import { ADDRESS_QUERY_END } from "./code_address_breaks.ts";
import { brokenAfterCompactKey } from "./code_key_breaks.ts";
import { ESCAPED_QUOTE, insideString } from "./code_row_joins.ts";
import { wrapsAtDrawnBreak } from "./drawn_break_rows.ts";
import { characterWidth } from "./fonts.ts";
import { BROKEN_REACH, hyphenRunBreak } from "./hyphen_runs.ts";
import { hyphenOnlyBreak } from "./hyphen_only_rows.ts";
import { plainLineText } from "./span_spacing.ts";
import type { Line } from "./types.ts";

/** Most character cells a row wrapped at its column's edge may end short of it. */
const EDGE_CELLS = 3;

/** Rows of code that go on with the row above: their line was wrapped at the edge of its column. */
const wrappedAtEdge = new WeakSet<Line>();

/**
 * The right edge of the prose in the column `row` stands in: the second
 * furthest any line of prose reaching over it ends (a title across both
 * columns may run further). Undefined with fewer than two such lines.
 */
function columnEdge(row: Line, lines: readonly Line[], isCode: (line: Line) => boolean): number | undefined {
  const ends = lines.filter((l) => !isCode(l) && l.x0 < row.x1 && l.x1 > row.x0).map((l) => l.x1);
  return ends.sort((a, b) => b - a)[1];
}

/**
 * Farthest, in ems of its type, a wrapped row is set in from the row it
 * continues: pandoc's print style hangs a highlighted listing's wrapped rows
 * 5 em in from the listing's edge (`text-indent: -5em`), so less from a row
 * that is itself set in.
 */
const MAX_HANG_EMS = 5;

/**
 * Marks code row `line` as the rest of row `prev` when an engine wrapped
 * the line at the edge of its column (`white-space: pre-wrap` with no
 * highlighting wraps at the listing's own step, so distances do not tell):
 * `prev` ends inside a word (after a hyphen or slash: `cross-` `env`),
 * within a few character cells of the column's prose edge, `line`'s first
 * word would not have fitted after it, and `line` is not set in further than
 * `prev` by more than a hanging indent ({@linkcode MAX_HANG_EMS}); or
 * broken after a hyphen before a run too long for the row, as LuaTeX breaks
 * ({@linkcode hyphenRunBreak}). A listing that does not wrap runs past the
 * edge instead, and its lines seldom end in a hyphen at the edge; where an
 * engine broke at a space nothing tells its rows from a listing's lines.
 *
 * @param lines The page's lines, for the column's edge.
 * @param hyphensOnly Whether the document's listings break at hyphens only ({@linkcode hyphenOnlyBreak}).
 * @param breakSpaces Whether they draw the spaces they break at ({@linkcode wrapsAtDrawnBreak}).
 * @param overTurn Whether `line` opens the page after `prev`'s (`code_turn_wraps.ts`) rather than standing under it.
 */
export function markWrappedAtEdge(
  prev: Line,
  line: Line,
  lines: readonly Line[],
  isCode: (line: Line) => boolean,
  hyphensOnly = false,
  breakSpaces = false,
  overTurn = false,
): void {
  const below = overTurn ? line.page === prev.page + 1 : line.page === prev.page && line.y > prev.y;
  if (!below || line.x0 > prev.x0 + 1 + line.size * MAX_HANG_EMS) return;
  if (hyphenOnlyBreak(prev, line, lines, isCode, hyphensOnly)) return void wrappedAtEdge.add(line);
  const first = line.spans.find((s) => s.text.trim());
  if (
    breakSpaces && first &&
    wrapsAtDrawnBreak(prev, line, characterWidth(first), columnEdge(prev, lines, isCode))
  ) {
    return void wrappedAtEdge.add(line);
  }
  // Broken inside a word, where a source line would not end: a space broken at leaves no trace. A
  // slash after a letter or two is an abbreviation's (`w/`), which a word processor wraps after; one
  // after a path's placeholder (`/orgs/{org}/`) goes on with the path.
  const end = prev.spans.at(-1)?.text.trimEnd() ?? "";
  const inWord = /(\w{3}[-/]|[}\]]\/)$/.test(end);
  const opening = line.spans.find((s) => s.text.trim())?.text.trimStart() ?? "";
  const index = /[\])]$/.test(end) && opening.startsWith("[");
  // The name may be drawn in pieces (a ligature apart: `.pre` `fi` `xLength`): read over the row's spans.
  const method = opening.startsWith("(") &&
    /\.[A-Za-z_$][\w$]*$/.test(prev.spans.map((s) => s.text).join("").trimEnd());
  const key = end.endsWith(":") &&
    brokenAfterCompactKey(prev.spans.map((s) => s.text).join(" ").trimEnd(), opening);
  if (!inWord && !index && !method && !key && !BROKEN_AT.test(end) && !ADDRESS_QUERY_END.test(end)) return;
  const span = line.spans.find((s) => s.text.trim());
  if (!span) return;
  const cell = characterWidth(span);
  // Read over the row's spans: a ligature drawn apart (`fi` `le.endsWith(…)`) is no word of its own.
  const text = plainLineText(line);
  const edge = columnEdge(prev, lines, isCode);
  const word = /^\S+/.exec(text)?.[0] ?? "";
  if (
    inWord && edge !== undefined && prev.x1 <= edge + cell * 0.5 && edge - prev.x1 <= cell * EDGE_CELLS &&
    prev.x1 + word.length * cell > edge
  ) wrappedAtEdge.add(line);
  else if (hyphenRunBreak(prev, end, line, cell, edge)) wrappedAtEdge.add(line);
  else if (index || method) {
    // Broken between a closing bracket and the index after it (`['test.sol']` `[contractName].evm`),
    // which a word processor breaks at however far from the edge, its rest back at the listing's edge
    // left of the indented row, or under an unindented one inside a string still open (`{ 'a[b]`
    // `[c]': 'd' }`: a help text's `optional)` over `[path]` is two lines), or between a method's name and its call (`.prefixLengthFromSubnetMask`
    // `() == 28`): the rest's first token would not have fitted. The column's edge is its prose's, or
    // where no prose reaches past the row, its lines'.
    const reach = edge !== undefined && edge >= prev.x1
      ? edge
      : measureEnd(prev, lines, Math.min(prev.x0, line.x0));
    const back = line.x0 < prev.x0 - cell * 0.5 ||
      (line.x0 < prev.x0 + cell * 0.5 && end.endsWith("]") &&
        insideString(prev.spans.map((s) => s.text).join("")));
    if (
      (back || method) && reach !== undefined && prev.x1 <= reach + cell * 0.5 &&
      prev.x1 + word.length * cell > reach
    ) {
      wrappedAtEdge.add(line);
    }
  } else if (
    !fitsInProse(prev, text, cell, edge) &&
    unbrokenRunOverflows(prev, end, text, cell, rowReach(prev, line, end, lines, edge))
  ) wrappedAtEdge.add(line);
}

/** An option's dashes standing alone at the end of a row, a quote before them or not (`'--`, `--`). */
const OPTION_DASHES = /(^|\s)['"]?--?$/;

/** Character cells a listing's box may stop short of its column's prose edge (its padding and more). */
const BOX_INSET_CELLS = 4;

/**
 * True when the start of `text` up to its first hyphen or slash would have
 * fitted after `row`, well inside the edge the column's prose reaches
 * (`proseEdge`): no engine wraps a listing that far inside its column, however
 * far its other lines reach (a short listing's `fd/tests/` before `testenv`).
 */
function fitsInProse(row: Line, text: string, cell: number, proseEdge: number | undefined): boolean {
  if (proseEdge === undefined) return false;
  const run = /^[^-/]*[-/]?/.exec(text)![0];
  return row.x1 + (run.length + BOX_INSET_CELLS) * cell <= proseEdge;
}

/**
 * Where the lines of `row`'s column end: the furthest any line starting at
 * `from` (its left edge, or further left where the row after it starts) or
 * right of it, and reaching over it, ends. A row set in within its listing
 * is measured with the lines at its listing's edge too: alone, an indented
 * line ending in a path's slash would be its own edge, and pass for a row
 * wrapped there.
 */
function measureEnd(row: Line, lines: readonly Line[], from = row.x0): number | undefined {
  let end: number | undefined;
  for (const l of lines) {
    if (l.x0 >= from - 1 && l.x0 < row.x1 && (end === undefined || l.x1 > end)) end = l.x1;
  }
  return end;
}

/**
 * Where the column of code row `prev` (ending in `end`, `line` after it)
 * ends, for {@linkcode unbrokenRunOverflows}: {@linkcode measureEnd}; for a
 * row ending in a `!` or `$` standing alone, where no source line ends, no
 * further than the column's prose edge (`proseEdge`) where prose shows one
 * past the row:
 * rows of code running on past it (a token no engine breaks, over a gutter)
 * do not widen the column its wrapped row reached the edge of (`!` `== X!`).
 */
function rowReach(
  prev: Line,
  line: Line,
  end: string,
  lines: readonly Line[],
  proseEdge: number | undefined,
): number | undefined {
  const measured = measureEnd(prev, lines, Math.min(prev.x0, line.x0));
  if (measured === undefined || proseEdge === undefined || prev.x1 > proseEdge) return measured;
  if (!/(^|\s)[!$]$/.test(end)) return measured;
  return Math.min(measured, proseEdge);
}

/**
 * Where a row breaks inside a token far from its column's edge: after a hyphen inside a word or
 * rule (`to-`, `-----`), after a slash inside a path (`http://`, `./`; not `w/`), after a `!` or
 * an option's dashes standing alone (`&& !` `path`, `--` `six`), after a `$`, alone or closing a
 * token (`$` `{name}`, a template's `` `on :$ `` `{port}`), after a backslash or a dot inside a
 * token (`{\\"module\\` `":1}`, `"public/*.` `{png}"`); a word's `!` ends a sentence.
 */
const BROKEN_AT = /(\w{3}|[.:]\/?)\/$|\S-$|(^|\s)(!|['"]?--?)$|\$$|\S[\\.]$/;

/**
 * True when `prev`, reaching most of the way to its column's `edge` (see
 * {@linkcode measureEnd}), could not have held
 * the start of `line` up to its first hyphen or slash, and broke where no
 * source line ends. A source line seldom ends after a hyphen or slash inside
 * a word or path: a producer that keeps a listing's spaces (they break no
 * line there) wraps it at the last hyphen or slash before the edge (AbiWord:
 * `import("node-` `fetch").then(…)`, `http://` `example.com, Vary`); one that
 * breaks at spaces too may have broken at a space after it, but the row goes
 * on in `line` either way (`joinWrappedRow` in `code_row_joins.ts` tells how). After a `!`
 * or a `$` before a brace or parenthesis, standing alone, no source line ends.
 */
function unbrokenRunOverflows(
  prev: Line,
  end: string,
  text: string,
  cell: number,
  edge: number | undefined,
): boolean {
  if (edge === undefined || prev.x1 > edge + cell * 0.5) return false;
  if (prev.x1 - prev.x0 < (edge - prev.x0) * BROKEN_REACH) return false;
  const run = /^[^-/]*[-/]?/.exec(text)![0];
  if (prev.x1 + run.length * cell <= edge) return false;
  if (/!$/.test(end)) return true;
  if (/\$$/.test(end)) return /^[{(]/.test(text);
  // A dot after a word ends a sentence or an abbreviation (`e.g.` `{allErrors}`); after a glob's
  // star or a bracket, before a brace, it is inside a token (`*.` `{png,jpeg}`).
  if (/\S\.$/.test(end)) return /[^\w\s]\.$/.test(end) && text.startsWith("{");
  // A backslash glued to a token before a quote escapes it (`\\` `\"`); a line continuation stands
  // alone, and TeX's `\\` ends a row of its own.
  if (/\S\\$/.test(end)) return ESCAPED_QUOTE.test(text);
  // An option's dashes standing alone before a word that would not have fitted after them (`--` `six`).
  if (OPTION_DASHES.test(end)) {
    const word = /^\S+/.exec(text)?.[0] ?? "";
    return /^\w/.test(word) && prev.x1 + word.length * cell > edge;
  }
  return true;
}

/**
 * Marks code row `line` as the rest of the row above: its producer drew a
 * continuation mark before it (`wrap_marks.ts`).
 */
export function markContinuedRow(line: Line): void {
  wrappedAtEdge.add(line);
}

/** True when code row `line` was marked as the rest of the row above ({@linkcode markWrappedAtEdge}). */
export function isWrappedAtEdge(line: Line): boolean {
  return wrappedAtEdge.has(line);
}
