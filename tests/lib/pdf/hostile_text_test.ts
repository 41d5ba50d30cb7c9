import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { scanPdfCost } from "../../../lib/pdf/cost_scan.ts";
import {
  codeFencesPdf,
  inlineBackticksPdf,
  itemLeadersPdf,
  pageTreeNodesPdf,
  sameSpotGlyphsPdf,
} from "../../_support/hostile_text_pdf.ts";

Deno.test("convertPdf() reads a page of 200,000 glyphs drawn at one spot, each its own text item", async () => {
  // pdf.js' getTextContent and the line renderer each appended a list in one spread call, which takes
  // that many arguments no more: the page threw "Maximum call stack size exceeded".
  const { markdown } = await convertPdf(sameSpotGlyphsPdf(200_000));
  assert.equal(markdown.trim(), `${".".repeat(200_000)}\n\nand more`);
});

Deno.test("convertPdf() reads a contents row of 200,000 leaders, each its own text item and line", async () => {
  // The page's lines were spread into single calls (Math.min(...), push(...)) in six places: each threw.
  const { markdown } = await convertPdf(itemLeadersPdf(200_000));
  assert.ok(markdown.startsWith(`Intro${" .".repeat(1000)}`), markdown.slice(0, 80));
  assert.ok(markdown.trim().endsWith("and more"), markdown.slice(-80));
});

Deno.test("convertPdf() writes inline code of 150,000 backtick runs", async () => {
  // The fence, one backtick longer than the longest run, was measured by Math.max(...runs): it threw.
  const { markdown } = await convertPdf(inlineBackticksPdf(150_000));
  assert.equal(markdown.trim(), `Run the \`\` ${"` ".repeat(150_000).trim()} \`\` command now.\n\nand more`);
});

Deno.test("convertPdf() writes a code block of 150,000 fences", async () => {
  // The block's fence, longer than any run of three backticks or more inside, threw the same way.
  const { markdown } = await convertPdf(codeFencesPdf(150_000));
  const code = ["let a = 1;", "``` ".repeat(150_000).trim(), "let b = 2;"].join("\n");
  assert.equal(markdown.trim(), `Some prose comes first here.\n\n\`\`\`\`\n${code}\n\`\`\`\`\n\nand more`);
});

Deno.test("scanPdfCost() reads a file of 150,000 page-tree nodes", async () => {
  // Each stretch between streams appended its page-tree counts with push(...counts): it threw.
  const scan = await scanPdfCost(pageTreeNodesPdf(150_000), 1 << 20);
  assert.equal(scan?.pages, 1);
});
