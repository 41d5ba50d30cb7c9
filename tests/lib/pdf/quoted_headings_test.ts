/**
 * A heading set inside a block quote (a README's `> ## Note`) stands at the
 * quote's own left edge: it opens the quote as its label rather than a
 * section of the document. A heading at the column's edge before a quote
 * stays a heading.
 */
import assert from "node:assert/strict";
import type { Line } from "../../../lib/pdf/types.ts";
import { LEADING, LEFT, line, markdown, pageOf, RIGHT } from "../../_support/laid_out_page.ts";

/** A line set larger than the body, as a heading is. */
function large(text: string, x0: number, y: number): Line {
  const l = line(text, x0, x0 + text.length * 8, y);
  for (const s of l.spans) s.size = 16;
  return { ...l, size: 16 };
}

/** Body prose, a heading at `headingX`, a quote of three lines set in on both sides, then body prose again. */
function pageWithHeadingAt(headingX: number) {
  const body = (text: string, y: number) => line(text, LEFT, RIGHT, y);
  const quote = (text: string, y: number) => line(text, LEFT + 30, RIGHT - 30, y);
  let y = 100;
  const lines = [
    body("The server binds to the local host by default, as most servers written for development do.", y),
    body(
      "It listens on one port and answers every request it is given, whatever the route asked for.",
      y += LEADING,
    ),
    large("Note", headingX, y += 2.5 * LEADING),
    quote(
      "Be careful when listening on all interfaces; it comes with inherent security risks that",
      y += 2 * LEADING,
    ),
    quote(
      "a container or a shared host makes worse, so bind to the loopback address unless you mean",
      y += LEADING,
    ),
    quote("to serve other machines, and read the documentation for more information.", y += LEADING),
    body(
      "The features below are what sets the server apart from others of its kind, in speed and size.",
      y += 2 * LEADING,
    ),
    body(
      "Each of them is described at length in the reference, with examples of its use in practice.",
      y += LEADING,
    ),
  ];
  return markdown(pageOf(lines));
}

Deno.test("a heading at a quote's own edge opens the quote as its label", () => {
  const md = pageWithHeadingAt(LEFT + 30);
  assert.doesNotMatch(md, /^#+ Note/m);
  assert.match(md, /^> Note\n>\n> Be careful when listening/m);
});

Deno.test("a heading at the column's edge before a quote stays a heading", () => {
  const md = pageWithHeadingAt(LEFT);
  assert.match(md, /^#+ Note$/m);
  assert.match(md, /^> Be careful when listening/m);
});

/**
 * Body prose, a short body-size label centred over `[x0, x1]`, then a quote of three lines from `quoteLeft`
 * to the column's right edge (set in on the left only, as ReportLab sets one), then body prose again.
 */
function pageWithCentredLabel(x0: number, x1: number, quoteLeft: number) {
  const body = (text: string, y: number) => line(text, LEFT, RIGHT, y);
  const quote = (text: string, y: number) => line(text, quoteLeft, RIGHT, y);
  const mid = (x0 + x1) / 2;
  let y = 100;
  return markdown(pageOf([
    body("The server binds to the local host by default, as most servers written for development do.", y),
    body(
      "It listens on one port and answers every request it is given, whatever the route asked.",
      y += LEADING,
    ),
    line("Note", mid - 10, mid + 10, y += 2 * LEADING),
    quote(
      "Be careful when listening on all interfaces; it comes with inherent security risks that",
      y += 1.5 * LEADING,
    ),
    quote(
      "a container or a shared host makes worse, so bind to the loopback address unless you",
      y += LEADING,
    ),
    quote("mean to serve other machines, and read the documentation for more information.", y += LEADING),
    body(
      "The features below are what sets the server apart from others of its kind, in speed.",
      y += 2 * LEADING,
    ),
    body("Each of them is described at length in the reference, with examples of its use.", y += LEADING),
  ]));
}

Deno.test("a label centred on a quote set in on the left only opens the quote", () => {
  const md = pageWithCentredLabel(LEFT + 20, RIGHT, LEFT + 20);
  assert.match(md, /^> Note\n>\n> Be careful when listening/m);
});

Deno.test("a label centred on the column over a quote set in on the left stays apart from it", () => {
  const md = pageWithCentredLabel(LEFT, RIGHT, LEFT + 20);
  assert.match(md, /^Note$/m);
  assert.match(md, /^> Be careful when listening/m);
});

Deno.test("a heading flush with the column stays a heading though a short quote under it shares its centre", () => {
  // ReportLab sets a section heading flush left; the quote under it, set in on the left only, is one short
  // line whose centre happens to fall on the heading's.
  const body = (text: string, y: number) => line(text, LEFT, RIGHT, y);
  let y = 100;
  const md = markdown(pageOf([
    body("The server binds to the local host by default, as most servers written for development do.", y),
    body("It listens on one port and answers every request it is given, whatever the route.", y += LEADING),
    large("Installing", LEFT, y += 2.5 * LEADING),
    line("See the guide first.", LEFT + 20, LEFT + 60, y += 2 * LEADING),
    body(
      "The features below are what sets the server apart from others of its kind, in speed.",
      y += 1.5 * LEADING,
    ),
    body("Each of them is described at length in the reference, with examples of its use.", y += LEADING),
  ]));
  assert.match(md, /^#+ Installing$/m);
  assert.match(md, /^> See the guide first\.$/m);
});

Deno.test("a label centred on the box of a one-line quote (its edge to the column's right) opens the quote", () => {
  // ReportLab centres a quote's rubric on the quote's box, which a short quote's one line does not fill.
  const body = (text: string, y: number) => line(text, LEFT, RIGHT, y);
  const mid = (LEFT + 20 + RIGHT) / 2;
  let y = 100;
  const md = markdown(pageOf([
    body("The server binds to the local host by default, as most servers written for development do.", y),
    body(
      "It listens on one port and answers every request it is given, whatever the route asked.",
      y += LEADING,
    ),
    line("Warning", mid - 14, mid + 14, y += 2 * LEADING),
    line("Bind to the loopback address alone.", LEFT + 20, LEFT + 160, y += 1.5 * LEADING),
    body(
      "The features below are what sets the server apart from others of its kind, in speed.",
      y += 2 * LEADING,
    ),
    body("Each of them is described at length in the reference, with examples of its use.", y += LEADING),
  ]));
  assert.match(md, /^> Warning\n>\n> Bind to the loopback address alone\.$/m);
});
