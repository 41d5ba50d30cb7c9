/**
 * Structure from geometry and fonts: a page's ordered lines are cut into
 * paragraphs, headings, list items, code blocks and tables; tags of a tagged
 * PDF refine the cuts where present.
 *
 * @module
 */
import { codeBlockText } from "./code.ts";
import { assignLevels, type HeadingCandidate, isHeadingCandidate, matchKey } from "./headings.ts";
import { inlineMarkdown, plainLineText } from "./inline.ts";
import { isMarkerOnly, listMarker, ListNesting } from "./lists.ts";
import { bodyColumn, isQuoteParagraph } from "./quotes.ts";
import type { DocumentStats } from "./stats.ts";
import { sizeKey } from "./stats.ts";
import { detectTable, tableFromTags } from "./tables.ts";
import type { Block, Line, OutlineEntry, PageText, Span } from "./types.ts";

/** Options for {@linkcode buildBlocks}. */
export interface StructureOptions {
  stats: DocumentStats;
  outline: readonly OutlineEntry[];
  /** Emit a page-break block at the start of each page, and do not join paragraphs across pages. */
  pageBreaks: boolean;
}

/** A block being assembled. */
interface Draft {
  kind: "text" | "list_item" | "code" | "table";
  page: number;
  lines: Line[];
  rows?: string[][];
  ordered?: boolean;
  marker?: string;
  depth?: number;
  /** List items: left edge of the marker, and the tagged item id. */
  markerX?: number;
  listId?: number;
  heading?: number;
  quote?: boolean;
}

/** True when every visible span of a line is in a bold font. */
function allBold(line: Line): boolean {
  return line.spans.every((s) => s.font.bold || !s.text.trim());
}

/** True when a line is code: wholly in a monospace font or tagged `Code`. */
function isCodeLine(line: Line): boolean {
  if (isMarkerOnly(plainLineText(line))) return false;
  return line.spans.every((s) => s.font.monospace || s.tag?.code || !s.text.trim());
}

/** The structure-tree block a line starts in, if tagged. */
function blockId(line: Line): number | undefined {
  return line.spans[0]?.tag?.block;
}

/** True when `line` continues the paragraph in `draft`. */
function continuesText(draft: Draft, line: Line, stats: DocumentStats): boolean {
  const prev = draft.lines[draft.lines.length - 1]!;
  if (draft.page !== line.page) return false;
  const a = blockId(prev), b = blockId(line);
  if (a !== undefined && b !== undefined && a !== b) return false;
  const dy = line.y - prev.y;
  if (dy <= 0 || dy > stats.lineGap(prev.size) * 1.3 + 1) return false;
  if (Math.abs(sizeKey(line.size) - sizeKey(prev.size)) > 0.5 || allBold(line) !== allBold(prev)) {
    return false;
  }
  const left = Math.min(...draft.lines.map((l) => l.x0));
  if (line.x0 < left - prev.size * 1.5) return false;
  if (line.x0 > left + prev.size * 0.8 && Math.abs(prev.x0 - left) < 1 && a === undefined) return false;
  if (draft.lines.length >= 2) {
    const widest = Math.max(...draft.lines.map((l) => l.x1 - l.x0));
    const text = plainLineText(prev);
    if (prev.x1 - prev.x0 < widest * 0.7 && /[.!?:]$/.test(text)) return false;
  }
  return true;
}

/** True when `line` continues the list item in `draft`. */
function continuesItem(draft: Draft, line: Line, stats: DocumentStats): boolean {
  const prev = draft.lines[draft.lines.length - 1]!;
  if (draft.page !== line.page) return false;
  const id = line.spans[0]?.tag?.listItem?.id;
  if (draft.listId !== undefined || id !== undefined) return id === draft.listId;
  const dy = line.y - prev.y;
  if (dy <= 0 || dy > stats.lineGap(prev.size) * 1.3 + 1) return false;
  return line.x0 > (draft.markerX ?? 0) + prev.size * 0.3 &&
    Math.abs(line.size - prev.size) < prev.size * 0.15;
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

/** Lines from `start` on the same baseline as it (cells of a row that is not a table). */
function sameRow(lines: readonly Line[], start: number): Line[] {
  const first = lines[start]!;
  let end = start + 1;
  while (
    end < lines.length && Math.abs(lines[end]!.y - first.y) <= Math.min(first.size, lines[end]!.size) * 0.35
  ) {
    if (isCodeLine(lines[end]!) !== isCodeLine(first) || lines[end]!.x0 < lines[end - 1]!.x1) break;
    end++;
  }
  return lines.slice(start, end);
}

/** One line from the pieces of a row, left to right. */
function joinRow(row: readonly Line[]): Line {
  const spans = row.flatMap((l) => l.spans);
  return { ...row[0]!, spans, x1: Math.max(...row.map((l) => l.x1)) };
}

/** The shaded area a line sits on. */
function shadeOf(line: Line): number | undefined {
  return line.spans.find((s) => s.text.trim())?.shade;
}

/**
 * True when code line `line` continues the code block ending in `prev`: one
 * shaded area holds both, or, unshaded, the gap is a whole number of lines,
 * a few blank lines at most.
 */
function continuesCode(prev: Line, line: Line, stats: DocumentStats): boolean {
  if (line.y <= prev.y) return false;
  const a = shadeOf(prev), b = shadeOf(line);
  if (a !== undefined || b !== undefined) return a === b;
  // Blank lines inside a block keep the line grid; the space between two blocks does not.
  const steps = (line.y - prev.y) / stats.codeLineGap(line.size);
  return Math.round(steps) <= 3 && Math.abs(steps - Math.round(steps)) < 0.2;
}

/**
 * True when a line set wholly in a monospace font is a heading made of inline
 * code: set larger than body text (code blocks never are), or named by the
 * outline.
 */
function isCodeHeading(line: Line, stats: DocumentStats, titles: ReadonlySet<string>): boolean {
  return line.size >= stats.bodySize * 1.12 || titles.has(matchKey(plainLineText(line)));
}

/** An aligned table at `lines[start]`; aligned columns wholly in a monospace font are code (help text). */
function alignedTable(lines: readonly Line[], start: number) {
  const table = detectTable(lines, start);
  return table && !lines.slice(start, table.end).every(isCodeLine) ? table : null;
}

/** Cuts one page's lines into drafts, appending to `drafts`. */
function segmentPage(
  page: PageText,
  stats: DocumentStats,
  drafts: Draft[],
  nesting: ListNesting,
  titles: ReadonlySet<string>,
) {
  const lines = page.lines;
  let i = 0;
  while (i < lines.length) {
    let line = lines[i]!;
    const last = drafts[drafts.length - 1];
    const tag = line.spans[0]?.tag;
    const table = tag?.cell ? tableFromTags(lines, i) : alignedTable(lines, i);
    if (table) {
      drafts.push({ kind: "table", page: page.page, lines: lines.slice(i, table.end), rows: table.rows });
      nesting.reset();
      i = table.end;
      continue;
    }
    const row = sameRow(lines, i);
    i += row.length;
    if (row.length > 1) line = joinRow(row);
    if (isCodeLine(line) && !isCodeHeading(line, stats, titles)) {
      const prev = last?.lines[last.lines.length - 1];
      if (last?.kind === "code" && prev && last.page === page.page && continuesCode(prev, line, stats)) {
        last.lines.push(line);
      } else drafts.push({ kind: "code", page: page.page, lines: [line] });
      continue;
    }
    const marker = line.size <= stats.bodySize * 1.15 && !tag ? listMarker(line) : null;
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
      const depth = nesting.depthOf(line.x0);
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
    if (last?.kind === "text" && continuesText(last, line, stats)) {
      last.lines.push(line);
      continue;
    }
    if (!(last?.kind === "list_item" && line.x0 > (last.markerX ?? 0) + 2)) nesting.reset();
    drafts.push({ kind: "text", page: page.page, lines: [line] });
  }
}

/**
 * Splits a paragraph whose every line is an outline title into one block per
 * line: consecutive headings in the same style read as one paragraph.
 */
function splitOutlineLines(drafts: Draft[], outline: readonly OutlineEntry[]): Draft[] {
  if (outline.length === 0) return drafts;
  const titles = new Set(outline.map((e) => matchKey(e.title)));
  return drafts.flatMap((draft) =>
    draft.kind === "text" && draft.lines.length > 1 &&
      draft.lines.every((l) => titles.has(matchKey(plainLineText(l))))
      ? draft.lines.map((line) => ({ ...draft, lines: [line] }))
      : [draft]
  );
}

/** Decides which text drafts are headings, and their levels. */
function markHeadings(drafts: Draft[], stats: DocumentStats, outline: readonly OutlineEntry[]) {
  const tagged = drafts.some((d) => d.lines.some((l) => l.spans.some((s) => s.tag?.heading)));
  const candidates: Array<{ draft: Draft; info: HeadingCandidate }> = [];
  for (const draft of drafts) {
    if (draft.kind !== "text") continue;
    const spans = draft.lines.flatMap((l) => l.spans);
    if (tagged) {
      const level = spans.find((s) => s.tag?.heading)?.tag?.heading;
      if (level && spans.every((s) => s.tag?.heading === level || !s.text.trim())) draft.heading = level;
      continue;
    }
    const info: HeadingCandidate = {
      text: draft.lines.map(plainLineText).join(" "),
      size: Math.max(...draft.lines.map((l) => l.size)),
      bold: draft.lines.every(allBold),
      italic: spans.every((s) => s.font.italic || !s.text.trim()),
      lineCount: draft.lines.length,
      page: draft.page,
    };
    if (isHeadingCandidate(info, stats)) candidates.push({ draft, info });
  }
  const levels = assignLevels(candidates.map((c) => c.info), outline, stats.bodySize);
  candidates.forEach((c, k) => {
    if (levels[k]) c.draft.heading = levels[k];
  });
}

/** Marks body-size paragraphs set in as block quotes (untagged text only). */
function markQuotes(drafts: Draft[], pages: readonly PageText[], stats: DocumentStats) {
  const columns = new Map(pages.map((p) => [p.page, bodyColumn(p, stats.bodySize)]));
  drafts.forEach((draft, i) => {
    const column = columns.get(draft.page);
    const first = draft.lines[0];
    if (draft.kind !== "text" || draft.heading || !column || !first || blockId(first) !== undefined) return;
    if (Math.abs(sizeKey(first.size) - sizeKey(stats.bodySize)) > 0.5) return;
    const prev = drafts[i - 1];
    const listTextX = prev?.kind === "list_item" ? prev.lines[0]?.x0 ?? prev.markerX : undefined;
    draft.quote = isQuoteParagraph(draft.lines, column, listTextX);
  });
}

/**
 * Joins a paragraph broken by a page turn (no closing punctuation, next page
 * starts lower-case), and code running on from one page to the next.
 */
function joinAcrossPages(drafts: Draft[]): Draft[] {
  const out: Draft[] = [];
  for (const draft of drafts) {
    const prev = out[out.length - 1];
    if (
      prev?.kind === "text" && draft.kind === "text" && !prev.heading && !draft.heading &&
      draft.page === prev.page + 1 && out.findLast((d) => d.page === prev.page) === prev &&
      !/[.!?:;]$/.test(plainLineText(prev.lines[prev.lines.length - 1]!)) &&
      /^\p{Ll}/u.test(plainLineText(draft.lines[0]!))
    ) {
      prev.lines.push(...draft.lines);
      continue;
    }
    // Code that ends one page and opens the next is one block broken by the page turn.
    if (prev?.kind === "code" && draft.kind === "code" && draft.page === prev.lines.at(-1)!.page + 1) {
      prev.lines.push(...draft.lines);
      continue;
    }
    out.push(draft);
  }
  return out;
}

/**
 * Builds the document's blocks from its pages' ordered lines.
 *
 * @param pages Pages with lines in reading order, furniture removed.
 * @param options Typography, outline and page-break choice.
 */
export function buildBlocks(pages: readonly PageText[], options: StructureOptions): Block[] {
  const { stats } = options;
  let drafts: Draft[] = [];
  const nesting = new ListNesting();
  const titles = new Set(options.outline.map((e) => matchKey(e.title)));
  for (const page of pages) segmentPage(page, stats, drafts, nesting, titles);
  drafts = splitOutlineLines(drafts, options.outline);
  markHeadings(drafts, stats, options.outline);
  markQuotes(drafts, pages, stats);
  if (!options.pageBreaks) drafts = joinAcrossPages(drafts);
  const blocks: Block[] = [];
  let page = 0;
  for (const draft of drafts) {
    if (options.pageBreaks) {
      while (page < draft.page) {
        page = pages.find((p) => p.page > page)?.page ?? draft.page;
        blocks.push({ kind: "page_break", page });
      }
    }
    const block = toBlock(draft, stats);
    if (block) blocks.push(block);
  }
  if (options.pageBreaks) {
    for (const p of pages) if (p.page > page) blocks.push({ kind: "page_break", page: p.page });
  }
  return blocks;
}

/** Renders a draft's content. */
function toBlock(draft: Draft, stats: DocumentStats): Block | null {
  const { page } = draft;
  switch (draft.kind) {
    case "table":
      return { kind: "table", rows: draft.rows!, page };
    case "code": {
      const text = codeBlockText(draft.lines, stats);
      return text.trim() ? { kind: "code", text, page } : null;
    }
    case "list_item":
      return {
        kind: "list_item",
        ordered: draft.ordered ?? false,
        depth: draft.depth ?? 0,
        marker: draft.marker ?? "-",
        text: inlineMarkdown(draft.lines),
        page,
      };
    default: {
      const text = inlineMarkdown(draft.lines);
      if (!text) return null;
      if (draft.heading) return { kind: "heading", level: draft.heading, text, page };
      return { kind: draft.quote ? "quote" : "paragraph", text, page };
    }
  }
}
