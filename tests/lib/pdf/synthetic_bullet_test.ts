import assert from "node:assert/strict";
import { rewriteContents } from "../../../lib/pdf/contents_page.ts";
import { syntheticBullet } from "../../../lib/pdf/synthetic_bullet.ts";
import type { Line, Span } from "../../../lib/pdf/types.ts";
import { codeLine, LEADING, LEFT, markdown, page, RIGHT } from "../../_support/laid_out_page.ts";

/** An entry's first span: a function's name in a code font, linked to its page, tagged as the tree tags it. */
function entrySpan(tag: Span["tag"]): Span {
  const span = codeLine("na.omit", LEFT, 100).spans[0]!;
  return { ...span, link: "#page=12", ...(tag ? { tag } : {}) };
}

Deno.test("a bullet the page does not print is set in the text face, with no link", () => {
  const bullet = syntheticBullet(entrySpan(undefined), LEFT, 0);
  assert.equal(bullet.text, "•");
  assert.equal(bullet.font.monospace, false);
  assert.equal(bullet.link, undefined);
});

Deno.test("a bullet keeps the tree's tag only where the tree puts the entry in a list item", () => {
  const inParagraph = syntheticBullet(entrySpan({ block: 4, paragraph: true }), LEFT, 0);
  assert.equal(inParagraph.tag, undefined);
  const inItem = syntheticBullet(entrySpan({ block: 5, listItem: { id: 5, depth: 0 } }), LEFT, 0);
  assert.deepEqual(inItem.tag, { block: 5, listItem: { id: 5, depth: 0 } });
});

Deno.test("contents entries set in a code font are list items, not a listing", () => {
  // A reference manual's contents names its functions in the code face, each with its page at the right margin.
  const names = ["complete.cases", "droplevels", "na.omit"];
  const text = page(["Contents", LEFT, LEFT + 45]);
  names.forEach((name, i) => {
    const y = 100 + (i + 1) * LEADING * 2;
    const entry: Line = codeLine(name, LEFT, y);
    const number = page(["3", RIGHT - 5, RIGHT]).lines[0]!;
    const pageNumber = { ...number, y, spans: number.spans.map((s) => ({ ...s, y })) };
    text.lines.push(entry, pageNumber);
  });
  const outline = names.map((title, i) => ({ title, level: 1, page: 3 + i }));
  const [out] = rewriteContents([text], outline);
  assert.match(markdown(out!), /^- `complete\.cases`\n- `droplevels`\n- `na\.omit`$/m);
});
