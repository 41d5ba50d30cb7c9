/**
 * Listing rows on a page whose engine breaks listings at hyphens only.
 * LuaTeX sets a verbatim line as a paragraph whose spaces never break but
 * whose explicit hyphens do: in a narrow column a long line breaks after its
 * last hyphen that leaves the rest too long for the row (`bat --` `paging=never`,
 * `tr -` `d "[:space:]'"`, `'.sublime-` `syntax' language definition files`),
 * however far short of the edge that is, and a line with no hyphen left runs
 * on past the column. Such a row is what tells the page: a row of code that
 * runs past its column's prose edge, with a space inside the column an
 * engine breaking at spaces would have broken at. On such a page a row
 * ending in a hyphen, dashes standing alone included, goes on in the row
 * below when the rest of that row up to its first hyphen (or its end) would
 * not have fitted after it within the column.
 *
 * @module
 */
import { characterWidth } from "./fonts.ts";
import type { Line } from "./types.ts";

/** Cells past its column's prose edge a row must run to tell that spaces do not break it. */
const OVERRUN_CELLS = 2;

/** Fewest prose lines ending level (within a point) that set a column's edge. */
const EDGE_LINES = 3;

/** Each page's finding, by its lines. */
const hyphenOnlyPages = new WeakMap<readonly Line[], boolean>();

/**
 * The right edge of the prose in the column holding `x`: the furthest end
 * {@linkcode EDGE_LINES} or more prose lines crossing `x` reach (a justified
 * column's full lines), undefined where fewer do. A title across both
 * columns, or a row running over from the other column, is one line alone.
 * With no `x`, the furthest end any such lines of the page reach.
 */
export function proseEdgeAt(
  x: number | undefined,
  lines: readonly Line[],
  isCode: (line: Line) => boolean,
): number | undefined {
  return edgeOfProse(x, lines.filter((l) => !isCode(l)));
}

/** {@linkcode proseEdgeAt} among lines of prose only. */
function edgeOfProse(x: number | undefined, prose: readonly Line[]): number | undefined {
  const crossing = x === undefined ? prose : prose.filter((l) => l.x0 <= x + 1 && l.x1 > x + 1);
  const ends = crossing.map((l) => l.x1).sort((a, b) => b - a);
  return ends.find((end, i) => i + EDGE_LINES <= ends.length && end - ends[i + EDGE_LINES - 1]! <= 1);
}

/** True when `row`, a row of code, runs past its column's `edge` with a space left of the edge. */
function overrunsAtSpace(row: Line, edge: number): boolean {
  const first = row.spans.find((s) => s.text.trim());
  if (!first || row.x1 <= edge + characterWidth(first) * OVERRUN_CELLS) return false;
  return row.spans.some((s, i) => {
    const cell = characterWidth(s);
    const inner = s.text.trimEnd().search(/\S\s+\S/);
    if (inner >= 0 && s.x + (inner + 1) * cell < edge) return true;
    const next = row.spans[i + 1];
    return s.text.trim() !== "" && next !== undefined && next.x > s.x + s.text.trimEnd().length * cell &&
      next.x < edge;
  });
}

/**
 * True when a row of code on the page of `lines` runs past its column at a
 * space ({@linkcode overrunsAtSpace}): the page's engine breaks its listings
 * at hyphens only.
 */
export function breaksAtHyphensOnly(lines: readonly Line[], isCode: (line: Line) => boolean): boolean {
  let found = hyphenOnlyPages.get(lines);
  if (found === undefined) {
    const code = lines.filter(isCode);
    const prose = code.length > 0 ? lines.filter((l) => !isCode(l)) : [];
    found = code.some((l) => {
      const edge = l.spans.length > 1 || /\S\s/.test(l.spans[0]?.text.trim() ?? "")
        ? edgeOfProse(l.x0, prose)
        : undefined;
      return edge !== undefined && overrunsAtSpace(l, edge);
    });
    hyphenOnlyPages.set(lines, found);
  }
  return found;
}

/** How far `line` runs from its first character to its first hyphen, or to its end without one. */
function runToHyphen(line: Line): number {
  const first = line.spans.find((s) => s.text.trim());
  if (!first) return 0;
  const start = first.x + (first.text.length - first.text.trimStart().length) * characterWidth(first);
  for (const span of line.spans) {
    const at = span.text.indexOf("-");
    if (at >= 0) return span.x + (at + 1) * characterWidth(span) - start;
  }
  return line.x1 - start;
}

/**
 * True when code row `line` goes on with the row `prev` above it, on a page
 * whose listings break at hyphens only: `prev` ends in a hyphen (not a rule
 * of dashes), `line` starts no further right than `prev`, and the run of
 * `line` up to its first hyphen would not have fitted after `prev` within
 * the column's prose edge.
 *
 * @param lines The page's lines: its listings and its prose.
 * @param documentWide Whether another page of the document showed that its engine breaks at hyphens only
 *   (a page may hold no row long enough to show it).
 */
export function hyphenOnlyBreak(
  prev: Line,
  line: Line,
  lines: readonly Line[],
  isCode: (line: Line) => boolean,
  documentWide = false,
): boolean {
  const end = prev.spans.map((s) => s.text).join("").trimEnd();
  const first = line.spans.find((s) => s.text.trim());
  if (!first || !/(^|[^-])-{1,2}$/.test(end) || !/[^-\s]/.test(end)) return false;
  const cell = characterWidth(first);
  if (line.x0 > prev.x0 + cell * 0.5 || !(documentWide || breaksAtHyphensOnly(lines, isCode))) return false;
  const edge = proseEdgeAt(prev.x0, lines, isCode);
  return edge !== undefined && prev.x1 + runToHyphen(line) > edge + cell * 0.5;
}
