import assert from "node:assert/strict";
import { splitAtLinks } from "../../../lib/pdf/links.ts";
import type { Span } from "../../../lib/pdf/types.ts";

const font = { name: "Helvetica", bold: false, italic: false, monospace: false };

Deno.test("a link set inside brackets leaves the brackets out of its text", () => {
  // "[Become a sponsor]" with the link's area over the words only, as a producer marks a bracketed link.
  const span: Span = { text: "[Become a sponsor via Github]", x: 57, y: 465, width: 136.2, size: 10, font };
  const area = { x0: 59.8, x1: 190.4, y0: 455, y1: 467, url: "https://github.com/sponsors/x/" };
  const pieces = splitAtLinks(span, [area]);
  assert.deepEqual(
    pieces.map((p) => [p.text, p.link]),
    [["[", undefined], ["Become a sponsor via Github", area.url], ["]", undefined]],
  );
});

Deno.test("a link's edges still snap out to whole words", () => {
  // An estimate that starts a character late is moved to the word's start.
  const span: Span = { text: "see the manual here", x: 0, y: 100, width: 90, size: 10, font };
  const area = { x0: 20, x1: 60, y0: 90, y1: 102, url: "https://example.org/manual" };
  const linked = splitAtLinks(span, [area]).filter((p) => p.link).map((p) => p.text);
  assert.deepEqual(linked, ["the manual"]);
});
