import assert from "node:assert/strict";
import { readingOrder } from "../../../lib/pdf/layout.ts";
import { plainLineText } from "../../../lib/pdf/inline.ts";
import type { Line } from "../../../lib/pdf/types.ts";
import { codeLine, LEADING, LEFT, line, RIGHT } from "../../_support/laid_out_page.ts";

/**
 * The last page of a two-column document as pdfTeX sets it: a listing
 * carried over from the page before opens the left column, the right column
 * holds a short section and ends early, and further down the left column two
 * rows of a listing run past its edge, over the gutter into the blank the
 * right column left.
 */
function shortRightColumn(): Line[] {
  const lines = [
    codeLine("# Run unit tests and integration tests", LEFT, 100),
    codeLine("cargo test", LEFT, 100 + LEADING),
    line("License", 310, 345, 88),
    line("This tool is shared under the terms of both the", 310, RIGHT, 100),
    line("MIT licence and the Apache licence, version 2.0,", 310, RIGHT - 20, 100 + LEADING),
    line("as the files at the top of the repository say;", 310, RIGHT - 10, 100 + 2 * LEADING),
    line("see them.", 310, 360, 100 + 3 * LEADING),
  ];
  for (let k = 0; k < 8; k++) {
    lines.push(
      line(`left column prose, line ${k + 1}, running on`, LEFT, 290 - (k % 3) * 12, 160 + k * LEADING),
    );
  }
  lines.push(
    codeLine("fd --gen-completions bash > ~/.local/share/bash-completion/fd", LEFT, 160 + 9 * LEADING),
  );
  lines.push(line("And the shell of one's choice reads it from there.", LEFT, 290, 160 + 11 * LEADING));
  lines.push(
    codeLine("fd --gen-completions fish > ~/.config/fish/completions/fd.fish", LEFT, 160 + 13 * LEADING),
  );
  return lines;
}

Deno.test("listing rows running into the blank below a right column that ended early keep the page in two columns", () => {
  const ordered = readingOrder(shortRightColumn()).map((l) => plainLineText(l));
  const license = ordered.indexOf("License");
  const lastLeft = ordered.findIndex((t) => t.startsWith("fd --gen-completions fish"));
  // The whole left column first, the listing rows in it where they stand, then the right column.
  assert.equal(license, lastLeft + 1, ordered.join("\n"));
  assert.equal(ordered[1], "cargo test");
  assert.deepEqual(ordered.slice(-2), ["as the files at the top of the repository say;", "see them."]);
});

Deno.test("a listing's aligned second column on a page of one column is no right column", () => {
  // A help text's options and their meanings, then rows of the same listing crossing where a gutter would be.
  const lines: Line[] = [];
  for (let k = 0; k < 5; k++) {
    lines.push(codeLine(`  -${"abcde"[k]}, --option-number-${k}`, LEFT, 100 + k * LEADING));
    lines.push(codeLine(`what option ${k} does to the search`, 310, 100 + k * LEADING));
  }
  for (let k = 5; k < 7; k++) {
    lines.push(
      codeLine(
        `  -${"fg"[k - 5]}, --a-long-option-name-${k} <value>   what it does, told in one row`,
        LEFT,
        100 + k * LEADING,
      ),
    );
  }
  const ordered = readingOrder(lines).map((l) => plainLineText(l).trim());
  assert.deepEqual(ordered.slice(0, 2), ["-a, --option-number-0", "what option 0 does to the search"]);
});

/** A line of prose one span a word, 5 points a character, words `space` points apart. */
function words(text: string, x0: number, y: number, space: number): Line {
  let x = x0;
  const spans = text.split(" ").map((word) => {
    const span = line(word, x, x + word.length * 5, y).spans[0]!;
    x += word.length * 5 + space;
    return span;
  });
  return { spans, x0, x1: x - space, y, size: spans[0]!.size, page: 1 };
}

/** Rows `from` to `to` (exclusive) of two ragged columns, the right one from 310, 12 points a row from 100. */
function columnRows(from: number, to: number): Line[] {
  const rows: Line[] = [];
  for (let k = from; k < to; k++) {
    rows.push(line(`left column, line ${k + 1}, running on`, LEFT, 290 - (k % 3) * 12, 100 + k * LEADING));
    rows.push(line(`right column, line ${k + 1}, running on`, 310, RIGHT - (k % 3) * 12, 100 + k * LEADING));
  }
  return rows;
}

Deno.test("two columns' lines joined on one baseline part where the gutter's gap stands out among the spaces", () => {
  // The first row: the left column's line ends a hyphenated word, the right column's goes on 8 points on.
  const top = words("open them in your fa-", LEFT, 100, 4);
  const right = words("the syntax is like", 310, 100, 4);
  const joined: Line = { ...top, spans: [...top.spans, ...right.spans], x1: right.x1 };
  const ordered = readingOrder([joined, ...columnRows(1, 9)]).map((l) => plainLineText(l).trim());
  assert.equal(ordered[0], "open them in your fa-");
  assert.equal(ordered[1], "left column, line 2, running on");
  assert.equal(ordered[9], "the syntax is like");
});

Deno.test("a line across both columns whose word starts at the gutter stays whole", () => {
  // Evenly spaced words, one of them where the right column starts: a title, not two lines.
  // 8 points a space: "words" ends at 285, left of the gutter, "fall" starts at 293, just right of it.
  const title = words("A title across both columns whose words fall evenly on the page", LEFT, 88, 8);
  const ordered = readingOrder([title, ...columnRows(0, 8)]).map((l) => plainLineText(l).trim());
  assert.equal(ordered[0], "A title across both columns whose words fall evenly on the page");
});

Deno.test("a listing row's last piece past the gutter stays on its row, and cuts no band across the page", () => {
  const lines: Line[] = [];
  for (let k = 0; k < 8; k++) {
    lines.push(
      line(`left column prose, line ${k + 1}, running on`, LEFT, 290 - (k % 3) * 12, 100 + k * LEADING),
    );
    lines.push(
      line(`right column prose, line ${k + 1}, running on`, 310, RIGHT - (k % 3) * 12, 100 + k * LEADING),
    );
  }
  // A row too long for the left column, drawn as two pieces a space apart: the last one past the gutter.
  const row = codeLine("const config = await createViemConfig({ publicClient", LEFT, 100 + 9 * LEADING);
  const tail = codeLine("})", row.x1 + 6, 100 + 9 * LEADING);
  lines.push(row, tail, codeLine("await message.verify({ signature })", LEFT, 100 + 10 * LEADING));
  lines.push(line("right column prose, after the row", 310, RIGHT, 100 + 11 * LEADING));
  lines.push(line("left column prose, after the listing", LEFT, 290, 100 + 12 * LEADING));
  const ordered = readingOrder(lines).map((l) => plainLineText(l));
  const at = ordered.indexOf("})");
  assert.equal(ordered[at - 1], plainLineText(row), ordered.join("\n"));
  assert.equal(ordered[at + 1], "await message.verify({ signature })");
  // The whole left column, then the whole right one.
  assert.equal(ordered[at + 3], "right column prose, line 1, running on", ordered.join("\n"));
});
