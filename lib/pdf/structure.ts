/**
 * Structure from geometry and fonts: a page's ordered lines are cut into
 * paragraphs, headings, list items, code blocks and tables; tags of a tagged
 * PDF refine the cuts where present.
 *
 * @module
 */
import { brokenLinesText, joinBrokenLines } from "./broken_lines.ts";
import { markCalloutLabels } from "./callouts.ts";
import { codeBlockText } from "./code.ts";
import { proseSpacedCodeToText, unshadedCodeToText } from "./code_passes.ts";
import { codeRowsToItems } from "./code_face_items.ts";
import { splitCodeParagraphRuns } from "./code_paragraph_runs.ts";
import { breakBetween } from "./thematic_breaks.ts";
import { markPlainNotes } from "./plain_notes.ts";
import type { Draft } from "./draft.ts";
import { joinAcrossPages, splitOutlineLines } from "./draft_passes.ts";
import { joinHangingRows } from "./code_hanging_rows.ts";
import { splitListingsBesideOutput } from "./listings_beside_output.ts";
import { markHeadings } from "./heading_marks.ts";
import { markQuotes } from "./quote_marks.ts";
import { quoteFlushAlerts } from "./flush_alerts.ts";
import { quoteHeadingsInQuotes } from "./quoted_headings.ts";
import { matchKey } from "./headings.ts";
import { settleOutlineHeadings } from "./heading_styles.ts";
import { inlineMarkdown } from "./inline.ts";
import { documentLexicon, type Lexicon, proseLexicon } from "./lexicon.ts";
import { ListNesting } from "./lists.ts";
import { markItemParagraphs } from "./item_paragraphs.ts";
import { markDescriptionItems } from "./description_items.ts";
import { splitAtListingOpeners } from "./listing_openers.ts";
import { markQuotedLists } from "./quoted_lists.ts";
import { mapOutline } from "./outline_map.ts";
import { titledEntries } from "./untitled_entries.ts";
import { placeTitle } from "./title_block.ts";
import { citedEntriesToItems } from "./cited_entries.ts";
import { unquotePanels } from "./panels.ts";
import { unquoteAbstract } from "./abstracts.ts";
import { headAbstractLabel } from "./abstract_heading.ts";
import { joinNoteMarks } from "./note_mark_lines.ts";
import { headingsOverNotes } from "./heading_over_notes.ts";
import { notesAfterLists } from "./notes_in_lists.ts";
import { bodyColumns } from "./quotes.ts";
import { dropContentsPageNumbers } from "./tagged_contents.ts";
import { markTaggedQuotes } from "./tagged_quotes.ts";
import { spacesParagraphs } from "./paragraph_gaps.ts";
import { quoteCodeRuns } from "./quoted_code_runs.ts";
import { settleCodeQuotes } from "./code_quote_wraps.ts";
import { markQuotedListings } from "./quoted_listings.ts";
import { nameRowsToText } from "./code_name_rows.ts";
import { paragraphSpacedRowsToText } from "./code_paragraph_grid.ts";
import { splitRunInHeadings } from "./run_in.ts";
import { withoutAddedNumber } from "./section_numbers.ts";
import { segmentPage } from "./segment.ts";
import { TaggedItems } from "./tagged_items.ts";
import type { DocumentStats } from "./stats.ts";
import { joinTableParts } from "./table_parts.ts";
import { cellTexts } from "./tables.ts";
import type { Block, OutlineEntry, PageText } from "./types.ts";

/** Options for {@linkcode buildBlocks}. */
export interface StructureOptions {
  stats: DocumentStats;
  outline: readonly OutlineEntry[];
  /** Emit a page-break block at the start of each page, and do not join paragraphs across pages. */
  pageBreaks: boolean;
}

/**
 * Builds the document's blocks from its pages' ordered lines.
 *
 * @param pages Pages with lines in reading order, furniture removed.
 * @param options Typography, outline and page-break choice.
 */
export function buildBlocks(pages: readonly PageText[], options: StructureOptions): Block[] {
  markPlainNotes(pages);
  const spaced = spacesParagraphs(pages, options.stats.lineGap);
  const columns = bodyColumns(pages, options.stats.bodySize);
  const stats: DocumentStats = {
    ...options.stats,
    ...(spaced === undefined ? {} : { paragraphsSpaced: spaced }),
    pageMargin: (page) => columns.get(page)?.left,
    pageRight: (page) => columns.get(page)?.right,
  };
  let drafts: Draft[] = [];
  const nesting = new ListNesting();
  const titled = titledEntries(options.outline);
  const outline = {
    titles: new Set(titled.map((e) => matchKey(e.title))),
    hits: mapOutline(pages, options.outline),
  };
  const cut = { drafts, items: new TaggedItems(drafts) };
  for (const page of pages) segmentPage(page, stats, cut, nesting, outline);
  dropContentsPageNumbers(drafts);
  drafts = joinNoteMarks(drafts);
  unshadedCodeToText(drafts);
  codeRowsToItems(drafts);
  drafts = splitCodeParagraphRuns(drafts, stats);
  proseSpacedCodeToText(drafts, stats);
  nameRowsToText(drafts, stats);
  drafts = paragraphSpacedRowsToText(drafts);
  drafts = joinHangingRows(drafts, stats);
  drafts = splitAtListingOpeners(drafts, stats);
  drafts = splitOutlineLines(drafts, titled);
  markHeadings(drafts, stats, titled);
  drafts = placeTitle(drafts);
  drafts = splitRunInHeadings(drafts);
  settleOutlineHeadings(drafts, pages, stats);
  headingsOverNotes(drafts, stats);
  notesAfterLists(drafts);
  drafts = joinBrokenLines(drafts, stats);
  markQuotes(drafts, pages, stats);
  drafts = quoteFlushAlerts(drafts, stats);
  quoteHeadingsInQuotes(drafts, pages, stats);
  markTaggedQuotes(drafts);
  unquotePanels(drafts, markCalloutLabels(drafts));
  unquoteAbstract(drafts);
  headAbstractLabel(drafts);
  markQuotedLists(drafts, (page) => stats.pageMargin?.(page));
  drafts = quoteCodeRuns(drafts, stats);
  drafts = settleCodeQuotes(drafts, stats);
  markQuotedListings(drafts, stats);
  markItemParagraphs(drafts, stats);
  markDescriptionItems(drafts);
  citedEntriesToItems(drafts);
  drafts = joinTableParts(drafts, !options.pageBreaks);
  drafts = splitListingsBesideOutput(drafts, stats);
  if (!options.pageBreaks) drafts = joinAcrossPages(drafts, stats);
  const blocks: Block[] = [];
  const words = documentLexicon(pages), prose = proseLexicon(pages);
  let page = 0;
  const droppedNumbers = new Set<string>();
  for (const [i, draft] of drafts.entries()) {
    if (options.pageBreaks) {
      while (page < draft.page) {
        page = pages.find((p) => p.page > page)?.page ?? draft.page;
        blocks.push({ kind: "page_break", page });
      }
    }
    if (i > 0 && breakBetween(drafts[i - 1]!, draft) !== undefined) {
      blocks.push({ kind: "rule", page: draft.page });
    }
    const block = toBlock(draft, stats, words, prose);
    if (block) blocks.push(withoutAddedNumber(block, outline.titles, droppedNumbers));
  }
  if (options.pageBreaks) {
    for (const p of pages) if (p.page > page) blocks.push({ kind: "page_break", page: p.page });
  }
  return blocks;
}

/** Renders a draft's content; `words` tells code a typesetter hyphenated from its own hyphens. */
function toBlock(draft: Draft, stats: DocumentStats, words: Lexicon, prose: Lexicon): Block | null {
  const { page } = draft;
  switch (draft.kind) {
    case "table":
      return {
        kind: "table",
        rows: cellTexts({ cells: draft.cells!, rows: draft.rows! }, words, prose),
        page,
      };
    case "code": {
      const text = codeBlockText(draft.lines, stats);
      if (!text.trim()) return null;
      return draft.quote ? { kind: "code", text, page, quoted: true } : { kind: "code", text, page };
    }
    case "list_item":
      return {
        kind: "list_item",
        ordered: draft.ordered ?? false,
        depth: draft.depth ?? 0,
        marker: draft.marker ?? "-",
        text: inlineMarkdown(draft.lines, { words }),
        page,
        ...(draft.quote ? { quoted: true } : {}),
      };
    default: {
      const text = draft.brokenLines && !draft.quote
        ? brokenLinesText(draft.lines, draft.brokenLines, (lines) => inlineMarkdown(lines, { words }))
        : inlineMarkdown(draft.lines, { words });
      if (!text) return null;
      if (draft.heading) return { kind: "heading", level: draft.heading, text, page };
      if (!draft.quote) {
        return draft.itemDepth === undefined
          ? { kind: "paragraph", text, page }
          : { kind: "paragraph", text, page, itemDepth: draft.itemDepth };
      }
      const bar = draft.lines[0]!.spans.find((s) => s.text.trim())?.bar;
      return {
        kind: "quote",
        text,
        page,
        ...(bar === undefined ? {} : { bar }),
        ...(draft.quoteStart ? { opens: true } : {}),
      };
    }
  }
}
