/**
 * A listing set in with the quote before it, its box drawn from the quote's
 * edge and its rows as far in from there as the body's listings stand from
 * the column's, is the quote's (ReportLab sets a quote's listing so).
 */
import assert from "node:assert/strict";
import type { Draft } from "../../../lib/pdf/draft.ts";
import { markQuotedListings } from "../../../lib/pdf/quoted_listings.ts";
import type { DocumentStats } from "../../../lib/pdf/stats.ts";
import type { Line } from "../../../lib/pdf/types.ts";
import { codeLine, LEADING, LEFT, line, markdown, pageOf, RIGHT } from "../../_support/laid_out_page.ts";

/** The inset of a listing's rows from its box's edge. */
const PADDING = 6.6;

/** A listing row at `x0` on the shaded box numbered `box`, or on none. */
function row(text: string, x0: number, y: number, box?: number): Line {
  const l = codeLine(text, x0, y);
  if (box !== undefined) { for (const s of l.spans) s.shade = box; }
  return l;
}

/** Prose, a quote set in by 20 points with a listing of its own after it, prose, a body listing, prose. */
function page(shaded: boolean, listingX = LEFT + 20 + PADDING) {
  const body = (text: string, y: number) => line(text, LEFT, RIGHT, y);
  const quote = (text: string, x1: number, y: number) => line(text, LEFT + 20, x1, y);
  let y = 100;
  return markdown(pageOf([
    body("The library parses, validates and formats dates for modern browsers and for servers alike,", y),
    body(
      "with an interface that most people who wrote code against older libraries know already.",
      y += LEADING,
    ),
    quote(
      "A note set in as a quote, with the call that shows the point right under it, which",
      RIGHT,
      y += 1.5 * LEADING,
    ),
    quote("is set in with it:", LEFT + 100, y += LEADING),
    row(
      "dayjs().startOf('month').add(1, 'day');",
      listingX,
      y += 2.2 * LEADING,
      shaded ? 1 : undefined,
    ),
    body(
      "Install it from the registry with the package manager you use, as any other package is",
      y += 2.2 * LEADING,
    ),
    body(
      "installed, and import it where you need it in the code that works with the dates you have.",
      y += LEADING,
    ),
    row("npm install dayjs", LEFT + PADDING, y += 2.2 * LEADING, shaded ? 2 : undefined),
    body(
      "That is all there is to it: the rest of this document describes what each function does.",
      y += 2.2 * LEADING,
    ),
  ]));
}

Deno.test("a boxed listing set in with the quote before it is the quote's", () => {
  const md = page(true);
  assert.match(
    md,
    /which is set in with it:\n>\n> ```\n> dayjs\(\)\.startOf\('month'\)\.add\(1, 'day'\);\n> ```$/m,
  );
  assert.match(md, /^```\nnpm install dayjs\n```$/m);
});

Deno.test("a listing on no box after a quote is left out of it", () => {
  assert.doesNotMatch(page(false), /^> ```/m);
});

Deno.test("a boxed listing at the column's inset after a quote is the body's", () => {
  const md = page(true, LEFT + PADDING);
  assert.doesNotMatch(md, /^> ```/m);
  assert.match(md, /^```\ndayjs\(\)/m);
});

Deno.test("on a page of two columns a listing's inset counts from its own column, so a quote's listing in the right column is the quote's", () => {
  // LaTeX sets its listings at the column's edge, a quote's (on no box) at the quote's; the right
  // column starts 238 points right of the page's margin.
  const gutter = 310, width = 228;
  const text = (x: number, y: number, quote = false): Draft => ({
    kind: "text",
    page: 1,
    lines: [line("prose of the column, set justified from its edge to the other one", x, x + width, y)],
    ...quote ? { quote: true } : {},
  });
  const code = (x: number, y: number): Draft => ({
    kind: "code",
    page: 1,
    lines: [codeLine("bat --list-themes", x, y)],
  });
  const drafts = [
    text(LEFT, 100),
    code(LEFT, 130),
    text(LEFT, 160),
    text(gutter, 100),
    code(gutter, 130),
    text(gutter, 160),
    code(gutter, 190),
    text(gutter + 20, 220, true),
    code(gutter + 20, 250),
    text(gutter + 20, 280, true),
  ];
  markQuotedListings(drafts, { pageMargin: () => LEFT } as unknown as DocumentStats);
  assert.deepEqual(drafts.flatMap((d) => d.kind === "code" ? [!!d.quote] : []), [false, false, false, true]);
});

Deno.test("a listing between two paragraphs beside one painted rule is the quote's, with no body listing to measure", () => {
  const beside = (text: string, y: number, bar?: number): Draft => {
    const l = line(text, LEFT + 13, RIGHT, y);
    if (bar !== undefined) { for (const s of l.spans) s.bar = bar; }
    return { kind: "text", page: 1, lines: [l], quote: true };
  };
  const listing = (): Draft => ({ kind: "code", page: 1, lines: [codeLine("open valve A", LEFT + 40, 130)] });
  const quoteWith = (
    after: number | undefined,
  ) => [
    beside("To light the lamp, follow these steps:", 100, 0),
    listing(),
    beside("Never leave the lamp unattended.", 160, after),
  ];
  // The rule runs on past the listing: the listing stands inside the quote.
  const inside = quoteWith(0);
  markQuotedListings(inside, { pageMargin: () => LEFT } as unknown as DocumentStats);
  assert.equal(inside[1]!.quote, true);
  // The paragraph after stands beside another rule (a quote of its own): the listing is the body's.
  const between = quoteWith(1);
  markQuotedListings(between, { pageMargin: () => LEFT } as unknown as DocumentStats);
  assert.equal(between[1]!.quote, undefined);
});
