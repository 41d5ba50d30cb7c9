/**
 * A numbered bibliography without tags: each entry, its label in brackets
 * and its wraps hung past the label, is a list's item, not a paragraph
 * (`lib/pdf/cited_entries.ts`); a paragraph opening with a citation, its
 * wraps back at its edge, stays a paragraph.
 */
import assert from "node:assert/strict";
import { LEADING, LEFT, markdown, pageAt, RIGHT } from "../../_support/laid_out_page.ts";

const HANG = LEFT + 14;

Deno.test("bracketed entries with hanging wraps are list items, one of one line after them too", () => {
  const md = markdown(pageAt(
    ["[1] H. Kopka and P. W. Daly, A Guide to LaTeX, 3rd ed. Harlow, England: Addison-", LEFT, RIGHT, 100],
    ["Wesley, 1999.", HANG, HANG + 60, 100 + LEADING],
    [
      "[2] D. E. Knuth, The TeXbook, a book of its own on typesetting, and long enough to",
      LEFT,
      RIGHT,
      100 + 2.5 * LEADING,
    ],
    ["wrap. Reading, Massachusetts: Addison-Wesley, 1984.", HANG, HANG + 250, 100 + 3.5 * LEADING],
    ["[3] L. Lamport, LaTeX, 1994.", LEFT, LEFT + 140, 100 + 5 * LEADING],
  ));
  const items = md.split("\n").filter((l) => l.startsWith("- "));
  assert.deepEqual(items.map((l) => l.slice(0, 9)), ["- \\[1\\] H", "- \\[2\\] D", "- \\[3\\] L"], md);
});

Deno.test("a paragraph opening with a citation, its wraps at its edge, stays a paragraph", () => {
  const md = markdown(pageAt(
    ["[1] showed that a paragraph may open with a citation and wrap back to its own", LEFT, RIGHT, 100],
    ["edge, as running text does.", LEFT, LEFT + 120, 100 + LEADING],
  ));
  assert.match(md, /^\\\[1\\\] showed that/, md);
});
