/**
 * Two-column pages whose listings do not fit their columns (the layout
 * fixtures `code_past_edge`, `wrapped_columns` and `code_items`, WeasyPrint): rows of code
 * running past the page's edge, and listings wrapped under a hanging indent in
 * both columns, items of inline code wrapped onto a row of code.
 *
 * @module
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { plainLineText } from "../../../lib/pdf/inline.ts";
import { readingOrder } from "../../../lib/pdf/layout.ts";
import { codeLine, LEADING, line } from "../../_support/laid_out_page.ts";

async function convert(name: string): Promise<string> {
  const bytes = await Deno.readFile(new URL(`./fixtures/layout/${name}.pdf`, import.meta.url));
  return (await convertPdf(bytes)).markdown;
}

Deno.test("listing rows running past the page's edge leave the page's two columns read one after the other", async () => {
  const markdown = await convert("code_past_edge.weasyprint");
  // Measured to the rows' ends, the text seemed too wide for its columns: the page was read across, row by row.
  const order = [
    "The parser reads an address written in either family",
    "```\nrange.contains(addr);\n```",
    "or to a default.",
    "The byte form of an address is an array of numbers, one for each byte, as the wire carries it.",
    "```\nparse('10.0.0.1').broadcastAddressFromRangeInClasslessInterDomainRoutingNotation()\n```",
    "returns a new one.",
  ].map((text) => markdown.indexOf(text));
  assert.ok(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!)), markdown);
  assert.ok(!markdown.includes("|"), markdown);
});

Deno.test("listings wrapped under a hanging indent in both columns keep their blank lines and stay whole", async () => {
  const markdown = await convert("wrapped_columns.weasyprint");
  // Each column's wrapped rows hang to an edge of its own: counted apart, neither edge held a quarter of the
  // closer rows, the wrapped distance was taken for the step, and a blank line after a wrapped row split
  // its listing in two.
  assert.equal(markdown.split("\n").filter((l) => l.startsWith("```")).length, 12, markdown);
  assert.ok(
    markdown.includes(
      '```\nimport * as hdr from "hdr-histogram-js"\n\nconst h = hdr.build();\nh.recordValue(123);\n```',
    ),
    markdown,
  );
  assert.ok(
    markdown.includes(
      "  autoResize: true,      // the default value is true, and it grows as values come in\n",
    ),
    markdown,
  );
});

Deno.test("an item whose text is wholly inline code wraps onto a row of code that is still the item's", async () => {
  const markdown = await convert("code_items.weasyprint");
  // With no line of prose in the item, its step was not measured and the wrapped row opened a listing.
  assert.equal(markdown.split("\n").filter((l) => l.startsWith("```")).length, 2, markdown);
  for (
    const item of [
      "- [`parse(text, reviver?, options?): value`](https://example.org/parse)\n",
      "- [`stringify(value, replacer?, options?): string`](https://example.org/stringify)\n",
      "  - [`constructor(value, replacer?, options?)`](https://example.org/create)\n",
      "- [`parseAllDocuments(text, options?): Document[]`](https://example.org/all)\n",
    ]
  ) assert.ok(markdown.includes(item), markdown);
});

Deno.test("a row of code running into the margin does not widen the columns its page's prose is measured by", () => {
  // Two columns of prose 150 points wide; a row of code from the right column runs 220 points on into the
  // margin, short of the page's edge. Measured to its end, no line of prose ran a third of the text's width.
  const lines = [];
  for (let k = 0; k < 8; k++) {
    lines.push(line(`left column, line ${k + 1}`, 100, 250, 100 + k * LEADING));
    lines.push(line(`right column, line ${k + 1}`, 270, 420, 100 + k * LEADING));
  }
  lines.push(
    codeLine("parse('255.255.255.240').prefixLengthFromSubnetMaskOrNull(mask)", 270, 100 + 8 * LEADING),
  );
  const ordered = readingOrder(lines, 700).map((l) => plainLineText(l));
  assert.deepEqual(ordered.slice(7, 10), [
    "left column, line 8",
    "right column, line 1",
    "right column, line 2",
  ]);
});
