import assert from "node:assert/strict";
import type { Line } from "../../../lib/pdf/types.ts";
import {
  codeLine,
  LEFT,
  line,
  markdown,
  pageOf,
  proseThenCode,
  RIGHT,
} from "../../_support/laid_out_page.ts";

/** A line opening with inline code wrapped from the line above, prose after it. */
function codeThenProse(code: string, prose: string, y: number): Line {
  const head = codeLine(code, LEFT, y);
  const tail = line(prose, head.x1 + 5, RIGHT - 100, y);
  return { ...head, spans: [...head.spans, ...tail.spans], x1: tail.x1 };
}

Deno.test("inline code wrapped onto a line where it reads like an enumerator is no list item", () => {
  const text = pageOf([
    line("Before this one, a paragraph of prose runs across the whole column here.", LEFT, RIGHT, 88),
    proseThenCode("After installing the package, add the line", "(setq ffip-use-rust-fd", LEFT, 100),
    codeThenProse("t)", "to your init file.", 112),
  ]);
  const out = markdown(text);
  assert.ok(!/^- /m.test(out), out);
  assert.match(out, /`\(setq ffip-use-rust-fd t\)` to your init file\./);
});

Deno.test("a letter enumerator in the text's font still opens a list item", () => {
  const text = pageOf([
    line("Before this one, a paragraph of prose runs across the whole column here.", LEFT, RIGHT, 88),
    line("a) the first choice", LEFT, 200, 112),
    line("b) the second choice", LEFT, 200, 124),
  ]);
  assert.match(markdown(text), /^- a\) the first choice$/m);
});
