import assert from "node:assert/strict";
import type { Draft } from "../../../lib/pdf/draft.ts";
import { labelAsParagraph } from "../../../lib/pdf/label_lines.ts";
import { TaggedItems } from "../../../lib/pdf/tagged_items.ts";

/** A draft of the tagged item `listId` on `page` (a paragraph when `listId` is undefined). */
function draft(page: number, listId?: number): Draft {
  return listId === undefined
    ? { kind: "text", page, lines: [] }
    : { kind: "list_item", page, lines: [], marker: "-", listId };
}

/** A small deterministic generator (a linear congruential one), so a failure can be replayed. */
function numbers(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

Deno.test("TaggedItems answers as a search from the end of the drafts, over drafts appended between lookups", () => {
  for (const seed of [1, 7, 42]) {
    const random = numbers(seed);
    const drafts: Draft[] = [];
    const items = new TaggedItems(drafts);
    for (let step = 0; step < 2_000; step++) {
      const page = 1 + Math.floor(step / 100);
      // Ids restart on each page, as a structure tree numbers its elements afresh per page.
      const id = Math.floor(random() * 12);
      if (random() < 0.5) drafts.push(draft(page, random() < 0.6 ? id : undefined));
      // An item written as a title and paragraphs keeps its id.
      if (random() < 0.05 && drafts.length) labelAsParagraph(drafts.at(-1)!);
      assert.equal(items.item(id), drafts.findLast((d) => d.listId === id), `seed ${seed}, step ${step}`);
      assert.equal(
        items.lastItem(),
        drafts.findLast((d) => d.listId !== undefined),
        `seed ${seed}, step ${step}`,
      );
    }
  }
});

Deno.test("TaggedItems gives the latest draft of an id used again, not the first", () => {
  const drafts: Draft[] = [draft(1, 3), draft(1), draft(2, 3), draft(2)];
  const items = new TaggedItems(drafts);
  assert.equal(items.item(3), drafts[2]);
  assert.equal(items.item(4), undefined);
  drafts.push(draft(3, 4));
  assert.equal(items.item(4), drafts[4]);
  assert.equal(items.lastItem(), drafts[4]);
});
