import assert from "node:assert/strict";
import type { Line, Tag } from "../../../lib/pdf/types.ts";
import { LEFT, line, markdown, pageOf } from "../../_support/laid_out_page.ts";

/** `l` with every span tagged `tag`. */
function tagged(l: Line, tag: Tag): Line {
  return { ...l, spans: l.spans.map((s) => ({ ...s, tag })) };
}

/** A tagged list item's line: its number the label, then its title. */
function item(id: number, depth: number, label: string, title: string, x: number, y: number): Line {
  const listItem = { id, depth };
  const number = tagged(line(label, x, x + 15, y), { block: id, listItem, label: true });
  const text = tagged(line(title, x + 20, x + 200, y), { block: id, listItem });
  return { ...number, spans: [...number.spans, ...text.spans], x1: text.x1 };
}

/** A contents list down the left column, the column's notes at its foot, the list going on in the right. */
function brokenList(): Line[] {
  const right = 320;
  return [
    item(1, 0, "1", "General overview", LEFT, 100),
    item(2, 1, "1.1", "The goals of the project", LEFT + 10, 112),
    tagged(line("1 This project is carried out by a small number of developers.", LEFT, 290, 700), {
      block: 9,
      note: true,
    }),
    item(3, 1, "1.2", "Current status and achievements", right + 10, 100),
    item(4, 0, "2", "Specific aspects of the work", right, 112),
  ];
}

Deno.test("notes at a column's foot between a list's items go after the list, which stays one", () => {
  const text = markdown(pageOf(brokenList()));
  const items = text.indexOf("- 1 General"),
    last = text.indexOf("- 2 Specific"),
    note = text.indexOf("developers");
  assert.ok(items >= 0 && last > items && note > last, text);
  assert.match(text, /1\.1 The goals of the project\n\s+- 1\.2 Current status/);
});
