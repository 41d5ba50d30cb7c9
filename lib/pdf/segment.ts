/**
 * Segmentation: one page's ordered lines cut into drafts of paragraphs, list
 * items, code blocks and tables, by geometry and fonts, with tags of a tagged
 * PDF refining the cuts where present. Rows on one baseline and aligned
 * tables are read in `segment_rows.ts`, list items in `segment_items.ts`.
 *
 * @module
 */
import { codeRowOfTaggedParagraph } from "./tagged_code_words.ts";
import {
  atProseStep,
  continuesCode,
  continuesInNextColumn,
  isCodeHeading,
  isListingMarkerRow,
  setAsText,
  wrapsInlineCode,
} from "./code_lines.ts";
import { markWrappedAtEdge } from "./code_edge_wraps.ts";
import { runsOnOverColumn } from "./column_turns.ts";
import { resumedParagraph } from "./tagged_resumes.ts";
import { footnoteAfterMark } from "./note_marks.ts";
import { itemAfterBreak } from "./tagged_item_breaks.ts";
import { allBold, blockId, type Draft, isCodeLine, markedItem } from "./draft.ts";
import { overfullMeasure, singleColumnMeasure } from "./page_measure.ts";
import { sparsePageMeasure } from "./sparse_measure.ts";
import { continuesText } from "./paragraph_lines.ts";
import { columnLeft, columnOf, pageLeft } from "./quotes.ts";
import { listMarker, type ListNesting, TYPED_BULLETS } from "./lists.ts";
import { smallCapsSize } from "./small_caps.ts";
import { letteredHeadingLine } from "./lettered_headings.ts";
import type { DocumentStats } from "./stats.ts";
import { tableFromTags } from "./tables.ts";
import { taggedFormulaEnd } from "./tagged_formulas.ts";
import { numberAtMargin } from "./formula_numbers.ts";
import { alignedTable, joinRow, JUSTIFIED_LINES, justifiedEdge, sameRow } from "./segment_rows.ts";
import { continuesItem, dashRunsOn, itemParagraphTurn, taggedItem } from "./segment_items.ts";
import { flushUnderLabel, labelAsParagraph, labelledItem } from "./label_lines.ts";
import type { TaggedItems } from "./tagged_items.ts";
import { TableSearchBudget } from "./table_search_budget.ts";
import type { Line, OutlineHit, PageText } from "./types.ts";
import { onOneRow } from "./one_row.ts";

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
    if (row && onOneRow(row[0]!, line)) row.push(line);
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

/** One page being cut: its lines, the document's measures and what the cut so far has produced. */
interface PageCut {
  page: PageText;
  stats: DocumentStats;
  drafts: Draft[];
  /** The last draft of each tagged list item among `drafts`. */
  items: TaggedItems;
  nesting: ListNesting;
  outline: OutlineKnowledge;
  /** The right edge of the page's prose. */
  right: number;
  /** Whether the prose is justified (many lines end at the right edge). */
  justified: boolean;
  /** The page text's edges and measure, as `continuesText` reads them. */
  edges: Parameters<typeof continuesText>[3] & object;
  /** The justified edge code lines set as text stop at, if any. */
  margin: ReturnType<typeof justifiedEdge>;
  /** Column gutters found so far, by line position. */
  gutters: Map<number, number | null>;
  /** What is left of the page's allowance for the aligned-table search. */
  tableBudget: TableSearchBudget;
}

/**
 * The page text's edges as `continuesText` reads them. On a page in one
 * column whose furthest lines ran past the measure the other lines keep
 * (`overfullMeasure`), the measure is theirs: measured from the overfull
 * line's end, every full line would seem to have room for its next line's
 * first word, and so to end its paragraph.
 */
function proseEdges(
  page: PageText,
  lines: readonly Line[],
  prose: readonly Line[],
  right: number,
  justified: boolean,
) {
  const measure = singleColumnMeasure(lines, right);
  const kept = measure === undefined || justified ? undefined : overfullMeasure(prose);
  return {
    left: pageLeft(page)?.x,
    right,
    justified,
    measure: kept ?? measure,
    overfull: kept !== undefined,
  };
}

/** Cuts one page's lines into drafts, appending to `drafts` (which `items` indexes). */
export function segmentPage(
  page: PageText,
  stats: DocumentStats,
  { drafts, items }: { drafts: Draft[]; items: TaggedItems },
  nesting: ListNesting,
  outline: OutlineKnowledge,
) {
  const lines = page.lines;
  const prose = lines.filter((l) => !isCodeLine(l));
  const right = prose.reduce((edge, l) => Math.max(edge, l.x1), -Infinity);
  // Justified text ends many lines at the right edge; ragged text ends few there.
  const justified = prose.filter((l) => Math.abs(l.x1 - right) < 1).length >= JUSTIFIED_LINES;
  const cut: PageCut = {
    page,
    stats,
    drafts,
    items,
    nesting,
    outline,
    right,
    justified,
    edges: proseEdges(page, lines, prose, right, justified),
    margin: justifiedEdge(prose),
    gutters: new Map(),
    tableBudget: new TableSearchBudget(),
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    // Back up the page: the next column, where the list's marker indents are measured from the
    // column's edge; on a page of no columns they mean nothing.
    if (
      i > 0 && line.y < lines[i - 1]!.y - line.size * 3 && columnLeft(page, line, cut.gutters) === undefined
    ) {
      nesting.reset();
    }
    // Nothing runs on into a heading the outline points at.
    const last = drafts.at(-1)?.outlined ? undefined : drafts.at(-1);
    const blockEnd = cutBlock(cut, i);
    if (blockEnd !== null) {
      i = blockEnd;
      continue;
    }
    const row = sameRow(lines, i, stats, justified ? right : undefined);
    i += row.length;
    const joined = row.length > 1 ? joinRow(row) : line;
    if (placeCode(cut, joined, last, lines[i])) continue;
    placeLine(cut, joined, last, line.spans[0]?.tag);
  }
}

/**
 * A block that starts at `lines[start]` and spans lines of its own, an
 * outlined heading, a tagged display formula or a table, pushed as one draft; returns the index after
 * it, or null when none starts there.
 */
function cutBlock(cut: PageCut, start: number): number | null {
  const { page, drafts, nesting } = cut;
  const lines = page.lines;
  const tag = lines[start]!.spans[0]?.tag;
  // A line the tags make a heading is one already; one they only make a paragraph may be the outline's.
  const heading = tag?.heading ? null : outlinedHeading(lines, start, page.page, cut.outline);
  if (heading) {
    drafts.push(heading.draft);
    nesting.reset();
    return heading.end;
  }
  const formulaEnd = taggedFormulaEnd(lines, start);
  if (formulaEnd !== null) {
    drafts.push({ kind: "text", page: page.page, lines: numberAtMargin(lines.slice(start, formulaEnd)) });
    return formulaEnd;
  }
  const table = tag?.cell
    ? tableFromTags(lines, start)
    : alignedTable(lines, start, cut.stats, cut.tableBudget);
  if (!table) return null;
  drafts.push({
    kind: "table",
    page: page.page,
    lines: lines.slice(start, table.end),
    cells: table.cells,
    rows: table.rows,
  });
  nesting.reset();
  return table.end;
}

/**
 * Places a code line: onto the prose it wraps from, onto the listing it
 * continues, or as a new listing. Returns false when `line` is no code line
 * (or is a code heading), leaving it to `placeLine`.
 */
function placeCode(cut: PageCut, line: Line, last: Draft | undefined, next: Line | undefined): boolean {
  const { stats, right } = cut;
  const lines = cut.page.lines;
  const code = (isCodeLine(line) || isListingMarkerRow(line, last, stats)) && !setAsText(line, cut.margin);
  // A listing the structure tree tags as one is no inline code wrapped onto a row of its own.
  const taggedListing = line.spans.some((s) => s.tag?.code);
  if (
    code && last && !taggedListing &&
    (codeRowOfTaggedParagraph(last, line) ||
      wrapsInlineCode(last, line, stats, continuesItem, sparseMeasure(cut, right)) ||
      atProseStep(last, line, stats, sparseMeasure(cut, cut.edges.measure)))
  ) {
    last.lines.push(line);
    return true;
  }
  const open = last?.kind === "code" && last.page === cut.page.page ? last.lines.at(-1) : undefined;
  if (!code || isCodeHeading(line, { prev: open, next }, stats, cut.outline.titles)) return false;
  if (open && (continuesCode(open, line, stats) || continuesInNextColumn(open, line, lines))) {
    // A wrapped row stands straight under the row it continues: after a blank row, the row above ended its line.
    if (line.y - open.y < stats.codeLineGap(line.size) * 1.5) {
      const breakSpaces = stats.drawsBreakSpaces?.(line.page);
      markWrappedAtEdge(open, line, lines, isCodeLine, stats.listingsBreakAtHyphensOnly?.(), breakSpaces);
    }
    last!.lines.push(line);
  } else cut.drafts.push({ kind: "code", page: cut.page.page, lines: [line] });
  return true;
}

/** `measure` (a page's own), or the document's where the page in one column holds too little prose. */
function sparseMeasure(cut: PageCut, measure: number | undefined): number | undefined {
  return sparsePageMeasure(cut.page.lines, cut.edges.measure, measure, cut.stats.pageRight?.(cut.page.page));
}

/**
 * True when a tagged line opens a paragraph the tags file under no list
 * (nor heading, cell or listing): a tree that tags paragraphs only (LaTeX's
 * tagging before it tagged lists) files each item as a `P` of its own, its
 * marker the `P`'s first word (or an artifact before it), so the marker
 * tells the item as on an untagged page. A line inside the paragraph never
 * does: a wrapped line may open with a number; nor does a note's (its mark,
 * `∗` or a number the tree leaves out of the note's `Lbl`, opens its text).
 * Where the tree tags list items elsewhere, it tags every list: such a line
 * opens a paragraph, not an item (a subfigure's `(a)`, an index entry's
 * `*variants`).
 */
function opensUnlistedBlock(line: Line, last: Draft | undefined): boolean {
  const tag = line.spans[0]?.tag;
  if (!tag || tag.listItem || tag.heading || tag.cell || tag.code || tag.note) return false;
  const before = last?.lines.at(-1);
  return !before || blockId(before) !== tag.block;
}

/** Fewest outline entries found on the pages for the outline to name the document's headings. */
const LISTED_HEADINGS = 3;

/**
 * The list marker a line of prose opens with, if it opens an item: none where a dash runs on from the line
 * before, where the line opens a note after its mark, or where a bold number was typed (the outline names the
 * headings); `note` tells whether the line is such a note.
 */
function lineMarker(cut: PageCut, line: Line, last: Draft | undefined, tag: Line["spans"][number]["tag"]) {
  const { page, stats, gutters } = cut;
  // A dash's room is measured to the edge of the line's own column, on a page of two.
  const dashed = TYPED_BULLETS.includes(line.spans[0]?.text.trimStart()[0] ?? "");
  const runsOn = dashed && (last?.kind === "text" || last?.kind === "list_item") &&
    dashRunsOn(last, line, stats, {
      left: cut.edges.left,
      right: columnOf(page, line, { left: cut.edges.left ?? line.x0, right: cut.edges.right }, gutters).right,
    });
  const note = footnoteAfterMark(line, last);
  // On a justified page, measured to the edge of the line's own column (a page may have two).
  const before = last?.lines.at(-1);
  const breaks = () =>
    cut.justified && !!before && itemAfterBreak(
      line,
      before,
      columnOf(page, before, { left: cut.edges.left ?? before.x0, right: cut.edges.right }, gutters).right,
    );
  // A line in small capitals set by size (`I. INTRODUCTION`) or a lettered one in italics is a heading's.
  const found = line.size <= stats.bodySize * 1.15 && (!tag || opensUnlistedBlock(line, last) || breaks()) &&
      !runsOn && !note && smallCapsSize(line) === undefined && !letteredHeadingLine(line)
    ? listMarker(line)
    : null;
  // A list's number is set in its items' weight: a number in bold with bold words after it was typed, where
  // the outline names the headings (without one, such a line may be a numbered heading's).
  const typedNumber = !!found?.ordered && allBold(line) && cut.outline.hits.size >= LISTED_HEADINGS;
  return { marker: typedNumber ? null : found, typedNumber, note };
}

/** Places a line of prose: onto the item or paragraph it continues, or as a new list item or paragraph. */
function placeLine(cut: PageCut, line: Line, last: Draft | undefined, tag: Line["spans"][number]["tag"]) {
  const { page, stats, drafts, items, nesting, gutters } = cut;
  const resumed = resumedParagraph(drafts, line);
  if (resumed) {
    resumed.lines.push(line);
    return;
  }
  // A tagged item's further paragraph (a `P` of its own) is a paragraph under the item, not more of its text.
  const item = tag?.listItem && last ? items.item(tag.listItem.id) : undefined;
  const turn = item && itemParagraphTurn(item, last!, line);
  if (turn) {
    if (turn === "goes-on") last!.lines.push(line);
    else drafts.push({ kind: "text", page: page.page, lines: [line] });
    return;
  }
  // A title set flush above its text (a `trivlist`'s label): its lines are paragraphs.
  const labelled = tag?.listItem ? labelledItem(items, line, tag.listItem.id) : undefined;
  if (labelled?.kind === "text" || (labelled && flushUnderLabel(labelled, line))) {
    if (labelled.kind === "list_item") labelAsParagraph(labelled);
    if (last?.kind === "text" && last !== labelled && continuesText(last, line, stats, cut.edges)) {
      last.lines.push(line);
    } else drafts.push({ kind: "text", page: page.page, lines: [line] });
    return;
  }
  const { marker, typedNumber, note } = lineMarker(cut, line, last, tag);
  if (marker && tag && stats.tagsListItems?.()) {
    drafts.push({ kind: "text", page: page.page, lines: [line] });
    return;
  }
  if (!marker && last && atProseStep(last, line, stats)) {
    last.lines.push(line);
    return;
  }
  if (!marker && last?.kind === "list_item" && continuesItem(last, line, stats)) {
    last.lines.push(line);
    return;
  }
  if (tag?.listItem) {
    const known = items.item(tag.listItem.id);
    if (known) known.lines.push(line);
    else drafts.push(taggedItem(line, page.page));
    return;
  }
  if (!marker && last && runsOnOverColumn(last, line, page, gutters, stats.pageMargin?.(page.page))) {
    last.lines.push(line);
    return;
  }
  if (marker) {
    const depth = nesting.depthOf(
      line.x0,
      columnLeft(page, line, gutters) ?? stats.pageMargin?.(page.page),
      marker.textX,
    );
    drafts.push({ page: page.page, ...markedItem(line, marker, depth) });
    return;
  }
  if (!note && last?.kind === "text" && continuesText(last, line, stats, cut.edges)) {
    last.lines.push(line);
    return;
  }
  const column = columnLeft(page, line, gutters) ?? stats.pageMargin?.(page.page);
  if (
    !(last?.kind === "list_item" && line.x0 > (last.markerX ?? 0) + 2) && !nesting.holds(line.x0, column)
  ) {
    nesting.reset();
  }
  drafts.push({ kind: "text", page: page.page, lines: [line], ...(typedNumber ? { typedNumber } : {}) });
}
