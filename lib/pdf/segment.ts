/**
 * Segmentation: one page's ordered lines cut into drafts of paragraphs, list
 * items, code blocks and tables, by geometry and fonts, with tags of a tagged
 * PDF refining the cuts where present.
 *
 * @module
 */
import {
  atProseStep,
  continuesCode,
  continuesInNextColumn,
  isCodeHeading,
  setAsText,
  wrapsInlineCode,
} from "./code_lines.ts";
import { markWrappedAtEdge } from "./code_wraps.ts";
import { type Draft, isCodeLine, linesExtent } from "./draft.ts";
import { setApartFromItem } from "./item_edges.ts";
import { singleColumnMeasure } from "./page_measure.ts";
import { continuesText } from "./paragraph_lines.ts";
import { columnLeft, pageLeft } from "./quotes.ts";
import { plainLineText } from "./inline.ts";
import { listMarker, type ListNesting, TYPED_BULLETS } from "./lists.ts";
import type { OutlineHit } from "./outline_map.ts";
import { runInSplit } from "./run_in.ts";
import type { DocumentStats } from "./stats.ts";
import { nearSize } from "./stats.ts";
import { detectTable, tableFromTags } from "./tables.ts";
import type { Line, PageText, Span } from "./types.ts";

/** True when `line` continues the list item in `draft`. */
function continuesItem(draft: Draft, line: Line, stats: DocumentStats): boolean {
  const prev = draft.lines[draft.lines.length - 1]!;
  if (draft.page !== line.page) return false;
  const id = line.spans[0]?.tag?.listItem?.id;
  if (draft.listId !== undefined || id !== undefined) return id === draft.listId;
  const dy = line.y - prev.y;
  if (dy <= 0 || dy > stats.lineGap(prev.size) * 1.3 + 1) return false;
  return line.x0 > (draft.markerX ?? 0) + prev.size * 0.3 &&
    Math.abs(line.size - prev.size) < prev.size * 0.15 && !setApartFromItem(draft, line, stats);
}

/** The structure tag of a line's last piece of text. */
function lastTextTag(line: Line | undefined) {
  return line?.spans.findLast((s) => s.text.trim())?.tag;
}

/**
 * Where a tagged line of a list item whose draft is `known` goes, when it is
 * in a paragraph (`P`): on with the paragraph of the draft before it, when
 * that is the item's further paragraph (`goes-on`); into a paragraph of its
 * own, the item's next, when it opens a paragraph other than the item's last
 * or follows something else set inside the item (a listing, a nested list:
 * `new`); otherwise into the item's text (undefined).
 */
function itemParagraphTurn(known: Draft, last: Draft, line: Line): "goes-on" | "new" | undefined {
  const tag = lastTextTag(line) ?? line.spans[0]?.tag;
  if (!tag?.paragraph) return undefined;
  if (last !== known && lastTextTag(last.lines.at(-1))?.block === tag.block) return "goes-on";
  const before = lastTextTag(known.lines.at(-1));
  if (last !== known || (before?.paragraph && before.block !== tag.block)) return "new";
  return undefined;
}

/** Starts a list item from a tagged `LI` line: the label spans give the marker. */
function taggedItem(line: Line, page: number): Draft {
  const item = line.spans[0]!.tag!.listItem!;
  const label = line.spans.filter((s) => s.tag?.label).map((s) => s.text).join("").trim();
  const number = /^\(?(\d{1,3})[.)]$/.exec(label);
  const ordered = !!number;
  const marker = number ? `${Number(number[1])}.` : "-";
  // A bullet label is dropped; a letter or roman label stays in the text (Markdown numbers only with digits).
  const keepLabel = !number && /[\p{L}\p{N}]/u.test(label);
  const rest: Span[] = line.spans.filter((s) => keepLabel || !s.tag?.label);
  const lines = rest.length ? [{ ...line, spans: rest }] : [];
  return {
    kind: "list_item",
    page,
    lines,
    ordered,
    marker,
    depth: item.depth,
    listId: item.id,
    markerX: line.x0,
  };
}

/**
 * Lines from `start` on the same baseline as it (cells of a row that is not a
 * table, or the words of a justified line stretched apart). Code and prose
 * pieces join only when a stretched space parts them: inline code in a line
 * of prose, not a listing beside text.
 *
 * @param justifiedRight The right edge of a justified page's text, where lines are stretched to.
 */
function sameRow(
  lines: readonly Line[],
  start: number,
  stats: DocumentStats,
  justifiedRight?: number,
): Line[] {
  const first = lines[start]!;
  let end = start + 1;
  while (
    end < lines.length && Math.abs(lines[end]!.y - first.y) <= Math.min(first.size, lines[end]!.size) * 0.35
  ) {
    const line = lines[end]!, prev = lines[end - 1]!;
    if (line.x0 < prev.x1) break;
    if (isCodeLine(line) !== isCodeLine(first) && !stretchedApart(prev, line, stats, justifiedRight)) break;
    end++;
  }
  return lines.slice(start, end);
}

/** The widest a justified line stretches a word space, in ems. */
const STRETCHED_SPACE_EM = 4;

/**
 * The widest a word space stretches in a justified line that has almost no
 * other space to stretch, in ems: inline code's spaces keep their width, so a
 * line of prose ending in long code puts all its stretch in the few spaces
 * of its prose.
 */
const LONE_STRETCHED_SPACE_EM = 8;

/**
 * True when two pieces of one body-size line are parted by no more than a
 * stretched word space; wider when prose is followed by code that ends at
 * the right edge a justified page's lines are stretched to. (Code followed by
 * prose at a distance is a label and its description.)
 */
function stretchedApart(left: Line, right: Line, stats: DocumentStats, justifiedRight?: number): boolean {
  const body = (l: Line) => nearSize(l.size, stats.bodySize);
  if (!body(left) || !body(right)) return false;
  const stretched = justifiedRight !== undefined && isCodeLine(right) && !isCodeLine(left) &&
    Math.abs(right.x1 - justifiedRight) < 1;
  return right.x0 - left.x1 <= stats.bodySize * (stretched ? LONE_STRETCHED_SPACE_EM : STRETCHED_SPACE_EM);
}

/** One line from the pieces of a row, left to right. */
function joinRow(row: readonly Line[]): Line {
  const spans = row.flatMap((l) => l.spans);
  return { ...row[0]!, spans, x1: Math.max(...row.map((l) => l.x1)) };
}

/**
 * An aligned table at `lines[start]`; aligned columns wholly in a monospace
 * font are code (help text), and rows that each open with a run-in heading
 * are paragraphs.
 */
function alignedTable(lines: readonly Line[], start: number, stats: DocumentStats) {
  return detectTable(lines, start, (end) => {
    const rows = lines.slice(start, end);
    return !rows.every(isCodeLine) && !runInRows(rows, stats);
  });
}

/**
 * True when every row of two or more cells is a run-in heading and its text:
 * a bold first cell, then the text a quad further on. Cells of a real table
 * stand at shared column edges, so the gap after the first varies with its
 * text.
 */
function runInRows(lines: readonly Line[], stats: DocumentStats): boolean {
  let rows = 0;
  for (let i = 0; i < lines.length;) {
    const row = sameRow(lines, i, stats);
    i += row.length;
    if (row.length < 2) continue;
    if (runInSplit(joinRow(row)) < 0) return false;
    rows++;
  }
  return rows > 0;
}

/**
 * True when a line opening with a dash (or an asterisk) carries on the
 * paragraph or item above rather than opening a list item: it starts where
 * the lines of that text start (a nested item's marker stands further in),
 * and the line above ended no sentence or clause and had no room left for the
 * dash and the word after it, so the typesetter broke the line there (`gray —
 * grey` broken before its dash).
 */
function dashRunsOn(
  last: Draft,
  line: Line,
  stats: DocumentStats,
  edges: { left?: number; right: number },
): boolean {
  // Most lines open with no such character: tell them before reading the line's text.
  if (!TYPED_BULLETS.includes(line.spans[0]?.text.trimStart()[0] ?? "")) return false;
  const text = plainLineText(line);
  // The bullet, then a space and a word.
  const head = TYPED_BULLETS.includes(text[0] ?? "") ? /^.\s+\S+/u.exec(text)?.[0] : undefined;
  const prev = last.lines.at(-1)!;
  if (!head || /[.!?:;]$/.test(plainLineText(prev))) return false;
  // An item's lines start at its text; a paragraph's after the first at its left edge, or the page's.
  const textLeft = last.lines.length > 1 ? linesExtent(last.lines).laterLeft : prev.x0;
  const starts = last.kind === "list_item"
    ? [last.lines[0]?.spans[0]?.x ?? prev.x0]
    : [textLeft, edges.left ?? prev.x0];
  if (!starts.some((x) => Math.abs(line.x0 - x) <= 1)) return false;
  // The dash, a space and the next word, measured as their share of the line's width.
  const width = (line.x1 - line.x0) * head.length / text.length + prev.size * 0.25;
  if (prev.x1 + width <= edges.right) return false;
  return last.kind === "list_item" ? continuesItem(last, line, stats) : continuesText(last, line, stats);
}

/** Fewest lines ending together at the right edge of a page's text for it to count as justified. */
const JUSTIFIED_LINES = 3;

/**
 * The rightmost edge that at least {@linkcode JUSTIFIED_LINES} of a page's
 * lines of prose end at (justified text): a table or an overfull line may run
 * further.
 */
function justifiedEdge(prose: readonly Line[]): number | undefined {
  const ends = new Map<number, number>();
  for (const line of prose) ends.set(Math.round(line.x1), (ends.get(Math.round(line.x1)) ?? 0) + 1);
  let edge: number | undefined;
  for (const [x, n] of ends) if (n >= JUSTIFIED_LINES && (edge === undefined || x > edge)) edge = x;
  return edge;
}

/** What segmentation knows of the document beyond the page: the outline's titles and the lines it points at. */
export interface OutlineKnowledge {
  titles: ReadonlySet<string>;
  hits: ReadonlyMap<Line, OutlineHit>;
}

/**
 * The heading the outline points at from `lines[start]`, as a draft, with the
 * index after its lines; null when the line is not one's first.
 */
function outlinedHeading(lines: readonly Line[], start: number, page: number, outline: OutlineKnowledge) {
  const hit = outline.hits.get(lines[start]!);
  if (!hit || hit.first !== lines[start]) return null;
  let end = start + 1;
  while (end < lines.length && outline.hits.get(lines[end]!)?.first === hit.first) end++;
  // Rows of a wrapped heading stay lines of their own; pieces of one row (a number and its title) join.
  const rows: Line[][] = [];
  for (const line of lines.slice(start, end)) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0]!.y - line.y) <= Math.min(row[0]!.size, line.size) * 0.35) row.push(line);
    else rows.push([line]);
  }
  const draft: Draft = {
    kind: "text",
    page,
    lines: rows.map(joinRow),
    heading: hit.level,
    outlined: hit.level,
  };
  return { draft, end };
}

/** Cuts one page's lines into drafts, appending to `drafts`. */
export function segmentPage(
  page: PageText,
  stats: DocumentStats,
  drafts: Draft[],
  nesting: ListNesting,
  outline: OutlineKnowledge,
) {
  const { titles } = outline;
  const lines = page.lines;
  const prose = lines.filter((l) => !isCodeLine(l));
  const right = prose.reduce((edge, l) => Math.max(edge, l.x1), -Infinity);
  // Justified text ends many lines at the right edge; ragged text ends few there.
  const justified = prose.filter((l) => Math.abs(l.x1 - right) < 1).length >= JUSTIFIED_LINES;
  const edges = { left: pageLeft(page)?.x, right, justified, measure: singleColumnMeasure(lines, right) };
  const margin = justifiedEdge(prose);
  const gutters = new Map<number, number | null>();
  let i = 0;
  while (i < lines.length) {
    let line = lines[i]!;
    // Back up the page: the next column, where the list's marker indents are measured from the
    // column's edge; on a page of no columns they mean nothing.
    if (i > 0 && line.y < lines[i - 1]!.y - line.size * 3 && columnLeft(page, line, gutters) === undefined) {
      nesting.reset();
    }
    // Nothing runs on into a heading the outline points at.
    const last = drafts.at(-1)?.outlined ? undefined : drafts.at(-1);
    const tag = line.spans[0]?.tag;
    const heading = tag ? null : outlinedHeading(lines, i, page.page, outline);
    if (heading) {
      drafts.push(heading.draft);
      nesting.reset();
      i = heading.end;
      continue;
    }
    const table = tag?.cell ? tableFromTags(lines, i) : alignedTable(lines, i, stats);
    if (table) {
      drafts.push({
        kind: "table",
        page: page.page,
        lines: lines.slice(i, table.end),
        cells: table.cells,
        rows: table.rows,
      });
      nesting.reset();
      i = table.end;
      continue;
    }
    const row = sameRow(lines, i, stats, justified ? right : undefined);
    i += row.length;
    if (row.length > 1) line = joinRow(row);
    const code = isCodeLine(line) && !setAsText(line, margin);
    // A listing the structure tree tags as one is no inline code wrapped onto a row of its own.
    const taggedListing = line.spans.some((s) => s.tag?.code);
    if (
      code && last && !taggedListing &&
      (wrapsInlineCode(last, line, stats, continuesItem, right) || atProseStep(last, line, stats))
    ) {
      last.lines.push(line);
      continue;
    }
    const open = last?.kind === "code" && last.page === page.page ? last.lines.at(-1) : undefined;
    if (code && !isCodeHeading(line, { prev: open, next: lines[i] }, stats, titles)) {
      if (open && (continuesCode(open, line, stats) || continuesInNextColumn(open, line, lines))) {
        markWrappedAtEdge(open, line, lines, isCodeLine);
        last!.lines.push(line);
      } else drafts.push({ kind: "code", page: page.page, lines: [line] });
      continue;
    }
    // A tagged item's further paragraph (a `P` of its own) is a paragraph under the item, not more of its text.
    const item = tag?.listItem && last ? drafts.findLast((d) => d.listId === tag.listItem!.id) : undefined;
    const turn = item && itemParagraphTurn(item, last!, line);
    if (turn) {
      if (turn === "goes-on") last!.lines.push(line);
      else drafts.push({ kind: "text", page: page.page, lines: [line] });
      continue;
    }
    const runsOn = (last?.kind === "text" || last?.kind === "list_item") &&
      dashRunsOn(last, line, stats, edges);
    const marker = line.size <= stats.bodySize * 1.15 && !tag && !runsOn ? listMarker(line) : null;
    if (!marker && last && atProseStep(last, line, stats)) {
      last.lines.push(line);
      continue;
    }
    if (!marker && last?.kind === "list_item" && continuesItem(last, line, stats)) {
      last.lines.push(line);
      continue;
    }
    if (tag?.listItem) {
      const known = drafts.findLast((d) => d.listId === tag.listItem!.id);
      if (known) known.lines.push(line);
      else drafts.push(taggedItem(line, page.page));
      continue;
    }
    if (marker) {
      const depth = nesting.depthOf(
        line.x0,
        columnLeft(page, line, gutters) ?? stats.pageMargin?.(page.page),
      );
      drafts.push({
        kind: "list_item",
        page: page.page,
        lines: [{ ...line, spans: marker.rest }],
        ordered: marker.ordered,
        marker: marker.markdown,
        depth,
        markerX: line.x0,
      });
      continue;
    }
    if (last?.kind === "text" && continuesText(last, line, stats, edges)) {
      last.lines.push(line);
      continue;
    }
    const column = columnLeft(page, line, gutters) ?? stats.pageMargin?.(page.page);
    if (
      !(last?.kind === "list_item" && line.x0 > (last.markerX ?? 0) + 2) && !nesting.holds(line.x0, column)
    ) {
      nesting.reset();
    }
    drafts.push({ kind: "text", page: page.page, lines: [line] });
  }
}
