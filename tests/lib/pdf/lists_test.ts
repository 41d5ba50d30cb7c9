import assert from "node:assert/strict";
import { isMarkerOnly, listMarker, ListNesting } from "../../../lib/pdf/lists.ts";
import { renderMarkdown } from "../../../lib/pdf/markdown.ts";
import { documentStats } from "../../../lib/pdf/stats.ts";
import { buildBlocks } from "../../../lib/pdf/structure.ts";
import type { Line, Span } from "../../../lib/pdf/types.ts";
import { LEFT, line as bodyLine, markdown, pageAt } from "../../_support/laid_out_page.ts";

const font = { name: "Body", bold: false, italic: false, monospace: false };

/** A line from texts placed left to right. */
function line(...texts: string[]): Line {
  let x = 72;
  const spans: Span[] = texts.map((text) => {
    const span = { text, x, y: 100, width: text.length * 6, size: 12, font };
    x += span.width + 12;
    return span;
  });
  return { spans, x0: 72, x1: x, y: 100, size: 12, page: 1 };
}

Deno.test("listMarker() recognises bullets, private-use bullets and enumerators", () => {
  assert.equal(listMarker(line("• apples"))?.markdown, "-");
  assert.equal(listMarker(line("\uf0b7", "pears"))?.markdown, "-");
  assert.equal(listMarker(line("12) plums"))?.markdown, "12)");
  assert.equal(listMarker(line("3.", "figs"))?.markdown, "3.");
  assert.deepEqual(listMarker(line("(iv) dates"))?.rest.map((s) => s.text), ["(iv) dates"]);
  assert.equal(listMarker(line("(iv) dates"))?.ordered, false);
  assert.deepEqual(listMarker(line("• apples"))?.rest.map((s) => s.text), ["apples"]);
});

Deno.test("listMarker() takes a glyph its font maps to no character, apart from the text it opens, for a bullet", () => {
  // pdfTeX's bitmap TS1 font (no cm-super) names its bullet `a136`; pdf.js passes code 136 through.
  const marker = listMarker(line("\u0088", "v6.0"));
  assert.equal(marker?.markdown, "-");
  assert.deepEqual(marker?.rest.map((s) => s.text), ["v6.0"]);
  assert.equal(listMarker(line("\u0088 line numbering and watermarking,"))?.markdown, "-");
});

Deno.test("listMarker() leaves prose, decimals and hyphenated words alone", () => {
  assert.equal(listMarker(line("1.10 Executing commands")), null);
  assert.equal(listMarker(line("-based approach")), null);
  assert.equal(listMarker(line("The end.")), null);
  assert.equal(isMarkerOnly("•"), true);
  assert.equal(isMarkerOnly("2."), true);
  assert.equal(isMarkerOnly("2.5"), false);
});

Deno.test("ListNesting gives deeper indents deeper levels and returns to shallower ones", () => {
  const nesting = new ListNesting();
  assert.deepEqual([72, 90, 108, 90, 72, 73].map((x) => nesting.depthOf(x)), [0, 1, 2, 1, 0, 0]);
});

/** A line of running text 200 points wide from `x` on baseline `y`: enough of them make a column. */
function prose(x: number, y: number): [string, number, number, number] {
  return ["Some running text of the column set full width.", x, x + 200, y];
}

Deno.test("a nested list going on at the next column's top keeps its depth, read from that column's edge", () => {
  const text = markdown(pageAt(
    prose(72, 600),
    prose(72, 612),
    prose(72, 624),
    ["• apples", 72, 120, 700],
    ["• pears", 90, 140, 712],
    // The right column stands 248 points further right: "plums" is nested as "pears" is.
    ["• plums", 338, 380, 100],
    ["• cherries", 320, 380, 112],
    prose(320, 140),
    prose(320, 152),
    prose(320, 164),
  ));
  assert.ok(text.includes("- apples\n  - pears\n  - plums\n- cherries\n"), text);
});

Deno.test("a nested list going on from a right column's foot to the next page's left column keeps its depth", () => {
  const first = pageAt(
    prose(72, 100),
    prose(72, 112),
    prose(72, 124),
    prose(72, 136),
    prose(72, 148),
    prose(320, 100),
    prose(320, 112),
    prose(320, 124),
    prose(320, 136),
    prose(320, 148),
    ["• apples", 320, 370, 700],
    ["• pears", 338, 380, 712],
  );
  const second = {
    ...pageAt(
      ["• plums", 90, 140, 100],
      ["• cherries", 72, 130, 112],
      prose(72, 124),
      prose(72, 136),
      prose(72, 148),
      prose(72, 160),
      prose(320, 100),
      prose(320, 112),
      prose(320, 124),
      prose(320, 136),
    ),
    page: 2,
  };
  for (const line of second.lines) line.page = 2;
  const pages = [first, second];
  const text = renderMarkdown(
    buildBlocks(pages, { stats: documentStats(pages), outline: [], pageBreaks: false }),
  );
  assert.ok(text.includes("- apples\n  - pears\n  - plums\n- cherries\n"), text);
});

Deno.test("a list going on higher up a page with no columns found starts its nesting again there", () => {
  const text = markdown(pageAt(
    ["• apples", 72, 120, 700],
    ["• pears", 90, 140, 712],
    ["• plums", 320, 370, 100],
    ["• cherries", 320, 380, 112],
  ));
  assert.equal(text.trim(), "- apples\n  - pears\n- plums\n- cherries");
});

Deno.test("a task list's boxes become Markdown tasks, the items under a task nested under its text", () => {
  assert.equal(listMarker(line("⊠", "Caption."))?.markdown, "- [x]");
  assert.equal(listMarker(line("☐ Collaboration"))?.markdown, "- [ ]");
  assert.deepEqual(listMarker(line("□", "Likes:"))?.rest.map((s) => s.text), ["Likes:"]);
  const text = markdown(pageAt(
    ["⊠ Posts:", 72, 120, 100],
    ["□ Likes:", 90, 140, 112],
    ["□ Private.", 108, 160, 124],
    ["⊠ Caption.", 90, 150, 136],
    ["⊠ Profile:", 72, 130, 148],
  ));
  assert.equal(text, "- [x] Posts:\n  - [ ] Likes:\n    - [ ] Private.\n  - [x] Caption.\n- [x] Profile:\n");
});

Deno.test("ListNesting holds text set in from the outermost marker, in the column the list went on in", () => {
  const nesting = new ListNesting();
  nesting.depthOf(119, 71);
  nesting.depthOf(143, 71);
  assert.equal(nesting.holds(154, 71), true);
  assert.equal(nesting.holds(71, 71), false);
  // The next page's margin stands 36 points further right: so does the list.
  assert.equal(nesting.holds(170, 107), true);
  assert.equal(nesting.holds(150, 107), false);
  assert.equal(nesting.depthOf(179, 107), 1);
});

Deno.test("where the outline names the headings, a line numbered and wholly in bold is a paragraph", () => {
  const boldLine = (text: string, y: number) => {
    const l = bodyLine(text, LEFT, LEFT + text.length * 5, y);
    return {
      ...l,
      spans: l.spans.map((s) => ({ ...s, font: { ...s.font, name: "Serif-Bold", bold: true } })),
    };
  };
  const lines = [
    bodyLine("Quickstart", LEFT, 130, 100),
    boldLine("1. Install", 124),
    bodyLine("Run the installer first, then go on.", LEFT, 260, 148),
    boldLine("2. Create a UUID", 172),
    bodyLine("Call the function and keep its result.", LEFT, 280, 196),
    bodyLine("Usage", LEFT, 110, 232),
    bodyLine("Call it as often as you like.", LEFT, 230, 256),
    bodyLine("API", LEFT, 95, 292),
    bodyLine("The functions are these.", LEFT, 210, 316),
  ];
  const pages = [{ page: 1, width: 595, height: 842, lines }];
  const entries = ["Quickstart", "Usage", "API"].map((title) => ({ title, level: 2, page: 1 }));
  const render = (outline: typeof entries) =>
    renderMarkdown(buildBlocks(pages, { stats: documentStats(pages), outline, pageBreaks: false }));
  const named = render(entries);
  // Neither an item nor a heading: a paragraph, its number escaped.
  assert.match(named, /^\\1\. Install$/m, named);
  assert.match(named, /^\\2\. Create a UUID$/m, named);
  // Without an outline, nothing tells it from a numbered heading's or an item's: it stays an item.
  assert.match(render([]), /^1\. /m);
});

Deno.test("ListNesting keeps an item whose marker stands left of the open item's text at that item's depth", () => {
  // ReportLab sets every marker flush right against one text edge: after "1." at 65, a bullet starts at 71,
  // its text at 80 as the number's. A nested item's marker stands right of its parent's text.
  const nesting = new ListNesting();
  assert.deepEqual(
    [[65, 80], [65, 80], [71, 80], [71, 82.3], [94, 103], [71, 80]].map(([x, text]) =>
      nesting.depthOf(x!, 57, text)
    ),
    [0, 0, 0, 0, 1, 0],
  );
  // Without the text edge nothing tells the two apart: the further marker is read as nested.
  const blind = new ListNesting();
  assert.deepEqual([65, 71].map((x) => blind.depthOf(x, 57)), [0, 1]);
});
