import assert from "node:assert/strict";
import type { PageText } from "../../../lib/pdf/types.ts";
import type { Draft } from "../../../lib/pdf/draft.ts";
import { markSpacedQuotes } from "../../../lib/pdf/spaced_quotes.ts";
import { documentStats } from "../../../lib/pdf/stats.ts";
import {
  LEADING,
  LEFT,
  line,
  markdown,
  page,
  pageAt,
  pageOf,
  paragraphs,
  RIGHT,
} from "../../_support/laid_out_page.ts";

/** How far a note box sets its text in past its icon: further than a quote's indent reaches. */
const PAST_ICON = 60;

/** Two lines of a paragraph at `x0`, in a document that leaves no space between paragraphs. */
function paragraph(words: string, x0 = LEFT): Array<[string, number, number]> {
  return [[`${words} runs from one edge of the column to the other edge of it,`, x0, RIGHT], [
    "and ends here.",
    x0,
    x0 + 70,
  ]];
}

/**
 * Paragraphs a line's step apart, a quote set apart by a blank line, then a
 * note box (text set in past its icon, a blank line above and below), then
 * prose again.
 */
function notePage(): PageText {
  return page(
    ...paragraph("The first paragraph"),
    ...paragraph("The second paragraph"),
    ...paragraph("The third paragraph"),
    ...paragraph("The fourth paragraph"),
    null,
    ...paragraph("A quote set apart by space alone"),
    ...paragraph("The fifth paragraph"),
    null,
    ...paragraph("The note's first paragraph", LEFT + PAST_ICON),
    ...paragraph("The note's second paragraph", LEFT + PAST_ICON),
    null,
    ...paragraph("Prose after the note"),
  );
}

/** Puts every span of the lines set in from the column on the box's painted rule. */
function ruleTheBox(text: PageText) {
  for (const l of text.lines) if (l.x0 > LEFT + 1) { for (const s of l.spans) s.bar = 0; }
}

Deno.test("space alone quotes flush text, not a box's text set in past a quote's reach", () => {
  const out = paragraphs(markdown(notePage()));
  assert.equal(out.length, 9, out.join("\n\n"));
  assert.ok(out[4]!.startsWith("> A quote set apart"), out.join("\n\n"));
  assert.ok(out[6]!.startsWith("The note's first paragraph"), out.join("\n\n"));
  assert.ok(out[7]!.startsWith("The note's second paragraph"), out.join("\n\n"));
});

Deno.test("the space under a box beside a painted rule is its padding, not a quote's", () => {
  const text = notePage();
  ruleTheBox(text);
  const out = paragraphs(markdown(text));
  assert.equal(out.length, 9, out.join("\n\n"));
  assert.ok(out[4]!.startsWith("> A quote set apart"), out.join("\n\n"));
  assert.ok(out[8]!.startsWith("Prose after the note"), out.join("\n\n"));
});

/** Paragraphs of two lines, `gaps[i]` points between the i-th and the next, as `[text, x0, x1, y]` rows. */
function unspacedPage(
  parts: Array<Array<[string, number, number]>>,
  gaps: readonly number[],
): Array<[string, number, number, number]> {
  const rows: Array<[string, number, number, number]> = [];
  let y = 100;
  parts.forEach((lines, i) => {
    lines.forEach(([text, x0, x1], k) => rows.push([text, x0, x1, y + k * LEADING]));
    y += (lines.length - 1) * LEADING + (gaps[i] ?? LEADING);
  });
  return rows;
}

Deno.test("paragraphs stepped a little further where a line holds inline code still leave no space", () => {
  // A word processor steps a line holding a taller face (inline code) 14 points where others step 12:
  // most gaps above paragraphs are so, only one is a plain line's step; the quote stands a blank line apart.
  const parts = [
    paragraph("The first paragraph"),
    paragraph("The second paragraph"),
    paragraph("The third paragraph"),
    paragraph("The fourth paragraph"),
    paragraph("The fifth paragraph"),
    paragraph("A quote set apart by space alone"),
    paragraph("The sixth paragraph"),
  ];
  const rows = unspacedPage(parts, [14, 14, 14, 12, LEADING + 14, 14]);
  const out = paragraphs(markdown(pageAt(...rows)));
  assert.equal(out.length, 7, out.join("\n\n"));
  assert.ok(out[5]!.startsWith("> A quote set apart"), out.join("\n\n"));
  assert.ok(out[6]!.startsWith("The sixth paragraph"), out.join("\n\n"));
});

/** Drafts of body text, one per group of `[text, x0, x1]` lines, stacked with `gaps[i]` points below the i-th. */
function draftsOf(parts: Array<Array<[string, number, number]>>, gaps: readonly number[]): Draft[] {
  let y = 100;
  return parts.map((rows, i) => {
    const lines = rows.map(([text, x0, x1], k) => line(text, x0, x1, y + k * LEADING));
    y += (rows.length - 1) * LEADING + (gaps[i] ?? LEADING);
    return { kind: "text", page: 1, lines };
  });
}

Deno.test("a quote set apart by space ends at a short line before one opening upper-case, past a lone label", () => {
  // Paragraphs a line's step apart; a tagline quote and the paragraph under it read as one (no sentence
  // ends the tagline); a quote opening with a label on a line of its own, read with the paragraph under it.
  const drafts = draftsOf([
    paragraph("The first paragraph"),
    paragraph("The second paragraph"),
    paragraph("The third paragraph"),
    paragraph("The fourth paragraph"),
    [["Process execution for humans", LEFT, LEFT + 140], ...paragraph("Execa runs commands in your script")],
    [
      ["[!NOTE]", LEFT, LEFT + 35],
      [
        "Starting with version twelve the old module format is no longer supported. See the notes",
        LEFT,
        RIGHT,
      ],
      ["for details.", LEFT, LEFT + 50],
      ...paragraph("Prose after the note"),
    ],
  ], [LEADING, LEADING, LEADING, LEADING * 2, LEADING * 2]);
  markSpacedQuotes(drafts, documentStats([pageOf(drafts.flatMap((d) => d.lines))]), undefined);
  const read = drafts.map((d) => `${d.quote ? "> " : ""}${d.lines.map((l) => l.spans[0]!.text).join(" ")}`);
  assert.deepEqual(read.slice(4), [
    "> Process execution for humans",
    "Execa runs commands in your script runs from one edge of the column to the other edge of it, and ends here.",
    "> [!NOTE] Starting with version twelve the old module format is no longer supported. See the notes for details.",
    "Prose after the note runs from one edge of the column to the other edge of it, and ends here.",
  ]);
});

Deno.test("a quote set apart on a page of short lines ends where the column, not the page's longest line, left room", () => {
  // Every line of the page ends short of the column's right edge (a title page of short paragraphs):
  // measured to the page's longest line, the quote's line left no room for the next word.
  const short = (words: string): Array<[string, number, number]> => [[words, LEFT, LEFT + 200]];
  const drafts = draftsOf([
    short("The first short paragraph."),
    short("The second short paragraph."),
    short("The third short paragraph."),
    short("The fourth short paragraph."),
    [["A tiny client based on the fetch API", LEFT, LEFT + 200], [
      "Works in browsers and servers.",
      LEFT,
      LEFT + 150,
    ]],
  ], [LEADING, LEADING, LEADING, LEADING * 2]);
  const column = () => ({ left: LEFT, right: RIGHT });
  markSpacedQuotes(drafts, documentStats([pageOf(drafts.flatMap((d) => d.lines))]), undefined, column);
  const read = drafts.map((d) => `${d.quote ? "> " : ""}${d.lines.map((l) => l.spans[0]!.text).join(" ")}`);
  assert.deepEqual(read.slice(4), [
    "> A tiny client based on the fetch API",
    "Works in browsers and servers.",
  ]);
});

Deno.test("a paragraph under a table stands apart by the table's padding, not as a quote", () => {
  // The only paragraph under a table stands a blank line below its last row: the cells' padding and rule.
  const drafts = draftsOf([
    paragraph("The first paragraph"),
    paragraph("The second paragraph"),
    paragraph("The third paragraph"),
    paragraph("The fourth paragraph"),
    [["Express 4.17.3 yes 14,200", LEFT, LEFT + 150], ["Fastify 4.0.0 yes 77,193", LEFT, LEFT + 150]],
    paragraph("These benchmarks were taken"),
  ], [LEADING, LEADING, LEADING, LEADING, LEADING * 2]);
  drafts[4]!.kind = "table";
  markSpacedQuotes(drafts, documentStats([pageOf(drafts.flatMap((d) => d.lines))]), undefined);
  assert.equal(drafts[5]!.quote, undefined);
});

Deno.test("the space under a display (a centred equation) is the display's, not a quote's", () => {
  const out = paragraphs(markdown(page(
    ...paragraph("The first paragraph"),
    ...paragraph("The second paragraph"),
    ...paragraph("The third paragraph"),
    null,
    ["f(x) = a x + b", LEFT + 180, LEFT + 250],
    null,
    ...paragraph("Prose after the equation"),
    ...paragraph("The last paragraph"),
  )));
  assert.ok(out.some((p) => p.startsWith("Prose after the equation")), out.join("\n\n"));
  assert.ok(!out.some((p) => p.startsWith(">")), out.join("\n\n"));
});
