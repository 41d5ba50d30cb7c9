import assert from "node:assert/strict";
import { renderMarkdown } from "../../../lib/pdf/markdown.ts";

Deno.test("renderMarkdown() indents nested items under their parent's text, ordered or not", () => {
  const markdown = renderMarkdown([
    { kind: "list_item", ordered: true, depth: 0, marker: "1.", text: "first", page: 1 },
    { kind: "list_item", ordered: false, depth: 1, marker: "-", text: "inner", page: 1 },
    { kind: "list_item", ordered: false, depth: 2, marker: "-", text: "deeper", page: 1 },
    { kind: "list_item", ordered: true, depth: 0, marker: "2.", text: "second", page: 1 },
  ]);
  assert.equal(markdown, "1. first\n   - inner\n     - deeper\n2. second\n");
});

Deno.test("renderMarkdown() fences code longer than its backtick runs and escapes table pipes", () => {
  const markdown = renderMarkdown([
    { kind: "code", text: "echo ```", page: 1 },
    { kind: "table", rows: [["a|b", "c"], ["1"]], page: 1 },
  ]);
  assert.equal(markdown, "````\necho ```\n````\n\n| a\\|b | c |\n| --- | --- |\n| 1 |  |\n");
});

Deno.test("renderMarkdown() keeps a paragraph from reading as a heading, list or quote", () => {
  const markdown = renderMarkdown([
    { kind: "paragraph", text: "# not a heading", page: 1 },
    { kind: "paragraph", text: "1. not a list", page: 1 },
    { kind: "page_break", page: 2 },
  ]);
  assert.equal(markdown, "\\# not a heading\n\n\\1. not a list\n\n<!-- page 2 -->\n");
});

Deno.test("renderMarkdown() keeps a paragraph opening with a delimiter's bar from reading as a table row", () => {
  const markdown = renderMarkdown([
    { kind: "paragraph", text: "|x| is the absolute value of x", page: 1 },
    { kind: "quote", text: "| a | b |", page: 1 },
  ]);
  assert.equal(markdown, "\\|x| is the absolute value of x\n\n> \\| a | b |\n");
});

Deno.test("renderMarkdown() marks quote paragraphs and keeps consecutive ones in one quote", () => {
  const markdown = renderMarkdown([
    { kind: "quote", text: "First.", page: 1 },
    { kind: "quote", text: "# Second.", page: 1 },
    { kind: "paragraph", text: "After.", page: 1 },
  ]);
  assert.equal(markdown, "> First.\n>\n> \\# Second.\n\nAfter.\n");
});

Deno.test("renderMarkdown() starts a new quote at a paragraph that opens one", () => {
  const markdown = renderMarkdown([
    { kind: "quote", text: "First.", page: 1 },
    { kind: "quote", text: "Second.", page: 1, opens: true },
  ]);
  assert.equal(markdown, "> First.\n\n> Second.\n");
});

Deno.test("renderMarkdown() writes a quoted listing inside the quote before it", () => {
  const md = renderMarkdown([
    { kind: "quote", text: "Note", page: 1, opens: true },
    { kind: "quote", text: "Run this:", page: 1 },
    { kind: "code", text: "make\n\nmake install", page: 1, quoted: true },
    { kind: "paragraph", text: "After.", page: 1 },
  ]);
  assert.equal(md, "> Note\n>\n> Run this:\n>\n> ```\n> make\n>\n> make install\n> ```\n\nAfter.\n");
});

Deno.test("renderMarkdown() sets an item's further paragraph under its text, and the list goes on at its depths", () => {
  const md = renderMarkdown([
    { kind: "list_item", ordered: false, depth: 0, marker: "-", text: "Web", page: 1 },
    { kind: "list_item", ordered: false, depth: 1, marker: "-", text: "package.json:", page: 1 },
    { kind: "paragraph", text: "Lists the dependencies.", page: 1, itemDepth: 1 },
    { kind: "list_item", ordered: false, depth: 1, marker: "-", text: "vite.config.ts:", page: 1 },
    { kind: "paragraph", text: "After the list.", page: 1 },
  ]);
  assert.equal(
    md,
    "- Web\n  - package.json:\n\n    Lists the dependencies.\n\n  - vite.config.ts:\n\nAfter the list.\n",
  );
});

Deno.test("renderMarkdown() keeps a list item's text, and a paragraph of a lone #, from reading as a heading", () => {
  const markdown = renderMarkdown([
    {
      kind: "list_item",
      ordered: false,
      depth: 0,
      marker: "-",
      text: "# in this folder, for example:",
      page: 1,
    },
    { kind: "list_item", ordered: true, depth: 0, marker: "1.", text: "- not a nested list", page: 1 },
    { kind: "paragraph", text: "#", page: 1 },
  ]);
  assert.equal(markdown, "- \\# in this folder, for example:\n\n1. \\- not a nested list\n\n\\#\n");
});
