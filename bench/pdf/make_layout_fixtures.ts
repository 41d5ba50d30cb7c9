/**
 * Renders the layout fixtures (`tests/lib/pdf/fixtures/layout/*.html`) with
 * the producers each is made for (`_html_producers.ts`), and those written in
 * Markdown (`*.md`) with the layout corpus' producers (`_layout_producers.ts`),
 * next to their sources as `<name>.<producer>.pdf`: one fixture per mechanism
 * that reads a PDF's own structure or its drawing (outline, tags, rules,
 * columns, indentation). Run once after changing a source; the PDFs are
 * committed so tests need none of the producers.
 *
 *     deno task make:pdf-layout-fixtures [name…]
 *
 * @module
 */
import { ensureProducers, type HtmlProducer, renderHtml } from "./_html_producers.ts";
import { renderLayout } from "./_layout_producers.ts";
import type { LayoutProducer } from "../../tests/_support/pdf_layout_corpus.ts";

/** The producers each fixture is rendered with. */
export const LAYOUT_FIXTURES: Record<string, readonly HtmlProducer[]> = {
  // Headings at body size, in small capitals and italics, that only the outline tells apart.
  outline_headings: ["weasyprint"],
  // Headings at body size set apart by weight, small capitals and section numbers alone: no outline, no tags.
  typography_headings: ["weasyprint"],
  // The structure tree says what each block is; its headings are set at body size too.
  tagged: ["chromium"],
  // Every cell ruled, spans by missing rules: filled rules (WeasyPrint), stroked ones (LibreOffice).
  ruled_table: ["weasyprint", "libreoffice"],
  // Prose in the left column, a ruled table in the right one.
  two_columns: ["weasyprint"],
  // A quote set in on both sides, with no rule or other mark.
  indent_quote: ["weasyprint"],
  // A ruled table broken at a column's foot: its header repeated, a row broken in two.
  table_turn: ["weasyprint"],
  // A page that is mostly one ruled table of two columns: its column edge is no gutter between page columns.
  table_page: ["weasyprint"],
  // A quote set in on the left only, justified to the right margin like the text around it.
  left_quote: ["weasyprint"],
  // Listings in two columns whose long lines wrap under a hanging indent, one running on into the next column.
  wrapped_listing: ["weasyprint"],
  // Two columns: paragraphs made of inline code, a listing wrapped at a hyphen, a row running over the gutter.
  inline_code_columns: ["weasyprint"],
  // A title block above the outline, a level the outline leaves out below its deepest, a boxed label.
  outline_depth: ["weasyprint"],
  // Headings whose source skips levels (third level under the title, fifth under a second), set in sizes
  // that rank: the outline nests them short. A ruled table too, its cells labelled by its rules, not tags.
  skipped_levels: ["weasyprint"],
  // A title page: the title in the headings' face, larger, flush left over its byline, alone on its page.
  title_page: ["weasyprint"],
  // Paragraphs with no space between them: a label line, a sentence ending in code, a hard line break.
  unspaced_paragraphs: ["abiword", "weasyprint"],
  // A listing a word processor wraps at a hyphen or an operator far from the edge, keeping its spaces whole.
  unspaced_listing: ["abiword"],
  // Listings in a column, one wrapped after an option's dashes at its own step, one under lines indented in it.
  wrapped_options: ["weasyprint"],
  // A table with a header row, which AbiWord sets in columns a few letters wide, breaking words anywhere.
  narrow_cells: ["abiword"],
  // Running heads naming the chapter (left on even pages, right on odd ones), page numbers high above the foot.
  running_heads: ["weasyprint"],
  // A contents page: titles with dot leaders and page numbers, nested, before the chapters they name.
  contents_page: ["weasyprint"],
  // An index in two columns after a chapter: entries with their pages, sub-entries set in under a term, an entry
  // whose pages wrap under a hanging indent, gaps between the letters' groups.
  index_page: ["weasyprint"],
  // A listing with its lines numbered in the text's type left of the code, each line on a strip of its own.
  numbered_listing: ["weasyprint"],
  // A quote after a list, set in a little short of the items' text; an item's paragraph after its listing.
  item_quote: ["weasyprint"],
  // A listing whose string of several lines has a highlight of its own, painted from the listing's edge.
  highlight_string: ["chromium"],
  // Ragged prose that breaks compounds at their own hyphens (no hyphenation): the hyphens stay.
  hyphen_compounds: ["weasyprint"],
  // A quote in two columns that runs on over the column turn.
  quote_turn: ["weasyprint"],
  // Paragraphs with no space between them and no indent; quotes set apart by a blank line above alone.
  spaced_quote: ["weasyprint"],
  // Inline code too long for the rest of a line, wrapped whole onto one of its own; a one-word listing.
  wrapped_code_word: ["weasyprint"],
  // Listings back to back with no space between (AbiWord): a file comment, a prompt or an interpreter line opens one;
  // so does a program's statement or another manager's install under a listing of one command.
  adjoining_listings: ["abiword"],
  // Two columns: listing rows too long for the left column ending in the gutter or over the right column's edge.
  gutter_rows: ["weasyprint"],
  // Ruled tables of other shapes: numbers set flush right, no header row, inline code and cells of several lines.
  table_shapes: ["weasyprint", "abiword"],
  // Quotes holding a list: one going on after it, one with a quote nested after it; a list after a quote.
  quoted_list: ["weasyprint", "abiword"],
  // A ruled table a little too wide for the left column, broken into the right one, a listing under its end.
  table_over_gutter: ["weasyprint"],
  // Two columns: a benchmark listing whose wrapped rows end in a piece near the column's edge, beside prose;
  // a last page whose listing runs on into the right column, too little running text there to show a gutter.
  listing_columns: ["weasyprint"],
  // Rules drawn across the text between blocks (thematic breaks), a bold line under one; a long underlined
  // link and a table ruled across only, whose rules are no breaks.
  thematic_break: ["weasyprint"],

  // Ragged prose leaving room for a syllable before long words: compounds broken at hyphens it writes once.
  whole_words: ["weasyprint"],
  // Two columns: a paragraph whose inline code runs over the gutter into the right column's headings.
  code_overrun: ["weasyprint"],
  // Two columns: list items whose wrapped lines open with a dash, the page's right edge far past their column's.
  column_dash: ["weasyprint"],
  // Two columns: a paragraph and a nested list item running on over the column turn, set in at the item's
  // text edge in the next column; links alone in a paragraph each, one ending a column.
  column_turn: ["weasyprint"],
  // Two columns: listing rows too long for their column running past the page's edge, beside prose.
  code_past_edge: ["weasyprint"],
  // Two columns: pandoc's highlighted listings wrapped under a hanging indent in both, a blank line after a
  // wrapped row (the page is pandoc's HTML in the layout corpus' two-column style).
  wrapped_columns: ["weasyprint"],
  // Two columns: list items whose text is wholly linked inline code, wrapped onto a row of code of its own.
  code_items: ["weasyprint"],

  // Tagged quotes: a listing and lists inside one, two paragraphs of one, two quotes in a row; a listing whose
  // long rows wrap under a hanging indent at a hyphen and after an option's dashes (pandoc's print style).
  tagged_quote: ["chromium"],
  // Two columns whose pages of short listing rows leave a wide blank before the gutter; on the last page,
  // ragged prose in the left column reaches further into it, beside a listing of short rows in the right.
  column_blank: ["weasyprint"],
};

/** The fixtures written in Markdown, and the layout corpus' producers each is rendered with. */
export const MARKDOWN_LAYOUT_FIXTURES: Record<string, readonly LayoutProducer[]> = {
  // Thematic breaks groff draws as rows of short strokes on a page painting nothing else, a bold line under
  // one, set short and flush left of the centred rule; an outline listing the headings.
  stroked_break: ["gropdf"],
  // A README's listings as AbiWord sets them: blank lines inside listings of indented code (a row now and then a
  // point lower), a line wrapped at a space leaving `10.` alone on its row, rows broken after a path's `{team}/`,
  // a row ending in a URL's slash before a blank line, a column of percentiles beside their latencies.
  abiword_listings: ["abiword"],
  // Headings made of inline code under listings, set at the code's size and on the listing's grid, prose under them.
  code_heading_rows: ["abiword"],
  // A heading at body size, bold, over a listing on a page of listings: too little prose to measure its room.
  listing_heading: ["abiword"],
  // Two columns; a last page too short to show its gutter, a one-line quote in its right column.
  column_quote: ["weasyprint-columns"],
  // A quote holding a nested one, going on after it at its own edge; a quote of its own below.
  nested_quote: ["weasyprint", "gropdf", "rst2pdf"],
  // A listing on no box inside a quote that goes on after it; one right after a quote that ended.
  quote_listing: ["weasyprint"],
  // Two columns: a ruled table a token widens over the gutter, drawn over the right column's lines beside it.
  wide_table_columns: ["weasyprint-columns"],
  // Quotes made only of inline code, one after another, before a quote of prose; a listing at the margin.
  code_quotes: ["weasyprint"],
  // One-line quotes that fill the measure (ReportLab sets a quote in on the left only), two of them in a row.
  full_line_quote: ["rst2pdf"],
  // Quotes that end in a list (bulleted, numbered), the markers right of the quote's edge; a list after a quote.
  quote_ends_list: ["weasyprint", "gropdf", "rst2pdf"],
  // Lists whose items are only inline code (ReportLab sets their numbers and bullets in the code's face);
  // a paragraph of inline code and a listing of numbered rows, which stay what they are.
  code_face_items: ["rst2pdf", "weasyprint"],
  // Two columns: quotes of inline code one after another, each wrapped in the narrow column, then a listing.
  code_paragraph_runs: ["weasyprint-columns"],
  // A ruled table that is only its header row between prose; a header and one row, whose name column
  // is wide; three rows, whose columns AbiWord sets too narrow for names joined by underscores.
  header_tables: ["abiword", "weasyprint"],
  // Ruled tables of six rows and more, whose columns AbiWord narrows below a letter's width (a staircase of
  // empty ruled cells takes the width): each cell's text starts at its rule and runs on over its neighbours'.
  overrun_cells: ["abiword"],
  // Headings opening with a dot (an API's methods), one right under its section's heading: groff writes their
  // bookmarks with no title, each pointing at its heading.
  untitled_entries: ["gropdf"],
  // Two columns: listing rows wrapped at a space the engine draws at the row's end (after an address's
  // slash) and inside tokens with none (a string's escaped quotes, a template's placeholder).
  break_spaces: ["weasyprint-columns"],
  // An aligned listing of timings whose `±`, which groff's Courier lacks, gropdf sets in the Symbol font.
  fallback_symbols: ["gropdf"],
  // One-line paragraphs before a label line with no space between them (AbiWord), on a page in one column
  // that also holds a ruled table of two columns and listing rows parted at a comment's two spaces.
  table_page_measure: ["abiword"],
  // Two columns: quotes of one command each in inline code, wrapped inside the command's token, one going on
  // in prose after it (a comment).
  code_quote_wraps: ["weasyprint-columns"],
  // Paragraphs AbiWord sets with no space between them, each ending a line whose room holds the next
  // paragraph's first word by the font's widths, though not by an estimate of letters' widths with a margin.
  next_word_fit: ["abiword"],
  // Quotes of one command each in inline code that AbiWord sets flush left, a blank line's space above them
  // and none below, where its listings stand a line's step below the block above them.
  command_quotes: ["abiword"],
  // GitHub alerts AbiWord prints as paragraphs flush left opening with their label, under a table (where every
  // paragraph stands as far down) and a listing: one whose last line is a lead-in to the listing after it,
  // one whose label stands alone on its line, one going on into a paragraph of prose.
  flush_alerts: ["abiword"],
};

if (import.meta.main) {
  const dir = new URL("../../tests/lib/pdf/fixtures/layout/", import.meta.url).pathname;
  const chosen = (n: string) => !Deno.args.length || Deno.args.includes(n);
  const names = Object.keys(LAYOUT_FIXTURES).filter(chosen);
  await ensureProducers([...new Set(names.flatMap((n) => LAYOUT_FIXTURES[n]!))]);
  const work = await Deno.makeTempDir({ prefix: "pdf-layout-" });
  try {
    for (const name of names) {
      for (const producer of LAYOUT_FIXTURES[name]!) {
        await renderHtml(producer, `${dir}${name}.html`, `${dir}${name}.${producer}.pdf`, work);
        console.log(`${name}.${producer}.pdf`);
      }
    }
    for (const name of Object.keys(MARKDOWN_LAYOUT_FIXTURES).filter(chosen)) {
      for (const producer of MARKDOWN_LAYOUT_FIXTURES[name]!) {
        await renderLayout(producer, `${dir}${name}.md`, `${dir}${name}.${producer}.pdf`, work);
        console.log(`${name}.${producer}.pdf`);
      }
    }
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}
