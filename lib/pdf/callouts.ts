/**
 * Callout boxes (a note, a tip, a warning in a box): the box opens with its
 * label, a word or two in bold on a line of its own, which heading detection
 * takes for a heading at body size. Two kinds of evidence tell a label:
 *
 * - shading: a label standing on the same shaded area as the text after it
 *   is the box's own first line: it loses its heading mark and, when the box
 *   reads as a quote, opens a quote of its own (`markCalloutLabels`), which
 *   a panel's padding alone would not make it (`panels.ts`);
 * - indentation: where the outline's headings all start at the column's edge,
 *   a line set in from it over text set in as well is a box's or a quote's
 *   label (`unheadSetInLabels`).
 *
 * @module
 */
import { type Draft, shadeOf } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import { bodyColumns, columnOf, firstLineIndent } from "./quotes.ts";
import type { DocumentStats } from "./stats.ts";
import type { Line, PageText } from "./types.ts";
import { least } from "./extremes.ts";

/** Words a callout's label may have. */
const LABEL_WORDS = 3;
/** Drafts a callout box may hold after its label. */
const BOX_DRAFTS = 6;

/**
 * True when the shaded area of the draft at `at` ends within a box's few
 * drafts: before other text, or at the page's foot when text outside it
 * stands above it on the page (a painted page has none).
 */
function boxEnds(drafts: readonly Draft[], at: number, shade: number): boolean {
  const page = drafts[at]!.page;
  const prev = drafts[at - 1];
  const textAbove = prev !== undefined && prev.page === page;
  for (let k = at + 1; k <= at + 1 + BOX_DRAFTS; k++) {
    const d = drafts[k];
    if (!d || d.page !== page) return textAbove;
    if (d.lines.every((l) => shadeOf(l) !== shade)) return true;
  }
  return false;
}

/** The drafts after the label at `at` that stand on its shaded area: the box's body. */
function boxBody(drafts: readonly Draft[], at: number, shade: number): Draft[] {
  const body: Draft[] = [];
  for (let k = at + 1; k < drafts.length; k++) {
    const d = drafts[k]!;
    if (d.page !== drafts[at]!.page || d.kind === "table" || d.lines.some((l) => shadeOf(l) !== shade)) break;
    body.push(d);
  }
  return body;
}

/**
 * Turns callout labels taken for headings back into the first line of their
 * box (see the module's comment). Headings the outline names are left alone.
 * A box that reads as a quote (its text set in) or holds a listing is a
 * quote with everything on it, the listing too.
 *
 * @returns The drafts of the boxes made quotes, labels and bodies.
 */
export function markCalloutLabels(drafts: readonly Draft[]): Set<Draft> {
  const boxes = new Set<Draft>();
  drafts.forEach((draft, i) => {
    const next = drafts[i + 1];
    if (draft.kind !== "text" || draft.outlined || !next || next.page !== draft.page) return;
    if (draft.lines.length !== 1 || next.kind === "table") return;
    const shade = shadeOf(draft.lines[0]!);
    if (shade === undefined || shadeOf(next.lines[0]!) !== shade) return;
    // The label opens its box: text before it on the same area is a page's or a panel's background.
    const prev = drafts[i - 1];
    if (prev && prev.page === draft.page && shadeOf(prev.lines[prev.lines.length - 1]!) === shade) return;
    const label = plainLineText(draft.lines[0]!);
    if (label.split(/\s+/).length > LABEL_WORDS) return;
    // A label is set at the size of the box's text; a larger heading over a painted page is a heading.
    if (Math.abs(draft.lines[0]!.size - next.lines[0]!.size) > next.lines[0]!.size * 0.05) return;
    if (!boxEnds(drafts, i, shade)) return;
    const body = boxBody(drafts, i, shade);
    const listing = body.some((d) => d.kind === "code") && body.some((d) => d.kind !== "code");
    const sentence = /[.!?]$/.test(label);
    // Not taken for a heading, a label is a label only where the box holds more than its text, or
    // where the box reads as a quote already (then it stays one, a panel of its own: `panels.ts`).
    if (!draft.heading && (!listing || sentence)) {
      if (!sentence && draft.quote && next.quote) { for (const d of [draft, ...body]) boxes.add(d); }
      return;
    }
    unhead(draft);
    if (next.quote || listing) {
      // Each box a quote of its own, opened by its label.
      draft.quote = true;
      draft.quoteStart = true;
      boxes.add(draft);
      for (const d of body) {
        d.quote = true;
        delete d.quoteStart;
        boxes.add(d);
      }
    }
  });
  return boxes;
}

/** Makes a heading text again. */
function unhead(draft: Draft) {
  delete draft.heading;
  delete draft.runIn;
}

/**
 * Where every heading the outline names starts at its column's left edge, a
 * heading it leaves out that starts an em or more further in, with the text
 * under it set in as well, is the label of a box or a quote, not a heading.
 * (TeX sets its fifth level in by a paragraph's indent, but runs the
 * paragraph on from it and back to the edge.) `anchored`: the headings the
 * outline names; `after`: the drafts from the first of them on.
 */
export function unheadSetInLabels(
  after: readonly Draft[],
  anchored: readonly Draft[],
  pages: readonly PageText[],
  stats: DocumentStats,
) {
  if (!after.some((d) => d.heading && !d.outlined)) return;
  const columns = bodyColumns(pages, stats.bodySize);
  const pageOf = new Map(pages.map((p) => [p.page, p]));
  const gutters = new Map<number, number | null>();
  /** How far a line starts in from its column's left edge (`edges`: where named headings start, by parity). */
  const indent = (line: Line, edges?: readonly number[]) => {
    const pageColumn = columns.get(line.page), page = pageOf.get(line.page);
    if (!pageColumn || !page) return undefined;
    const column = columnOf(page, line, pageColumn, gutters);
    // On a page of one column, boxes or quotes may be all its text shows: where the headings the
    // outline names start on pages of the same parity tells the edge too.
    const own = column === pageColumn ? edges?.[line.page % 2] : undefined;
    return line.x0 - Math.min(column.left, own ?? Infinity);
  };
  const flush = anchored.every((d) => {
    const x = indent(d.lines[0]!);
    return x !== undefined && Math.abs(x) <= stats.bodySize * 0.5;
  });
  if (!flush) return;
  const edges = [0, 1].map((parity) => {
    const same = anchored.filter((d) => d.page % 2 === parity);
    return least((same.length ? same : anchored).map((d) => d.lines[0]!.x0));
  });
  // Set in by no more than the document's paragraphs indent their first line, it may be the first line
  // of a paragraph: only further in, or on a line after the first, does it stand in a box.
  const paragraph = firstLineIndent(
    after.filter((d) => d.kind === "text" && !d.heading).map((d) => d.lines),
    (line) => columns.get(line.page)?.left,
  );
  const setIn = (line: Line) => {
    const x = indent(line, edges) ?? 0;
    return x >= stats.bodySize && (paragraph === undefined || Math.abs(x - paragraph) > 1);
  };
  after.forEach((draft, i) => {
    if (!draft.heading || draft.outlined || draft.kind !== "text" || !setIn(draft.lines[0]!)) return;
    const last = draft.lines.at(-1)!;
    const under = after[i + 1]?.lines.filter((l) => l.page === last.page && l.y > last.y + 0.5) ?? [];
    if (under.length && under.every(setIn)) unhead(draft);
  });
}
