/**
 * Listings an HTML engine wraps: with `white-space: pre-wrap` (pandoc's print
 * style, any narrow column) a source line too long for its box goes on in the
 * next row, a little closer than the listing's own line step (each source
 * line is a box of its own; the rows inside one box are set tighter), set in
 * by a hanging indent. Measuring both distances tells a wrapped row from the
 * listing's next line, so the wrapped rows are joined again and blank lines
 * are counted in the listing's true step.
 *
 * @module
 */

import { ADDRESS_QUERY_END, brokenBeforeQuery } from "./code_address_breaks.ts";
import { brokenAfterCompactKey } from "./code_key_breaks.ts";
import { wrapsAtDrawnBreak } from "./drawn_break_rows.ts";
import { characterWidth } from "./fonts.ts";
import { BROKEN_REACH, hyphenRunBreak } from "./hyphen_runs.ts";
import { hyphenOnlyBreak } from "./hyphen_only_rows.ts";
import type { Line } from "./types.ts";

/** Fewest measurements in each of the two groups before the document is taken to wrap its listings. */
const MIN_GROUP = 3;

/** Fewest wrapped rows that tell a document wraps its listings, where every one hangs to the same edge. */
const MIN_WRAPS = 2;

/** Smallest difference, in points, between a wrapped row's distance and the listing's line step. */
const MIN_SPLIT = 0.4;

/** Two consecutive rows of code at one size: how far the second stands below and right of the first. */
export interface CodeRow {
  dy: number;
  dx: number;
  /** The second row's left edge, where it is known. */
  x?: number;
}

/** The two distances between a document's rows of code at one size. */
export interface CodeRowGaps {
  /** Between two source lines of a listing. */
  step: number;
  /**
   * The longest such step: an engine sets a line that wraps a fraction higher than one that does not,
   * so the steps spread, and a blank line between two one-row lines measures by the longest.
   */
  longest: number;
  /** Between a source line's rows where it wrapped. */
  wrap: number;
  /** Rows closer than this are a wrapped line's: halfway across the jump between the two groups. */
  below: number;
}

/** The median of sorted numbers. */
function median(sorted: readonly number[]): number {
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Width, in points, of the buckets hanging indents are counted in (the same indent measures a fraction apart). */
const INDENT_BUCKET = 2;

/** The count of the most common bucket of `values` (width {@linkcode INDENT_BUCKET}). */
function mostInOneBucket(values: readonly number[]): number {
  const buckets = new Map<number, number>();
  for (const value of values) {
    const bucket = Math.round(value / INDENT_BUCKET);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
  }
  return Math.max(0, ...buckets.values());
}

/** The buckets of the left edges {@linkcode MIN_WRAPS} or more set-in rows hang to. */
function hangEdges(setIn: readonly CodeRow[]): Set<number> {
  const counts = new Map<number, number>();
  for (const r of setIn) {
    if (r.x === undefined) continue;
    const bucket = Math.round(r.x / INDENT_BUCKET);
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n >= MIN_WRAPS).map(([bucket]) => bucket));
}

/**
 * True when the rows are a wrapped line's: set in from the row above either
 * by one and the same hanging indent or to one and the same left edge (the
 * indent hangs from the listing's edge, so under an indented line it sets
 * the row in less), a quarter of them or more and at least
 * {@linkcode MIN_GROUP} (the rest are a wrap's further rows); where fewer
 * are set in (at least {@linkcode MIN_WRAPS}), every row standing at that edge.
 */
function hangs(rows: readonly CodeRow[]): boolean {
  const setIn = rows.filter((r) => Math.round(r.dx / INDENT_BUCKET) > 0);
  const byIndent = mostInOneBucket(setIn.map((r) => r.dx));
  const byEdge = mostInOneBucket(setIn.flatMap((r) => r.x === undefined ? [] : [r.x]));
  // On pages of two columns each column has its hanging edge: every row standing at an edge that set-in
  // rows hang to (a wrap's further rows level with them) will do, where a listing's own indentation
  // leaves rows back at the listing's edge too.
  const edges = hangEdges(setIn);
  const atHangEdges =
    rows.filter((r) => r.x !== undefined && edges.has(Math.round(r.x / INDENT_BUCKET))).length;
  if (edges.size > 1 && atHangEdges >= MIN_GROUP && atHangEdges === rows.length) return true;
  const most = Math.max(byIndent, byEdge);
  if (most >= MIN_GROUP) return most * 4 >= rows.length;
  // Few: every row at one edge, each set in from the row above or level with a wrapped row above it.
  return byEdge >= MIN_WRAPS && mostInOneBucket(rows.map((r) => r.x ?? Number.NaN)) === rows.length;
}

/** Share of the closer rows at or above which rows going back left tell them a listing's own lines. */
const BACK_LEFT_SHARE = 0.1;

/** How far, in points, a row may stand from an edge rows hang to and still be at it. */
const HANG_EDGE_SLACK = 1;

/**
 * True when enough of the rows go back left of the row above to an edge no
 * row is set in to (at least {@linkcode MIN_GROUP}, a tenth of them or
 * more): a listing's own lines return left wherever a nested block closes,
 * to the listing's edge or an outer indent, while a wrapped row hangs to
 * the edge its fellows are set in to (left of the row above only under a
 * line indented past it). Indented code sets as many of its lines in from
 * the line above as a wrap would, so its lines at the listing's step, with
 * a few rows a point further apart (a word processor sets a row a point
 * lower now and then), would otherwise be taken for wrapped rows.
 */
function stepsBackOften(rows: readonly CodeRow[]): boolean {
  const hangEdges = rows.flatMap((r) =>
    Math.round(r.dx / INDENT_BUCKET) > 0 && r.x !== undefined ? [r.x] : []
  );
  const back = rows.filter((r) =>
    Math.round(r.dx / INDENT_BUCKET) < 0 &&
    !(r.x !== undefined && hangEdges.some((edge) => Math.abs(edge - r.x!) <= HANG_EDGE_SLACK))
  ).length;
  return back >= MIN_GROUP && back >= rows.length * BACK_LEFT_SHARE;
}

/**
 * Splits the rows of code (at one size, near the usual line distance `usual`)
 * into a listing's line step and the closer rows of a wrapped line: at the
 * lowest jump of {@linkcode MIN_SPLIT} or more between sorted distances that
 * leaves a few rows on each side (two closer ones will do where both hang to
 * one edge), the closer ones hanging as a wrapped line's do. Undefined where
 * the rows keep one grid.
 */
export function splitCodeRowGaps(rows: readonly CodeRow[], usual: number): CodeRowGaps | undefined {
  const near = rows.filter((r) => r.dy > usual * 0.85 && r.dy < usual * 1.2).sort((a, b) => a.dy - b.dy);
  for (let cut = MIN_WRAPS; cut <= near.length - MIN_GROUP; cut++) {
    if (near[cut]!.dy - near[cut - 1]!.dy < MIN_SPLIT) continue;
    const closer = near.slice(0, cut);
    if (!hangs(closer) || stepsBackOften(closer)) {
      if (cut < MIN_GROUP) continue;
      return undefined;
    }
    return {
      step: median(near.slice(cut).map((r) => r.dy)),
      longest: near.at(-1)!.dy,
      wrap: median(closer.map((r) => r.dy)),
      below: (near[cut]!.dy + near[cut - 1]!.dy) / 2,
    };
  }
  return undefined;
}

/**
 * True when a row of code at `dy` below the one before is that row's line
 * wrapped, in a document whose listings wrap at `gaps`.
 */
export function isWrappedRow(dy: number, gaps: CodeRowGaps | undefined): boolean {
  return gaps !== undefined && dy < gaps.below;
}

/**
 * A wrapped row's text joined to the row it continues. Straight on where an
 * HTML engine breaks code without a space (the line-breaking rules'
 * opportunities code meets most): after a hyphen or slash inside a word or
 * path (`cross-` `env`, `https://` `host`; not a `//` opening a comment nor
 * an abbreviation's `w/`),
 * after an option's dashes before its name (`-` `f .env`, `--` `six'`), after `!` before what it
 * negates, after a backslash inside a token before a quote (`{\\"module\\` `":1}`), before a brace after `$` or `.`
 * (`${`, `*.{`), before a parenthesis after `$`, a closing one or a method's name (`$(`, `)(`, `.f` `()`),
 * before a bracket after a
 * closing one (`][`, `)[`), before an address's port (`http://localhost:` `3000`) or the number after
 * a name's colon inside a string (`'solana:` `5eykt…'`, no space: UAX #14 breaks there), after a slash
 * opening a path inside a string still open (`"POST /` `graphql"`), after an address's `?` before its
 * query (`'/probably.php?` `extra=params'`, or an address with its scheme anywhere,
 * {@linkcode brokenBeforeQuery}), before a value after a compact JSON key's colon
 * (`"pid":` `657`, {@linkcode brokenAfterCompactKey}). After a space
 * otherwise: the space it broke at, which it does not draw. Where the page
 * tells whether the row broke at a space (`spaced`: it draws the space, or
 * draws none where it draws those it breaks at, `line_end_spaces.ts`), that
 * decides.
 */
export function joinWrappedRow(row: string, rest: string, spaced?: boolean): string {
  if (spaced !== undefined) return spaced ? `${row} ${rest}` : row + rest;
  // A slash after a word of a letter or two standing alone is an abbreviation's (`w/` `white`).
  const inWord = /\S[-/]$/.test(row) && !/(^|\s)(\/|\w{1,2})\/$/.test(row);
  // An option's name is a word standing alone (`-f .env`); `a -` `b.c` is a subtraction.
  const option = /(^|\s)--?$/.test(row) && /^\w[\w-]*(\s|['"=]|$)/.test(rest);
  const brace = /[$.]$/.test(row) && rest.startsWith("{");
  // Or a method's name after its object's dot (`.prefixLengthFromSubnetMask` `()`).
  const call = (/[$)]$/.test(row) || /\.[A-Za-z_$][\w$]*$/.test(row)) && rest.startsWith("(");
  // Between a closing bracket and an opening one (`a[b]` `[c]`, `f()` `[0]`): one token's brackets.
  const index = /[\])]$/.test(row) && rest.startsWith("[");
  const escape = /\S\\$/.test(row) && ESCAPED_QUOTE.test(rest);
  // An address's port after its host (`http://localhost:` `3000/mcp`).
  // Or a name's colon before its number inside a string still open (`'eip155:` `8453'`).
  const port = (URL_HOST.test(row) || (/\w:$/.test(row) && insideString(row))) && /^\d/.test(rest);
  // A path opening inside a string still open (`request("POST /` `graphql")`): no division there.
  const path = /\s\/$/.test(row) && /^\w/.test(rest) && insideString(row);
  // A query after an address's `?` or opening a string, inside a string holding no space
  // (`'/probably.php?` `extra=params'`, `'?` `a=b'`).
  const query = (QUERY_OPEN.test(row) && /^\w/.test(rest) && insideString(row)) ||
    brokenBeforeQuery(row, rest);
  const key = brokenAfterCompactKey(row, rest);
  return inWord || option || brace || call || index || escape || port || path || query || key ||
      row.endsWith("!")
    ? row + rest
    : `${row} ${rest}`;
}

/**
 * A row ending in a string of no space that a `?` ends: an address before its query, or a query string
 * opening with its `?` (`qs.parse('?` `a=b')`).
 */
const QUERY_OPEN = /["'][^\s"']*\?$/;

/** A row ending in an address's host and the colon before its port. */
const URL_HOST = /\w:\/\/[^\s/]+:$/;

/** True when `row` leaves a string open: an odd number of double or of single quotes. */
function insideString(row: string): boolean {
  return [/"/g, /'/g].some((quote) => (row.match(quote)?.length ?? 0) % 2 === 1);
}

/** The rest of a row broken after a backslash inside a string: the quote it escapes, escaped again or not. */
const ESCAPED_QUOTE = /^\\?["']/;

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
 */
export function markWrappedAtEdge(
  prev: Line,
  line: Line,
  lines: readonly Line[],
  isCode: (line: Line) => boolean,
  hyphensOnly = false,
  breakSpaces = false,
): void {
  if (line.page !== prev.page || line.y <= prev.y || line.x0 > prev.x0 + 1 + line.size * MAX_HANG_EMS) return;
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
  const text = span.text.trimStart();
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
    // left of the indented row, or between a method's name and its call (`.prefixLengthFromSubnetMask`
    // `() == 28`): the rest's first token would not have fitted. The column's edge is its prose's, or
    // where no prose reaches past the row, its lines'.
    const reach = edge !== undefined && edge >= prev.x1
      ? edge
      : measureEnd(prev, lines, Math.min(prev.x0, line.x0));
    const back = line.x0 < prev.x0 - cell * 0.5;
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
 * on in `line` either way ({@linkcode joinWrappedRow} tells how). After a `!`
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
