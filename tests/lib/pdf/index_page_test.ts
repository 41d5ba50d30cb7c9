import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { rewriteIndexes, rowsAbove } from "../../../lib/pdf/index_page.ts";
import type { PageText } from "../../../lib/pdf/types.ts";
import { LEADING, LEFT, line, markdown } from "../../_support/laid_out_page.ts";

/** The fixture's Markdown: a chapter of prose, then its index in two columns. */
async function indexMarkdown(): Promise<string> {
  const bytes = await Deno.readFile(new URL("./fixtures/layout/index_page.weasyprint.pdf", import.meta.url));
  return (await convertPdf(bytes)).markdown;
}

Deno.test("an index page is a bulleted list nested by indent, wrapped pages joined, pages kept as printed", async () => {
  const markdown = await indexMarkdown();
  const index = markdown.slice(markdown.indexOf("# Index"));
  assert.equal(
    index.trim(),
    [
      "# Index",
      "",
      "- account, 3, 5, 17",
      "- amount, 4, 9–11",
      "- appending rows, 6",
      "- auditor, 12, 14, 15, 18, 21, 22, 25, 27, 29, 31, 33, 35, 38, 40",
      "- balance",
      "  - at the end, 19",
      "  - at the start, 18",
      "  - carried over, 20–21",
      "- bank statement, 22",
      "- `byteLength`, 8",
      "- checksum, 7, 8",
      "  - length of, 8",
      "  - verifying, 9, 24, 25, 27, 28, 30, 31, 33, 34, 36, 37, 39",
      "- closing a ledger, 30",
      "- columns of a row, 4",
      "- differences, 23",
      "- duplicate payments, 24, 26",
      "- format",
      "  - compact, 10",
      "  - wide, 11",
      "- ledger, 1–40",
      "- opening a ledger, 2",
      "- payments, 3, 22–26",
      "- reconciliation, 22–29",
      "- rows, 4–6",
      "- settlement time, 5",
    ].join("\n"),
  );
});

Deno.test("prose with page-like numbers after commas, before the index, stays paragraphs", async () => {
  const markdown = await indexMarkdown();
  const prose = markdown.slice(0, markdown.indexOf("# Index"));
  assert.ok(!/^\s*- /m.test(prose), prose);
  assert.equal(prose.trim().split(/\n\n+/).length, 3, prose);
});

/** A two-column index page read row by row across both columns, as a page whose gutter went unseen. */
function interleavedIndex(): PageText {
  const left = ["account, 3", "amount, 4", "appending rows, 6", "auditor, 12", "balance, 18", "bank, 22"];
  const right = ["∗ array", "addmargins, 14", "aperm, 18", "apply, 20", "cbind, 75", "chol, 85"];
  const lines = left.flatMap((text, i) => {
    const y = 100 + i * LEADING;
    // The keyword's mark hangs a little left of its column, as a reference manual's index sets it.
    const x = i === 0 ? 290 : 300;
    return [line(text, LEFT, LEFT + text.length * 5, y), line(right[i]!, x, x + right[i]!.length * 5, y)];
  });
  return { page: 1, width: 595, height: 842, lines };
}

Deno.test("an index read across its columns is read column by column, a hanging mark in its own column", () => {
  const [out] = rewriteIndexes([interleavedIndex()]);
  assert.deepEqual(out!.lines.map((l) => l.spans.map((s) => s.text).join(" ")), [
    "• account, 3",
    "• amount, 4",
    "• appending rows, 6",
    "• auditor, 12",
    "• balance, 18",
    "• bank, 22",
    "• ∗ array",
    "• addmargins, 14",
    "• aperm, 18",
    "• apply, 20",
    "• cbind, 75",
    "• chol, 85",
  ]);
});

Deno.test("an index in a tree that tags its rows paragraphs, and lists elsewhere, is still a list", () => {
  // A tagged document files each index row as a paragraph (P) of its own; where the tree also tags list items,
  // a marker on an untagged-as-item row reads as text: the bullet the index rule adds is ours, not the tree's.
  const item = { ...line("An item the tree tags as one.", LEFT + 12, 300, 80) };
  item.spans = item.spans.map((s) => ({ ...s, tag: { block: 1, listItem: { id: 1, depth: 0 } } }));
  const rows = [
    "account, 3",
    "amount, 4",
    "appending rows, 6",
    "auditor, 12",
    "balance, 18",
    "bank, 22",
    "cash, 30",
  ]
    .concat(["cheque, 31", "credit, 40"])
    .map((text, i) => {
      const l = line(text, LEFT, LEFT + text.length * 5, 120 + i * LEADING);
      return { ...l, spans: l.spans.map((s) => ({ ...s, tag: { block: 2 + i, paragraph: true } })) };
    });
  const [out] = rewriteIndexes([{ page: 1, width: 595, height: 842, lines: [item, ...rows] }]);
  const text = markdown(out!);
  assert.match(text, /^- account, 3\n- amount, 4\n/m, text);
  assert.match(text, /^- credit, 40$/m, text);
});

Deno.test("an entry opening the page whose pages wrap on after a comma set apart is an item, its wrap carrying it on", () => {
  // A reference manual's index sets each page number and comma as a piece of its own: the row reads
  // `arrow , 1083, 1105 , 1162 ,`, and the page's first entry must not be left out of the list for it.
  const texts = ["arrow , 1083, 1105 , 1162 ,", "1173", "arrows , 933, 1011", "as , 90 , 132", "as.call , 68"]
    .concat(["as.double , 36", "as.factor , 571", "as.list , 298", "as.name , 67", "asin , 717"]);
  const lines = texts.map((text, i) => {
    const x = i === 1 ? LEFT + 40 : LEFT;
    return line(text, x, x + text.length * 5, 100 + i * LEADING);
  });
  const [out] = rewriteIndexes([{ page: 1, width: 595, height: 842, lines }]);
  const rows = out!.lines.map((l) => l.spans.map((s) => s.text).join(" "));
  assert.equal(rows[0], "• arrow , 1083, 1105 , 1162 ,");
  assert.equal(rows[1], "1173");
  assert.equal(rows[2], "• arrows , 933, 1011");
});

Deno.test("a sub-entry opening the page whose pages all wrap onto the row under it is an item too", () => {
  // amsldoc's index turns a page inside `options`: the page opens with `behavior of particular options,`,
  // its pages alone on the row under it, hung in deeper.
  const texts = ["behavior of particular options,", "6, 12, 15, 18, 20, 27, 33", "extra space after \\\\, 11"]
    .concat([
      "positioning, 10, 38",
      "pmatrix, 16",
      "pmb, 29",
      "pmod, 25",
      "pod, 25",
      "proof, 30",
      "qquad, 12",
    ]);
  const indents = [20, 40, 20, 20, 0, 0, 0, 0, 0, 0];
  const lines = texts.map((text, i) => {
    const x = LEFT + indents[i]!;
    return line(text, x, x + text.length * 5, 100 + i * LEADING);
  });
  const [out] = rewriteIndexes([{ page: 2, width: 595, height: 842, lines }]);
  const rows = out!.lines.map((l) => l.spans.map((s) => s.text).join(" "));
  assert.equal(rows[0], "• behavior of particular options,");
  assert.equal(rows[1], "6, 12, 15, 18, 20, 27, 33");
  assert.equal(rows[2], "• extra space after \\\\, 11");
});

Deno.test("the row above each row in its column is the one a search back from the row finds", () => {
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let trial = 0; trial < 200; trial++) {
    const count = Math.floor(random() * 40), spread = 1 + Math.floor(random() * 6);
    const columns = Array.from({ length: count }, () => Math.floor(random() * spread));
    // The search it replaces; from the first row, `lastIndexOf(…, -1)` reads back from the end.
    const expected = columns.map((c, i) => columns.lastIndexOf(c, i - 1));
    assert.deepEqual(rowsAbove(columns), expected, columns.join(","));
  }
});
