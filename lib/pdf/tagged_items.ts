/**
 * The drafts of a document's tagged list items, by the id the structure tree
 * gives each item, for segmentation (`segment.ts`, `label_lines.ts`): a
 * tagged line goes on with the last draft of its item, wherever that stands.
 * Searching the document's drafts from the end for each such line costs the
 * whole document wherever the item is new (its first line, every item of a
 * page after the first: the tree numbers items afresh on each page), so a long
 * tagged document cost the square of its length; the index reads each draft
 * once.
 *
 * It relies on how segmentation drafts: drafts are only appended to the
 * document's list (none removed or reordered while pages are cut), and a
 * draft's item id is set when it is drafted and never changed. Each lookup
 * first reads the drafts appended since the one before, so it answers as a
 * search from the end of the list would.
 *
 * @module
 */
import type { Draft } from "./draft.ts";

/** The last draft of each tagged item, and of any, over an append-only list of drafts. */
export class TaggedItems {
  readonly #drafts: readonly Draft[];
  readonly #byId = new Map<number, Draft>();
  #last: Draft | undefined;
  #read = 0;

  /** An index over `drafts`, which may still grow (at its end only). */
  constructor(drafts: readonly Draft[]) {
    this.#drafts = drafts;
  }

  /** The last draft of the tagged item `id` (as `drafts.findLast((d) => d.listId === id)`). */
  item(id: number): Draft | undefined {
    this.#catchUp();
    return this.#byId.get(id);
  }

  /** The last draft of any tagged item (as `drafts.findLast((d) => d.listId !== undefined)`). */
  lastItem(): Draft | undefined {
    this.#catchUp();
    return this.#last;
  }

  /** Reads the drafts appended since the last lookup. */
  #catchUp() {
    for (; this.#read < this.#drafts.length; this.#read++) {
      const draft = this.#drafts[this.#read]!;
      if (draft.listId === undefined) continue;
      this.#byId.set(draft.listId, draft);
      this.#last = draft;
    }
  }
}
