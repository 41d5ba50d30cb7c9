import assert from "node:assert/strict";
import { codeLine, line, markdown, pageOf } from "../../_support/laid_out_page.ts";

/**
 * A narrow column as WeasyPrint sets it: a listing, then a paragraph that
 * opens with a token of inline code filling its line, its words going on
 * straight under it at the column's edge.
 */
function column(below: number, token = "prefixLengthFromSubnetMask()") {
  const right = 230;
  return pageOf([
    line("Prose before the listing runs to the column's", 72, right, 100),
    line("edge and tells how wide the column is.", 72, right - 40, 112),
    codeLine("var addr = ipaddr.parse(text);", 72, 130, 8.5),
    codeLine("addr.octets // => [192, 168]", 72, 141, 8.5),
    codeLine(token, 72, 163.5, 8.5),
    line("will return a CIDR prefix length for a", 72, right - 2, 163.5 + below),
    line("valid netmask, or null where it is not.", 72, right - 30, 175.5 + below),
  ]);
}

Deno.test("a token of inline code filling the line that opens a paragraph leaves the listing above it", () => {
  const md = markdown(column(12));
  assert.match(md, /```\nvar addr = ipaddr\.parse\(text\);\naddr\.octets \/\/ => \[192, 168\]\n```/, md);
  assert.match(md, /`prefixLengthFromSubnetMask\(\)` will return a CIDR prefix length/, md);
});

Deno.test("a short row of code a blank line below its listing, prose under it, stays in the listing", () => {
  // The prose's first word would have fitted after the row: the row ended its line by hand.
  const md = markdown(column(12, "addr.kind()"));
  assert.match(
    md,
    /```\nvar addr = ipaddr\.parse\(text\);\naddr\.octets \/\/ => \[192, 168\]\n\naddr\.kind\(\)\n```/,
    md,
  );
});
