import assert from "node:assert/strict";
import type { Draft } from "../../../lib/pdf/draft.ts";
import { joinAcrossPages } from "../../../lib/pdf/draft_passes.ts";
import { documentStats } from "../../../lib/pdf/stats.ts";
import type { Line, Tag } from "../../../lib/pdf/types.ts";
import { LEFT, line, RIGHT } from "../../_support/laid_out_page.ts";

/** A line of text on `page` at baseline `y`, its spans tagged `tag` (none when undefined). */
function at(text: string, page: number, y: number, tag?: Tag): Line {
  const l = line(text, LEFT, RIGHT, y);
  return { ...l, page, spans: l.spans.map((s) => (tag ? { ...s, tag } : s)) };
}

/** A paragraph broken by a page turn, the first page's note at its foot between the two parts. */
function drafts(noteTag: Tag | undefined): Draft[] {
  const paragraph = { block: 1, paragraph: true };
  return [
    {
      kind: "text",
      page: 1,
      lines: [at("The command also loads the bundle, whose commands are needed to", 1, 700, paragraph)],
    },
    { kind: "text", page: 1, lines: [at("8 At this point only a few keys are accepted.", 1, 760, noteTag)] },
    {
      kind: "text",
      page: 2,
      lines: [at("create a tagged PDF. It also accepts another key.", 2, 80, { block: 5, paragraph: true })],
    },
  ];
}

Deno.test("a paragraph broken by a page turn runs on past the tagged note at the first page's foot", () => {
  const input = drafts({ block: 3, paragraph: true, note: true });
  const stats = documentStats([{ page: 1, width: 595, height: 842, lines: input.flatMap((d) => d.lines) }]);
  const out = joinAcrossPages(input, stats);
  assert.equal(out.length, 2);
  assert.equal(out[0]!.lines.length, 2);
  assert.match(out[1]!.lines[0]!.spans[0]!.text, /^8 At this point/);
});

Deno.test("an untagged last block of the page is no note: the paragraph before it does not run on past it", () => {
  const input = drafts(undefined);
  const stats = documentStats([{ page: 1, width: 595, height: 842, lines: input.flatMap((d) => d.lines) }]);
  assert.equal(joinAcrossPages(input, stats).length, 3);
});

/** `lines` set at `size` points, as a page's notes are set smaller than its text. */
function setAt(lines: Line[], size: number): Line[] {
  return lines.map((l) => ({ ...l, size, spans: l.spans.map((s) => ({ ...s, size })) }));
}

Deno.test("an untagged note set smaller than the text, opening with its mark, is passed over too", () => {
  for (const mark of ["8", "†", "a)"]) {
    const input = drafts(undefined);
    const note = input[1]!;
    note.lines = setAt([at(`${mark} At this point only a few keys are accepted.`, 1, 760)], 8);
    const stats = documentStats([{ page: 1, width: 595, height: 842, lines: input.flatMap((d) => d.lines) }]);
    const out = joinAcrossPages(input, stats);
    assert.equal(out.length, 2, mark);
    assert.equal(out[0]!.lines.length, 2, mark);
  }
});

Deno.test("a smaller block opening with a word (a caption, a table's note) is no note to pass over", () => {
  const input = drafts(undefined);
  input[1]!.lines = setAt([at("Note—At this point only a few keys are accepted.", 1, 760)], 8);
  const stats = documentStats([{ page: 1, width: 595, height: 842, lines: input.flatMap((d) => d.lines) }]);
  assert.equal(joinAcrossPages(input, stats).length, 3);
});
