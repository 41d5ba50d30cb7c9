import assert from "node:assert/strict";
import { renderMarkdown } from "../../../lib/pdf/markdown.ts";
import { documentStats } from "../../../lib/pdf/stats.ts";
import { buildBlocks } from "../../../lib/pdf/structure.ts";
import type { Line, Tag } from "../../../lib/pdf/types.ts";
import { LEFT, line, markdown, pageOf, RIGHT } from "../../_support/laid_out_page.ts";

/** `l` with every span tagged `tag`. */
function tagged(l: Line, tag: Tag): Line {
  return { ...l, spans: l.spans.map((s) => ({ ...s, tag })) };
}

/** A tagged item: its label alone on a line at `labelX`, then two paragraphs of its text from `textX`. */
function labelledItem(labelX: number, textX: number, page = 1): Line[] {
  const item = { id: 7, depth: 0 };
  const rows = [
    tagged(line("Erroneous nesting of equation structures", labelX, 300, 100), {
      block: 8,
      listItem: item,
      label: true,
    }),
    tagged(line("Example: the message names the structure it met.", textX, 340, 112), {
      block: 9,
      listItem: item,
      paragraph: true,
    }),
    tagged(line("Explanation: the structures are designed for use at the top level and", textX, RIGHT, 130), {
      block: 10,
      listItem: item,
      paragraph: true,
    }),
    tagged(line("cannot be nested inside some other displayed equation structure.", textX, 420, 142), {
      block: 10,
      listItem: item,
      paragraph: true,
    }),
  ];
  return rows.map((l) => ({ ...l, page }));
}

Deno.test("an item's label on a line of its own with its text set flush under it is a title and paragraphs", () => {
  const text = markdown(pageOf(labelledItem(LEFT + 10, LEFT)));
  assert.doesNotMatch(text, /^- /m);
  assert.match(text, /^Erroneous nesting of equation structures$/m);
  assert.match(text, /^Example: the message names the structure it met\.$/m);
  assert.match(text, /^Explanation: .* and cannot be nested .*structure\.$/m);
});

Deno.test("an item whose text is set in past its label stays a list item", () => {
  const text = markdown(pageOf(labelledItem(LEFT, LEFT + 24)));
  assert.match(text, /^- Erroneous nesting of equation structures/m);
});

Deno.test("the item's text going on over a page turn, filed under an item of a new id, stays paragraphs", () => {
  const first = labelledItem(LEFT + 10, LEFT).slice(0, 2);
  const turned = labelledItem(LEFT + 10, LEFT, 2).slice(2).map((l) => ({
    ...l,
    y: l.y - 60,
    spans: l.spans.map((s) => ({ ...s, y: s.y - 60, tag: { ...s.tag!, listItem: { id: 3, depth: 0 } } })),
  }));
  const pages = [pageOf(first), { ...pageOf(turned), page: 2 }];
  const text = renderMarkdown(
    buildBlocks(pages, { stats: documentStats(pages), outline: [], pageBreaks: false }),
  );
  assert.doesNotMatch(text, /^- /m);
  assert.match(text, /^Explanation: .* and cannot be nested .*structure\.$/m);
});
