/**
 * The cap on outline entries counts those the result reports: bookmarks with
 * no title, kept only to place their headings (`untitled_entries.ts`), do not
 * crowd titled ones out of the reported outline.
 */
import assert from "node:assert/strict";
import { taggedPage } from "../../../bench/pdf/make_tagged_fixture.ts";
import { convertPdf } from "../../../lib/pdf/convert.ts";

Deno.test("untitled bookmarks do not use up the cap on the outline's reported entries", async () => {
  const untitled = Array.from({ length: 2000 }, () => ({ title: "", top: 700 }));
  const pdf = taggedPage(
    [{ x: 72, y: 700, size: 20, runs: [[0, "F2", "Getting started"]] }],
    { type: "Document", kids: [{ type: "H1", kids: [0] }] },
    "",
    [...untitled, { title: "Getting started", top: 710 }],
  );
  const result = await convertPdf(pdf);
  assert.deepEqual(result.outline, [{ title: "Getting started", level: 1, page: 1 }]);
});
