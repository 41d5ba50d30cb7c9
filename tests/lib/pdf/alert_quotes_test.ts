import assert from "node:assert/strict";
import { opensAlert } from "../../../lib/pdf/alert_quotes.ts";
import type { Draft } from "../../../lib/pdf/draft.ts";
import type { FontStyle } from "../../../lib/pdf/types.ts";

const serif: FontStyle = { name: "LMRoman10", bold: false, italic: false, monospace: false };

/** A quote paragraph of one line reading `text`. */
function quote(text: string): Draft {
  const span = { text, x: 92, y: 100, width: text.length * 5, size: 10, font: serif };
  return {
    kind: "text",
    page: 1,
    quote: true,
    lines: [{ spans: [span], x0: 92, x1: 92 + span.width, y: 100, size: 10, page: 1 }],
  };
}

Deno.test("a quote paragraph opening with an alert's label opens an alert", () => {
  assert.equal(opensAlert(quote("[!NOTE] Custom themes must be stored in files.")), true);
  assert.equal(opensAlert(quote("[!tip] If you specify a default style")), true);
});

Deno.test("a bracket elsewhere, or a link's text, opens no alert", () => {
  assert.equal(opensAlert(quote("For example, if your config contains [!NOTE]")), false);
  assert.equal(opensAlert(quote("[Note] a link's text")), false);
  assert.equal(opensAlert(quote("! [x] done")), false);
});
