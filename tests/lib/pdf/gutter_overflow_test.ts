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
