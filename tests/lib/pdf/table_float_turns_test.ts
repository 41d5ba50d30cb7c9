/**
 * A paragraph broken by a page turn over a table a journal sets at the next
 * page's head under its caption, its notes set smaller under it, and run on
 * with a name (`… in the AAS` / `Journals. For …`): one paragraph, the float
 * after it. A capital after a turn opens a paragraph where the last line
 * before the turn was not wrapped, or ends in punctuation, or the block is
 * set at another size.
 */
import assert from "node:assert/strict";
import type { Draft } from "../../../lib/pdf/draft.ts";
import { joinAcrossPages } from "../../../lib/pdf/draft_passes.ts";
import { documentStats } from "../../../lib/pdf/stats.ts";
import type { Line } from "../../../lib/pdf/types.ts";
import { LEFT, line, RIGHT } from "../../_support/laid_out_page.ts";

/** A line on `page` at baseline `y` from `x0` to `x1`, at `size` points. */
function at(text: string, page: number, y: number, { x0 = LEFT, x1 = RIGHT, size = 10 } = {}): Line {
  const l = line(text, x0, x1, y);
  return { ...l, page, size, spans: l.spans.map((s) => ({ ...s, size })) };
}

/** The drafts: a paragraph ending page 1 (its last line `last`), a captioned table and its note, the run-on. */
function drafts(last: Line, runOn: Line): Draft[] {
  const row = at("Model Component Shift FWHM Flux", 2, 120, { size: 8 });
  return [
    {
      kind: "text",
      page: 1,
      lines: [
        at("AASTeX has a command to display a figure of one file. Figure 1 is an example which", 1, 690),
        last,
      ],
    },
    {
      kind: "text",
      page: 2,
      lines: [at("Table 5. Measurements of Emission Lines", 2, 80, { x1: 300, size: 9 })],
    },
    { kind: "table", page: 2, lines: [row], cells: [[[row]]], rows: [["Model Component Shift FWHM Flux"]] },
    {
      kind: "text",
      page: 2,
      lines: [
        at("Note—This is an example of how to split a table into parts.", 2, 300, { x1: 400, size: 7 }),
      ],
    },
    { kind: "text", page: 2, lines: [runOn] },
  ];
}

const WRAPPED = at(
  "shows the approximate changes in the costs and the charges from 1991 to 2013 in the AAS",
  1,
  702,
);
const RUN_ON = at("Journals. For a general figure of two files the command can be used.", 2, 330, {
  x1: 400,
});

/** Joins the drafts across the turn. */
function joined(input: Draft[]): Draft[] {
  return joinAcrossPages(
    input,
    documentStats([{ page: 1, width: 595, height: 842, lines: input.flatMap((d) => d.lines) }]),
  );
}

Deno.test("a paragraph runs on with a name past a table set under its caption and its notes", () => {
  const out = joined(drafts(WRAPPED, RUN_ON));
  assert.equal(out.length, 4);
  assert.equal(out[0]!.lines.length, 3);
  assert.match(out[0]!.lines[2]!.spans.map((s) => s.text).join(""), /^Journals/);
  assert.equal(out[3]!.kind, "text");
  assert.match(out[3]!.lines[0]!.spans.map((s) => s.text).join(""), /^Note—/);
});

Deno.test("a capital after the turn opens a paragraph where the line before was short, ended or the size differs", () => {
  const short = at("shows the approximate changes in the costs from 1991 in the AAS", 1, 702, { x1: 380 });
  const ended = at(
    "shows the approximate changes in the costs and the charges from 1991 to 2013 in the AAS.",
    1,
    702,
  );
  const indented = at("Journals. For a general figure of two files the command can be used.", 2, 330, {
    x0: LEFT + 15,
  });
  const larger = at("Journals. For a general figure of two files the command can be used.", 2, 330, {
    size: 12,
  });
  for (const [last, runOn] of [[short, RUN_ON], [ended, RUN_ON], [WRAPPED, indented], [WRAPPED, larger]]) {
    assert.equal(joined(drafts(last!, runOn!)).length, 5);
  }
});
