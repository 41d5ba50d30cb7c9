/**
 * Data shared by the PDF → Markdown stages: what extraction produces and
 * layout, structure and rendering consume.
 *
 * @module
 */

/** Style of a font as far as structure detection cares. */
export interface FontStyle {
  /** PostScript name without the subset prefix, e.g. `LiberationSerif-Bold`. */
  name: string;
  bold: boolean;
  italic: boolean;
  monospace: boolean;
  /**
   * Each printable ASCII character's advance in ems, where a simple font gives its widths
   * (`font_advances.ts`).
   */
  advances?: Record<string, number>;
}

/** What a tagged PDF's structure tree says about a piece of text. */
export interface Tag {
  /** Id of the nearest block-level structure element (paragraph, heading, cell…). */
  block: number;
  /** Heading level 1–6 when inside `H1`…`H6`. */
  heading?: number;
  /** The heading's element is of a type the producer named and its role map leveled (LaTeX's `section`). */
  ownHeading?: boolean;
  /** Id of the innermost list item, with its nesting depth (0 = top level). */
  listItem?: { id: number; depth: number };
  /** Inside a contents entry (`TOCI`, read as a list item): its page number means nothing once the text has no pages. */
  contents?: boolean;
  /** Inside the item's label (`Lbl`): the bullet or number. */
  label?: boolean;
  /** Inside a table cell; `right`: a ruled cell's right rule (its text may run on past it, `overrun_cells.ts`). */
  cell?: { table: number; row: number; column: number; header: boolean; right?: number };
  /** Inside `Code`. */
  code?: boolean;
  /** Inside `BlockQuote`. */
  quote?: boolean;
  /** Id of the outermost `BlockQuote` around the text: paragraphs, listings and lists of one quote share it. */
  quoteId?: number;
  /** Inside a `P`: the block is a paragraph (a list item's further paragraphs are told by it). */
  paragraph?: boolean;
  /** Inside a display `Formula` (one set apart from the text, not a word of a sentence). */
  formula?: boolean;
  /** Inside a note (`Note`, `FENote`): a footnote's text, wherever the page sets it. */
  note?: boolean;
  /** Inside a note's `Lbl` (a footnote's number, set close up to its text): a word of its own. */
  noteLabel?: boolean;
  /** Inside the `Lbl` the text sets where it refers to a note (the footnote's mark), the note right after it. */
  noteRef?: boolean;
}

/** A run of text in one font on one baseline, in top-down page coordinates (points). */
export interface Span {
  text: string;
  /** Left edge. */
  x: number;
  /** Baseline, measured from the top of the page. */
  y: number;
  width: number;
  /** Font size (em height). */
  size: number;
  font: FontStyle;
  /** Target of a link annotation covering this text. */
  link?: string;
  tag?: Tag;
  /** Id of the shaded area (a filled box, as behind a code block) the span sits on. */
  shade?: number;
  /** Number, on its page, of the quote rule (a thin painted bar) the span stands beside. */
  bar?: number;
  /**
   * On the first line under a drawn rule across the text (a thematic break): the rule's height from
   * the top of the page (`thematic_breaks.ts`).
   */
  ruleAbove?: number;
  /** On a page without tags: a footnote's mark (`ref`) or the number opening its note (`label`), see `plain_notes.ts`. */
  plainNote?: "ref" | "label";
  /** On a monospace span: the page draws a space right after it (`line_end_spaces.ts`). */
  spaceAfter?: true;
}

/** A horizontal run of spans with no wide gap: a line of a paragraph, a table cell, a column's line. */
export interface Line {
  spans: Span[];
  x0: number;
  x1: number;
  /** Baseline from the top of the page. */
  y: number;
  /** Dominant (character-weighted) font size. */
  size: number;
  /** 1-based page number. */
  page: number;
}

/** One page's text, ready for structure detection. */
export interface PageText {
  /** 1-based page number. */
  page: number;
  width: number;
  height: number;
  /** Lines in reading order. */
  lines: Line[];
  /** Where the document's gutter parts a page too short to show one of its own (see `column_carry.ts`). */
  gutter?: number;
  /**
   * The spaces the page draws after its monospace spans were read (`line_end_spaces.ts`): a span
   * of it with no `spaceAfter` has none drawn after it. Pages not read say nothing either way.
   */
  spacesRead?: true;
  /**
   * The transform a page was read through, from PDF user space to the page's
   * top-down coordinates, where it is not the plain upright one (a page read
   * turned, `sideways_pages.ts`; a `/Rotate` entry; a media or crop box off
   * the origin): where an outline destination's point lands on the page as read.
   */
  view?: number[];
}

/** A structural unit of the output. */
export type Block =
  | { kind: "heading"; level: number; text: string; page: number }
  /** A paragraph; with `itemDepth`, a further paragraph of the list item at that depth before it. */
  | { kind: "paragraph"; text: string; page: number; itemDepth?: number }
  /**
   * A paragraph of a block quote; consecutive ones form one quote, unless
   * beside different rules or the later one `opens` a quote of its own.
   */
  | { kind: "quote"; text: string; page: number; bar?: number; opens?: boolean }
  /** A list item; `quoted` inside the block quote around it. */
  | {
    kind: "list_item";
    ordered: boolean;
    depth: number;
    marker: string;
    text: string;
    page: number;
    quoted?: boolean;
  }
  /** A listing; `quoted` inside the block quote around it (a callout box holding a listing). */
  | { kind: "code"; text: string; page: number; quoted?: boolean }
  | { kind: "table"; rows: string[][]; page: number }
  | { kind: "page_break"; page: number }
  /** A thematic break: a rule drawn across the text between two blocks. */
  | { kind: "rule"; page: number };

/** An entry of the document outline (bookmarks). */
export interface OutlineEntry {
  title: string;
  /** 1-based nesting level. */
  level: number;
  /** Target page, when it resolves. */
  page?: number;
  /**
   * The height the destination shows at the top of the window, in PDF user
   * space (from the page's bottom), when it names one: the heading is just
   * below it. Used to find the heading; not part of the conversion's result.
   */
  top?: number;
  /** The left edge the destination shows, in PDF user space, when it names one (`top`'s partner). */
  left?: number;
}

/** A drawn rule's box in top-down page coordinates. */
export interface Rule {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** A line of a heading the outline points at. */
export interface OutlineHit {
  /** The entry's level (1 = top). */
  level: number;
  /** The heading's first line (the others continue it). */
  first: Line;
}

/** A piece of text with the inline markup it needs. */
export interface Piece {
  text: string;
  link?: string;
  code: boolean;
  /** Markdown already (a note's mark, `[^1]`): written as it is, not escaped. */
  markup?: boolean;
}
