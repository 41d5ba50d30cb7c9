import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";

/** The fixture's Markdown and reported outline (`make_layout_fixtures.ts`, from `untitled_entries.md`). */
async function convertFixture() {
  const url = new URL("./fixtures/layout/untitled_entries.gropdf.pdf", import.meta.url);
  return await convertPdf(await Deno.readFile(url));
}

Deno.test("bookmarks groff leaves untitled name their headings by where they point: an API's methods opening with a dot", async () => {
  const { markdown, outline } = await convertFixture();
  // The first right under its section's heading, in the same bold at body size: no space of its own tells it.
  assert.deepEqual(markdown.split("\n").filter((l) => l.startsWith("#")), [
    "# lantern",
    "## Install",
    "## Usage",
    "## API",
    "### lantern(port, options?)",
    "### Instance",
    "#### .light(colour)",
    "#### .dim(level)",
    "#### .state",
    "## Licence",
  ]);
  // Their bodies stay paragraphs.
  assert.ok(markdown.includes("#### .state\n\nThe lantern's colour and level as last read"), markdown);
  // The outline reported keeps only the entries that have a title.
  assert.ok(outline && outline.length === 7 && outline.every((e) => e.title), JSON.stringify(outline));
});
