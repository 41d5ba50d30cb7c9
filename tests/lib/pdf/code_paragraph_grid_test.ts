/**
 * A row of code standing as far below prose as the next paragraph would, in
 * a document whose listings stand a distance of their own below prose (an
 * HTML engine's), is a paragraph made of inline code, not a one-row listing.
 */
import assert from "node:assert/strict";
import { codeLine, LEADING, LEFT, line, markdown, pageOf, RIGHT } from "../../_support/laid_out_page.ts";
import type { Line } from "../../../lib/pdf/types.ts";

/** Distance between the baselines of two paragraphs of prose, as WeasyPrint sets them (25.2 at 10.5 pt). */
const PARAGRAPH = 25;

/** A page of prose paragraphs, two listings `listingGap` below prose, then `row` a paragraph's distance below prose. */
function pageWith(row: string, listingGap: number, { listingAfter = false } = {}): string {
  const lines: Line[] = [];
  let y = 100;
  const paragraph = (...texts: string[]) => {
    texts.forEach((text, k) =>
      lines.push(line(text, LEFT, k < texts.length - 1 ? RIGHT : 300, y + k * LEADING))
    );
    y += (texts.length - 1) * LEADING;
  };
  const listing = (...rows: string[]) => {
    y += listingGap - PARAGRAPH;
    rows.forEach((text, k) => lines.push(codeLine(text, LEFT, y + k * LEADING)));
    y += (rows.length - 1) * LEADING + PARAGRAPH - listingGap + 1.5;
  };
  paragraph("The library reads addresses and ranges, and tells which of them hold which,", "in any runtime.");
  y += PARAGRAPH;
  paragraph("It runs on both server runtimes and browsers, and it is small once minified", "and compressed.");
  y += PARAGRAPH;
  paragraph(
    "It matches an address against a range or a list of ranges, and tells whether",
    "it is reserved.",
  );
  y += PARAGRAPH;
  paragraph("It parses both kinds of address and converts between them where it can,", "as shown below.");
  y += PARAGRAPH;
  listing("const ipaddr = require('ipaddr.js');", "ipaddr.parse('10.0.0.1');");
  y += PARAGRAPH;
  paragraph(
    "The methods below take a string and return an object, or throw where the",
    "string is no address.",
  );
  y += PARAGRAPH;
  listing("ipaddr.isValid('::1');", "ipaddr.process('::ffff:10.0.0.1');");
  y += PARAGRAPH;
  paragraph("Install it with your package manager of choice");
  y += PARAGRAPH;
  lines.push(codeLine(row, LEFT, y));
  if (listingAfter) {
    // The listing the paragraph introduces stands the listings' distance below it, near two of its steps.
    y += PARAGRAPH;
    listing("import ipaddr from 'ipaddr.js';", "ipaddr.parse('::1');");
  }
  y += PARAGRAPH;
  paragraph("or");
  return markdown(pageOf(lines));
}

Deno.test("a row of code a paragraph's distance below prose, where listings stand apart from it, is a paragraph", () => {
  const out = pageWith("npm install ipaddr.js", 23);
  assert.match(out, /\n`npm install ipaddr\.js`\n/, out);
  assert.equal(out.match(/```/g)?.length, 4, out);
});

Deno.test("where listings stand a paragraph's distance below prose, such a row stays a listing", () => {
  const out = pageWith("npm install ipaddr.js", PARAGRAPH);
  assert.ok(out.includes("```\nnpm install ipaddr.js\n```"), out);
});

Deno.test("such a row over the listing it introduces, read with it as one block, is a paragraph again", () => {
  const out = pageWith("npm install ipaddr.js", 23.5, { listingAfter: true });
  assert.match(out, /\n`npm install ipaddr\.js`\n/, out);
  assert.ok(out.includes("```\nimport ipaddr from 'ipaddr.js';\nipaddr.parse('::1');\n```"), out);
});
