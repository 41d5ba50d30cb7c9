import assert from "node:assert/strict";
import { renderMarkdown } from "../../../lib/pdf/markdown.ts";
import { documentStats } from "../../../lib/pdf/stats.ts";
import { buildBlocks } from "../../../lib/pdf/structure.ts";
import type { Line, PageText } from "../../../lib/pdf/types.ts";
import { codeLine, LEADING, LEFT, line, proseThenCode, RIGHT } from "../../_support/laid_out_page.ts";

/** A page of `lines` numbered `page`. */
function pageOf(page: number, lines: Line[]): PageText {
  return { page, width: 595, height: 842, lines: lines.map((l) => ({ ...l, page })) };
}

/**
 * As AbiWord sets a README: no space between paragraphs, listings at the
 * prose's line step. The first page's paragraph fills its lines to the right
 * margin; the second holds short lines only, a paragraph of one line ending
 * in inline code (a link's name), and a listing a line below it.
 */
function document(): PageText[] {
  const full: Line[] = [];
  for (let k = 0; k < 10; k++) {
    full.push(line(`a paragraph's line ${k + 1} filled up to the margin`, LEFT, RIGHT, 100 + k * LEADING));
  }
  const sparse = [
    line("Install it with the package manager of your choice.", LEFT, 330, 100),
    line("For GraphQL requests we recommend another package.", LEFT, 320, 100 + LEADING),
    proseThenCode("For GraphQL requests we recommend using", "@octokit/graphql", LEFT, 100 + 2 * LEADING),
    codeLine('const result = await request("POST /graphql", {', LEFT, 100 + 3 * LEADING),
    codeLine("  headers: {", LEFT, 100 + 4 * LEADING),
    codeLine('    authorization: "token 0001",', LEFT, 100 + 5 * LEADING),
    codeLine("  },", LEFT, 100 + 6 * LEADING),
    codeLine("});", LEFT, 100 + 7 * LEADING),
  ];
  return [pageOf(1, full), pageOf(2, sparse)];
}

Deno.test("a listing after a paragraph ending in inline code on a page of short lines opens with its first row", () => {
  const pages = document();
  const markdown = renderMarkdown(
    buildBlocks(pages, { stats: documentStats(pages), outline: [], pageBreaks: false }),
  );
  assert.match(markdown, /```\nconst result = await request\("POST \/graphql", \{\n/, markdown);
  assert.match(markdown, /recommend using `@octokit\/graphql`\n/, markdown);
});

/**
 * A document set in two columns whose last page holds its left column only:
 * justified lines ending together at the column's edge, then an address
 * whose last line is a web address in typewriter, too long for the room
 * left on the line before it in the column, though not in the page.
 */
function twoColumnEnding(): PageText[] {
  const GUTTER_LEFT = 290, GUTTER_RIGHT = 304;
  const full: Line[] = [];
  for (let k = 0; k < 30; k++) {
    full.push(line(`the left column's line ${k + 1} set full`, LEFT, GUTTER_LEFT, 100 + k * LEADING));
    full.push(line(`the right column's line ${k + 1} set full`, GUTTER_RIGHT, RIGHT, 100 + k * LEADING));
  }
  const last = [
    line("a closing paragraph's justified line one", LEFT, GUTTER_LEFT, 100),
    line("a closing paragraph's justified line two", LEFT, GUTTER_LEFT, 100 + LEADING),
    line("a closing paragraph's justified line three", LEFT, GUTTER_LEFT, 100 + 2 * LEADING),
    line("and its last line.", LEFT, 170, 100 + 3 * LEADING),
    line("Mainz, Germany", LEFT, 162, 100 + 5 * LEADING),
    codeLine("https://www.example-project.org", LEFT, 100 + 6 * LEADING),
  ];
  return [pageOf(1, full), pageOf(2, last)];
}

Deno.test("on a two-column document's last page of one column, justified lines keep the column's measure", () => {
  const pages = twoColumnEnding();
  const markdown = renderMarkdown(
    buildBlocks(pages, { stats: documentStats(pages), outline: [], pageBreaks: false }),
  );
  assert.doesNotMatch(markdown, /```/, markdown);
  assert.match(markdown, /Mainz, Germany `https:\/\/www\.example-project\.org`/, markdown);
});
