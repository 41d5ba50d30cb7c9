/**
 * Where paragraphs start and end on pages laid out line by line: a first line
 * indented as TeX and word processors set it, and the look-alikes that are not
 * paragraphs (contents entries, flush-right and centred lines), and the
 * lines of a description list's item hanging under its bold label.
 */
import assert from "node:assert/strict";
import type { Line } from "../../../lib/pdf/types.ts";
import { singleColumnMeasure } from "../../../lib/pdf/page_measure.ts";
import { firstLineIndent } from "../../../lib/pdf/quotes.ts";
import {
  codeLine,
  LEFT,
  line,
  markdown,
  page,
  pageAt,
  pageOf,
  paragraphs,
  RIGHT,
} from "../../_support/laid_out_page.ts";

Deno.test("a paragraph whose first line is indented 1.5 or 3 ems keeps its lines that return to the margin", () => {
  for (const indent of [15, 17, 30]) {
    const out = markdown(page(
      ["The opening paragraph starts at the margin and runs across the column", LEFT, RIGHT],
      ["to a short last line.", LEFT, 190],
      ["The next one opens indented, as TeX and word processors mark a new", LEFT + indent, RIGHT],
      ["paragraph, and its second line returns to the margin of the column", LEFT, RIGHT],
      ["until it ends.", LEFT, 150],
    ));
    assert.deepEqual(paragraphs(out), [
      "The opening paragraph starts at the margin and runs across the column to a short last line.",
      "The next one opens indented, as TeX and word processors mark a new paragraph, and its second line " +
      "returns to the margin of the column until it ends.",
    ], `indent ${indent} pt`);
  }
});

Deno.test("a contents entry ending in leaders and a page number ends there, though the next starts left of it", () => {
  const out = markdown(page(
    ["4.11. Example: a letter with recipient, opening, text, closing, and", LEFT, 500],
    ["a postscript . . . . . . . . . . . . . . . . . . . . . . . . . . 188", LEFT + 24, RIGHT],
    ["4.12. Example: a letter with sender and recipient . . . . . . . . 194", LEFT, RIGHT],
  ));
  assert.ok(
    paragraphs(out).some((p) => p.startsWith("4.12. Example")),
    `the second entry runs into the first:\n${out}`,
  );
});

Deno.test("lines set flush right or centred, whose left edges step as an indent does, stay apart", () => {
  const flushRight = markdown(page(
    ["2 Valley", 490, RIGHT],
    ["SAMPLEBY ZY32 1XW", 460, RIGHT],
    ["Phone: 0 12 34 56 78", 440, RIGHT],
  ));
  assert.equal(paragraphs(flushRight).length, 3, flushRight);
  const centred = markdown(page(
    ["left margin + right margin = page width − type area width, in points", 110, 484],
    ["half inner margin plus outer margin = page width − type area width, again", 90, 504],
  ));
  assert.equal(paragraphs(centred).length, 2, centred);
});

Deno.test("a one-line paragraph set in by the document's first-line indent is not a quote; a quote still is", () => {
  const out = markdown(page(
    ["A paragraph opens indented and runs across the whole column to the", LEFT + 15, RIGHT],
    ["margin on the right, then ends here.", LEFT, 260],
    ["Another paragraph opens indented by the same amount and runs on", LEFT + 15, RIGHT],
    ["to a second line.", LEFT, 170],
    ["A paragraph of one line.", LEFT + 15, 200],
    null,
    ["A quotation is set in from both margins, further than a paragraph's", LEFT + 25, RIGHT - 25],
    ["first line, and ends short of the right edge.", LEFT + 25, 320],
    null,
    ["The last paragraph opens indented and wraps onto a second line at the", LEFT + 15, RIGHT],
    ["margin.", LEFT, 110],
  ));
  const found = paragraphs(out);
  assert.ok(found.includes("A paragraph of one line."), out);
  assert.ok(
    found.includes(
      "> A quotation is set in from both margins, further than a paragraph's first line, and ends " +
        "short of the right edge.",
    ),
    out,
  );
});

Deno.test("one-line paragraphs set in by the first-line indent are no quotes, though only one paragraph wraps to show it", () => {
  const out = markdown(page(
    ["A paragraph opens indented and runs across the whole column to the", LEFT + 15, RIGHT],
    ["margin on the right, and on across a second line to the right margin", LEFT, RIGHT],
    ["again, then ends here.", LEFT, 180],
    ["Install it with npm:", LEFT + 15, 170],
    null,
    ["A quotation is set in from both margins, further than a paragraph's", LEFT + 25, RIGHT - 25],
    ["first line, and ends short of the right edge.", LEFT + 25, 320],
    null,
    ["Then call it from your code:", LEFT + 15, 200],
  ));
  const found = paragraphs(out);
  assert.ok(found.includes("Install it with npm:"), out);
  assert.ok(found.includes("Then call it from your code:"), out);
  assert.ok(found.some((p) => p.startsWith("> A quotation")), out);
});

Deno.test("the first-line indent is the one most wrapping paragraphs show; one-line paragraphs only confirm it", () => {
  const wrapping = (indent: number, y: number) => [
    line("A paragraph opening indented and wrapping onto a second line", LEFT + indent, RIGHT, y),
    line("at the margin.", LEFT, 150, y + 12),
  ];
  const alone = (indent: number, y: number) => [line("A line set in.", LEFT + indent, 150, y)];
  const leftOf = () => LEFT;
  // Two paragraphs show 15 pt; one shows 25 pt, and five one-line blocks (quotes, say) stand 25 pt in.
  const paragraphs = [wrapping(15, 100), wrapping(15, 130), wrapping(25, 160)];
  for (let i = 0; i < 5; i++) paragraphs.push(alone(25, 200 + 12 * i));
  assert.equal(firstLineIndent(paragraphs, leftOf), 15);
  // One paragraph alone shows an indent only when a one-line paragraph shares it.
  assert.equal(firstLineIndent([wrapping(15, 100)], leftOf), undefined);
  assert.equal(firstLineIndent([wrapping(15, 100), alone(15.5, 130)], leftOf), 15);
});

Deno.test("a line set in a little past a list item's text is a quote where paragraphs indent no first line", () => {
  // The item's text starts 15 pt in; troff sets a quote 25 pt in: 10 pt further, an em.
  const out = markdown(pageAt(
    ["A paragraph at the margin runs across the whole column to the right", LEFT, RIGHT, 100],
    ["edge and ends on this line.", LEFT, 200, 112],
    ["\u2022 Sequences match any character of the sequence.", LEFT, 330, 128.8],
    ["A few additional words about the matching behaviour.", LEFT + 25, 360, 150.4],
    ["Some examples follow the quote.", LEFT, 240, 172],
  ));
  const found = paragraphs(out);
  assert.ok(found.includes("- Sequences match any character of the sequence."), out);
  assert.ok(found.includes("> A few additional words about the matching behaviour."), out);
});

Deno.test("a line opening with a dash carries on the text when the line above had no room for it; a list stays a list", () => {
  const out = markdown(page(
    ["Colours come in a long row: black, red, green, yellow, blue, magenta, cyan", LEFT, RIGHT],
    ["and white, then gray written in the English of America, which the line", LEFT, RIGHT],
    ["has no room to end with its other spelling, gray \u2014 grey, set apart", LEFT, RIGHT - 20],
    ["\u2014 grey comes on the next line, and the paragraph ends here.", LEFT, 380],
    ["The options are:", LEFT, 160],
    ["- one, the first of them", LEFT, 200],
    ["- two, the second", LEFT, 180],
  ));
  const found = paragraphs(out);
  assert.ok(found.some((p) => p.includes("set apart \u2014 grey comes on the next line")), out);
  assert.ok(found.includes("- one, the first of them\n- two, the second"), out);
});

Deno.test("an item whose lines hang under its bold label is one item, and the next label starts the next", () => {
  const out = markdown(page(
    ["**required** Omitting the field will produce a warning message and, rarely, a", LEFT, RIGHT],
    ["badly formatted entry, so the field is needed whatever else is given here", LEFT + 25, RIGHT],
    ["for the entry and for the style that formats its fields in the list", LEFT + 25, RIGHT],
    ["**ignored** The field is ignored: any field that is not required or optional", LEFT, RIGHT],
    ["is left out of the reference list, so extra fields do no harm at all in the", LEFT + 25, RIGHT],
    ["file, where they may serve later.", LEFT + 25, 260],
    ["**optional** The field is used if present, and it fits on this line.", LEFT, RIGHT],
    ["**unknown** A field the style does not know is left out altogether.", LEFT, 480],
  ));
  // Bold terms at one edge, wrapped rows hung in: a description list, an item each (`description_items.ts`).
  assert.deepEqual(paragraphs(out), [
    [
      "- required Omitting the field will produce a warning message and, rarely, a badly formatted entry, so the " +
      "field is needed whatever else is given here for the entry and for the style that formats its fields in the list",
      "- ignored The field is ignored: any field that is not required or optional is left out of the reference " +
      "list, so extra fields do no harm at all in the file, where they may serve later.",
      "- optional The field is used if present, and it fits on this line.",
      "- unknown A field the style does not know is left out altogether.",
    ].join("\n"),
  ]);
});

Deno.test("paragraphs of one line each, spaced apart, stay apart: the line spacing is measured where lines wrap", () => {
  // Three paragraphs wrap (12 pt between their lines); six of one line follow, 18 pt apart, the most frequent gap.
  const rows: Array<[string, number, number, number]> = [
    ["A paragraph long enough to wrap onto a second line at the right edge of", LEFT, RIGHT, 100],
    ["the column.", LEFT, 130, 112],
    ["Another that wraps as well, so that the spacing of lines is seen twice", LEFT, RIGHT, 130],
    ["on the page.", LEFT, 135, 142],
    ["A third wraps too, and with it the spacing of lines is seen three times", LEFT, RIGHT, 160],
    ["in all.", LEFT, 110, 172],
  ];
  for (let i = 0; i < 6; i++) rows.push([`Paragraph number ${i + 1} of one line.`, LEFT, 260, 190 + 18 * i]);
  const found = paragraphs(markdown(pageAt(...rows)));
  for (let i = 0; i < 6; i++) {
    assert.ok(found.includes(`Paragraph number ${i + 1} of one line.`), found.join("\n"));
  }
});

Deno.test("a sentence's end, a little more space than between lines, then a capital: a new paragraph", () => {
  // Lines 14 pt apart; paragraphs 18.9 pt apart, a paragraph skip of a third of a line.
  const out = markdown(pageAt(
    ["The first paragraph runs across the whole column and wraps at its edge", LEFT, RIGHT, 100],
    ["to end here, on a last line that runs most of the way across.", LEFT, 440, 114],
    ["The second paragraph follows after a small skip and wraps at the edge", LEFT, RIGHT, 132.9],
    ["of the column in the same way, then ends on a long line as well.", LEFT, 450, 146.9],
    ["The third one does the same: it runs across the column and wraps at", LEFT, RIGHT, 165.8],
    ["the edge.", LEFT, 120, 179.8],
  ));
  assert.equal(paragraphs(out).length, 3, out);
});

Deno.test("indented paragraphs of one line each, with no space between, stay apart on a justified page", () => {
  const out = markdown(page(
    ["A paragraph opens indented and runs across the whole column to the", LEFT + 15, RIGHT],
    ["margin on the right, where its lines end together as justified text", LEFT, RIGHT],
    ["does, until it ends.", LEFT, 170],
    ["This one has a single line.", LEFT + 15, 230],
    ["So does this one, a little longer than the one before it.", LEFT + 15, 360],
    ["The last paragraph opens indented again and runs across the column to", LEFT + 15, RIGHT],
    ["its right edge.", LEFT, 150],
  ));
  const found = paragraphs(out);
  assert.ok(found.includes("This one has a single line."), out);
  assert.ok(found.includes("So does this one, a little longer than the one before it."), out);
});

Deno.test("two listings a little closer than two code lines' steps apart are two code blocks", () => {
  const code = (text: string, y: number) => codeLine(text, LEFT, y);
  // Code lines 13.55 pt apart (a blank line inside a listing: 27.1); the next listing starts 25.5 pt below.
  const lines = [
    code("npm install one", 100),
    code("// a second line", 113.55),
    code("// after a blank line", 140.65),
    code("yarn add two", 166.15),
  ];
  const out = markdown({ page: 1, width: 595, height: 842, lines });
  assert.equal(out.match(/^```/gm)?.length, 4, out);
});

Deno.test("on a page of two columns a quote is set in from its own column's edge", () => {
  const rows: Array<[string, number, number, number]> = [];
  const prose = "words of running text that fill the line of the column to its end";
  for (let k = 0; k < 10; k++) rows.push([`left ${k} ${prose}.`, 72, 290, 100 + k * 12]);
  rows.push([`Right column ${prose}`, 310, 528, 100], [`and ends its paragraph here.`, 310, 420, 112]);
  rows.push([`A quote set in from the right column ${prose}`, 334, 504, 136]);
  rows.push([`and ending short of its right edge too.`, 334, 450, 148]);
  rows.push([`After the quote the ${prose}`, 310, 528, 172], [`and stops.`, 310, 360, 184]);
  for (let k = 0; k < 3; k++) rows.push([`More ${prose} ${k}`, 310, 528, 208 + k * 12]);
  const text = markdown(pageAt(...rows));
  const quotes = text.split("\n").filter((l) => l.startsWith(">"));
  assert.deepEqual(quotes, [
    "> A quote set in from the right column words of running text that fill the line of the column to its end and ending short of its right edge too.",
  ], text);
});

Deno.test("a one-line paragraph ending short of the page's measure ends where nothing spaces paragraphs apart", () => {
  // No space between paragraphs and no indent (as AbiWord sets them): the short line after a one-line
  // paragraph would have fitted on it, measured against the page's right edge, so it starts anew.
  const out = markdown(page(
    ["A paragraph long enough to wrap onto a second line at the right edge of", LEFT, RIGHT],
    ["the column, then ends.", LEFT, 200],
    ["If a string is provided, it is treated as a shortcut for the text.", LEFT, 400],
    ["options", LEFT, 110],
    ["Another paragraph that is long enough to wrap onto a second line at the", LEFT, RIGHT],
    ["edge.", LEFT, 100],
  ));
  const found = paragraphs(out);
  assert.ok(found.includes("If a string is provided, it is treated as a shortcut for the text."), out);
});

Deno.test("a page whose lines stand side by side gives no single measure", () => {
  const single = [line("One column", LEFT, 300, 100), line("of text.", LEFT, 200, 112)];
  assert.equal(singleColumnMeasure(single, 300), 300);
  const columns = [line("Left column", LEFT, 280, 100), line("right column", 300, RIGHT, 100.4)];
  assert.equal(singleColumnMeasure(columns, RIGHT), undefined);
  // A second column whose baselines fall between the first's still starts past the middle of the text.
  const staggered = [line("Left column", LEFT, 280, 100), line("right column", 300, RIGHT, 106)];
  assert.equal(singleColumnMeasure(staggered, RIGHT), undefined);
});

Deno.test("a list marker drawn apart from its item's text leaves the page one measure", () => {
  const marker = line("•", LEFT + 14, LEFT + 18, 124);
  const lines = [line("One column", LEFT, 300, 100), marker, line("an item", LEFT + 35, 200, 124)];
  assert.equal(singleColumnMeasure(lines, 300), 300);
});

Deno.test("one-line paragraphs with no space between them end where the page's measure left room", () => {
  // A word processor sets paragraphs with no space between them and draws a bullet apart from its text.
  const out = markdown(pageAt(
    ["A paragraph that runs across the whole column from the left margin to the", LEFT, RIGHT, 100],
    ["right edge and ends here.", LEFT, 200, 112],
    ["All documentation is available on the website.", LEFT, 300, 124],
    ["Some useful site links:", LEFT, 190, 136],
    ["•", LEFT + 14, LEFT + 18, 148],
    ["Getting started", LEFT + 35, 160, 148],
    ["•", LEFT + 14, LEFT + 18, 160],
    ["API reference", LEFT + 35, 150, 160],
  ));
  assert.deepEqual(paragraphs(out).slice(1, 3), [
    "All documentation is available on the website.",
    "Some useful site links:",
  ]);
});

Deno.test("a phrase in bold wrapping over a line of its own stays in its paragraph; a bold line after a short one does not", () => {
  const bold = (l: ReturnType<typeof line>) => ({
    ...l,
    spans: l.spans.map((s) => ({ ...s, font: { ...s.font, name: "Serif-Bold", bold: true } })),
  });
  const out = markdown({
    page: 1,
    width: 595,
    height: 842,
    lines: [
      line(
        "The safest and most correct implementation of the patterns in its language, and",
        LEFT,
        RIGHT,
        100,
      ),
      line("the second fastest one; for more, see the section that compares it with Other", LEFT, RIGHT, 112),
      // `Implementations` (75 points) and a space would not have fitted in the 77 points left.
      bold(line("JavaScript Glob tools, the ones that other languages offer, and their", LEFT, 445, 124)),
      line("**Implementations** at the bottom of this page.", LEFT, 300, 136),
      bold(line("Usage", LEFT, 110, 160)),
      line("Install it with npm and run it.", LEFT, 250, 172),
    ],
  });
  const found = paragraphs(out);
  assert.equal(found.length, 3, out);
  assert.match(found[0]!, /^The safest .* Other .*their .*Implementations.* at the bottom of this page\.$/);
  assert.match(found[1]!, /Usage/);
});

Deno.test("a line opening with an asterisk after text marking a word with one is its note, not a list", () => {
  const out = markdown(pageAt(
    ["Now with a modern API and no* bugs!", LEFT, 250, 100],
    ["* may contain some bugs", LEFT, 200, 124],
    ["Options are these:", LEFT, 180, 148],
    ["* one option", LEFT, 160, 172],
    ["* another option", LEFT, 180, 184],
  ));
  assert.deepEqual(paragraphs(out), [
    "Now with a modern API and no\\* bugs!",
    "\\* may contain some bugs",
    "Options are these:",
    "- one option\n- another option",
  ]);
  // With no space between paragraphs, the note still stands apart from the line marking it.
  const packed = markdown(pageAt(
    [
      "Styles: reset — bold — dim — italic* — underline — inverse — hidden — strikethrough*",
      LEFT,
      RIGHT,
      100,
    ],
    ["* Not widely supported", LEFT, 190, 112],
  ));
  assert.equal(paragraphs(packed).at(-1), "\\* Not widely supported", packed);
});

Deno.test("a footnote under a list, set smaller and opening with TeX's asterisk, is a note, not the list's item", () => {
  const serif = line("x", LEFT, LEFT + 5, 0).spans[0]!.font;
  const note: Line = {
    spans: [
      { text: "∗", x: LEFT, y: 192, width: 4, size: 6, font: serif },
      {
        text: "Optional footnote, e.g. to mark corresponding author",
        x: LEFT + 5,
        y: 194,
        width: 200,
        size: 8,
        font: serif,
      },
    ],
    x0: LEFT,
    x1: LEFT + 205,
    y: 194,
    size: 8,
    page: 1,
  };
  const text = pageAt(
    ["Please comply with these rules:", LEFT, 260, 100],
    ["• Use pdflatex and an up-to-date LaTeX system.", LEFT + 10, 330, 124],
    ["• Use BibTeX and keep the standard style.", LEFT + 10, 300, 148],
  );
  const out = markdown({ ...text, lines: [...text.lines, note] });
  assert.deepEqual(paragraphs(out), [
    "Please comply with these rules:",
    "- Use pdflatex and an up-to-date LaTeX system.\n- Use BibTeX and keep the standard style.",
    "∗ Optional footnote, e.g. to mark corresponding author",
  ], out);
});

Deno.test("a line that runs past the measure (an unbreakable word) leaves the measure to the lines that end together", () => {
  // Paragraphs set without space between them (a short line, then the next at the margin): a line with room
  // left for the next line's first word ends its paragraph, room measured to the edge the lines end at.
  const out = markdown(page(
    ["A paragraph of one line.", LEFT, 200],
    ["The next paragraph runs to the right edge of the column, where its", LEFT, RIGHT],
    ["lines end together, and then a command too long to break at all,", LEFT, RIGHT],
    ["a \\fracwithdelims, runs past the edge that all the other lines keep", LEFT, RIGHT + 36],
    ["to, until it comes to an end at the edge, which the following line", LEFT, RIGHT],
    ["a word could not have fitted after goes on from, to a short line.", LEFT, 400],
  ));
  assert.deepEqual(paragraphs(out).map((p) => p.slice(0, 24)), [
    "A paragraph of one line.",
    "The next paragraph runs ",
  ], out);
});

Deno.test("where paragraphs have no space between them, a line set in by a space after a hard break goes on with its paragraph", () => {
  // As AbiWord sets pandoc's `Type: boolean<br />\nDefault: true`: the space after the break opens the next
  // line, a quarter em in; the paragraphs around it end short, with no space below.
  const out = markdown(page(
    ["The first paragraph runs across the whole column and on to a second", LEFT, RIGHT],
    ["line that ends here.", LEFT, 180],
    ["Another paragraph follows it with no space between the two of them and", LEFT, RIGHT],
    ["ends short.", LEFT, 130],
    ["A third one is as short.", LEFT, 190],
    ["Type: boolean", LEFT, 140],
    ["Default: true", LEFT + 2.5, 142],
    ["Set it to stop the spinner from hiding the cursor.", LEFT, 330],
  ));
  assert.deepEqual(paragraphs(out).slice(-2), [
    "Type: boolean Default: true",
    "Set it to stop the spinner from hiding the cursor.",
  ]);
});

Deno.test("a quote set in on both sides is measured by its own lines: a sentence ending short of them goes on", () => {
  // The quote's lines stop 40 pt short of the page's measure; the second ends a sentence 52 pt short of the
  // quote's edge, room for `Afterwards` on the page's measure but not on the quote's own.
  const q = LEFT + 40, end = RIGHT - 40;
  const md = markdown(pageOf([
    line("The keeper wrote the weather down at every watch of the night, as the board", LEFT, RIGHT - 6, 100),
    line(
      "required, and the state of the sea below the tower with it in the same column.",
      LEFT,
      RIGHT - 2,
      112,
    ),
    line("The boats came back in along the wall below the tower with the tide at", q, end, 136),
    line("noon, and the men carried the catch up the steps. Then it rained.", q, 430, 148),
    line("Afterwards the boats stayed in the harbour for the rest of the week.", q, end - 20, 160),
    line("The log for that year runs to three volumes, each bound in oilcloth against", LEFT, RIGHT - 4, 184),
    line(
      "the damp of the tower, and each page ruled into columns by the keeper's hand.",
      LEFT,
      RIGHT - 9,
      196,
    ),
  ]));
  assert.equal(md.split("\n").filter((l) => l.startsWith(">")).length, 1, md);
  assert.match(md, /^> The boats came back .* Then it rained\. Afterwards the boats stayed/m);
});
