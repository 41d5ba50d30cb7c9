/**
 * Callout boxes (a note, a tip, a warning in a painted box): the box opens
 * with its label, a word or two in bold on a line of its own, which heading
 * detection takes for a heading at body size. A label standing on the same
 * shaded area as the text after it is the box's own first line: it loses its
 * heading mark and, when the box reads as a quote, opens a quote of its own.
 *
 * @module
 */
import { type Draft, shadeOf } from "./draft.ts";
import { plainLineText } from "./inline.ts";

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
 */
export function markCalloutLabels(drafts: readonly Draft[]): void {
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
    // Not taken for a heading, a label is a label only where the box holds more than its text.
    if (!draft.heading && (!listing || /[.!?]$/.test(label))) return;
    delete draft.heading;
    delete draft.runIn;
    if (next.quote || listing) {
      // Each box a quote of its own, opened by its label.
      draft.quote = true;
      draft.quoteStart = true;
      for (const d of body) {
        d.quote = true;
        delete d.quoteStart;
      }
    }
  });
}
