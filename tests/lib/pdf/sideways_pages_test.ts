import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { destinationHeight, sidewaysTurn } from "../../../lib/pdf/sideways_pages.ts";
import { buildPdf, onePagePdf } from "../../_support/synthetic_pdf.ts";

/** A table of novae, row by row. */
const ROWS = [
  ["Name", "Vmax", "Period", "Distance"],
  ["CI Aql", "8.83", "0.62", "6.25"],
  ["GQ Mus", "7.2", "0.059", "4.8"],
  ["IM Nor", "7.84", "0.102", "4.25"],
  ["KT Eri", "5.42", "0.35", "6.5"],
  ["RS Oph", "4.5", "456", "1.6"],
];

/** An upright running head at the page's top. */
const HEAD = "BT /F1 10 Tf 72 740 Td (Sample article 17) Tj ET";

/**
 * `ROWS` set turned a quarter turn, as LaTeX's `rotatetable` sets a wide
 * table on an upright page: each row runs up the page (`0 1 -1 0` text
 * matrices), the first row nearest the page's left edge, a row's cells 120
 * points apart up the page.
 */
function sidewaysTable(): string {
  return ROWS.flatMap((row, r) =>
    row.map((cell, c) => `BT /F1 10 Tf 0 1 -1 0 ${120 + r * 16} ${120 + c * 120} Tm (${cell}) Tj ET`)
  ).join("\n");
}

Deno.test("a table set sideways on an upright page is read turned upright, row by row", async () => {
  const { markdown } = await convertPdf(onePagePdf(`${HEAD}\n${sidewaysTable()}`));
  for (const row of ROWS) assert.ok(markdown.includes(`| ${row.join(" | ")} |`), markdown);
});

Deno.test("labels set sideways beside upright prose are left out, the prose read as it stands", async () => {
  const prose = [
    "The light curve of the nova rises over two days and falls over forty,",
    "as the figure beside this paragraph shows for every nova of the sample.",
  ].map((line, k) => `BT /F1 10 Tf 72 ${600 - k * 12} Td (${line}) Tj ET`).join("\n");
  const label = "BT /F1 8 Tf 0 1 -1 0 60 500 Tm (Count rate) Tj ET";
  const { markdown } = await convertPdf(onePagePdf(`${prose}\n${label}`));
  assert.ok(markdown.includes("The light curve of the nova rises"), markdown);
  assert.ok(!markdown.includes("Count rate"), markdown);
});

Deno.test("text drawn at no size turns no page: the visible text is read as it stands", async () => {
  const prose = [
    "The light curve of the nova rises over two days and falls over forty,",
    "as the figure beside this paragraph shows for every nova of the sample.",
  ].map((line, k) => `BT /F1 10 Tf 72 ${600 - k * 12} Td (${line}) Tj ET`).join("\n");
  const hidden = "searchable text drawn at no size ".repeat(6);
  for (
    const zero of [
      `BT /F1 0 Tf 72 400 Td (${hidden}) Tj ET`,
      `BT /F1 10 Tf 0 0 0 0 72 400 Tm (${hidden}) Tj ET`,
    ]
  ) {
    const { markdown } = await convertPdf(onePagePdf(`${prose}\n${zero}`));
    assert.ok(markdown.includes("The light curve of the nova rises"), markdown);
  }
  const view = [1, 0, 0, -1, 0, 792];
  assert.equal(
    sidewaysTurn([{ str: "ab", transform: [1, 0, 0, 1, 72, 700] }, {
      str: hidden,
      transform: [0, 0, 0, 0, 72, 400],
    }], view),
    0,
  );
  assert.equal(
    sidewaysTurn([{ str: "ab", transform: [1, 0, 0, 1, 72, 700] }, {
      str: hidden,
      transform: [NaN, 0, 0, NaN, 72, 400],
    }], view),
    0,
  );
});

Deno.test("sidewaysTurn: the clockwise turn that sets most characters upright", () => {
  const view = [1, 0, 0, -1, 0, 792];
  const item = (str: string, transform: number[]) => ({ str, transform });
  const up = [0, 1, -1, 0, 100, 100], down = [0, -1, 1, 0, 100, 700], upsideDown = [-1, 0, 0, -1, 500, 400];
  const upright = [1, 0, 0, 1, 72, 700];
  assert.equal(sidewaysTurn([item("Sample article", upright), item("CI Aql 8.83 0.62", up)], view), 90);
  assert.equal(sidewaysTurn([item("Sample article", upright), item("CI Aql 8.83 0.62", down)], view), 270);
  assert.equal(sidewaysTurn([item("ab", upright), item("upside down", upsideDown)], view), 180);
  assert.equal(sidewaysTurn([item("A paragraph of prose", upright), item("Count rate", up)], view), 0);
  // A slanted label is no quarter turn: it counts for no side.
  assert.equal(
    sidewaysTurn([item("ab", upright), item("a long slanted label", [0.7, 0.7, -0.7, 0.7, 0, 0])], view),
    0,
  );
});

/**
 * Two pages: prose under a heading, then a page set sideways opening with a
 * heading at the body's size (only the outline makes it one) over `ROWS`;
 * the outline's second entry points to it by `destination` (`/XYZ left top
 * zoom`, in page space: on the turned page its left edge is the height).
 */
function sidewaysSection(destination: string): Uint8Array {
  const prose = "as the table on the next page shows for every nova of the sample here.";
  const first = [
    "BT /F1 16 Tf 72 700 Td (Introduction) Tj ET",
    `BT /F1 10 Tf 72 670 Td (The light curve of the nova rises over two days and falls over forty,) Tj ET`,
    `BT /F1 10 Tf 72 658 Td (${prose}) Tj ET`,
  ].join("\n");
  const turned = [
    "BT /F1 10 Tf 0 1 -1 0 110 72 Tm (Novae of the sample) Tj ET",
    `BT /F1 10 Tf 0 1 -1 0 130 72 Tm (${prose}) Tj ET`,
    ...ROWS.flatMap((row, r) =>
      row.map((cell, c) => `BT /F1 10 Tf 0 1 -1 0 ${150 + r * 16} ${72 + c * 120} Tm (${cell}) Tj ET`)
    ),
  ].join("\n");
  const pageObject = (contents: number) =>
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents ${contents} 0 R >>`;
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R /Outlines 8 0 R >>",
    "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
    pageObject(6),
    pageObject(7),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${first.length} >>\nstream\n${first}\nendstream`,
    `<< /Length ${turned.length} >>\nstream\n${turned}\nendstream`,
    "<< /Type /Outlines /First 9 0 R /Last 10 0 R /Count 2 >>",
    "<< /Title (Introduction) /Parent 8 0 R /Next 10 0 R /Dest [3 0 R /XYZ 72 716 0] >>",
    `<< /Title (Novae of the sample) /Parent 8 0 R /Prev 9 0 R /Dest [4 0 R ${destination}] >>`,
  ]);
}

Deno.test("an outline entry pointing into a page read turned finds its heading there", async () => {
  // The destination's left edge, turned, is the heading's height; its top is read across the turned page.
  for (const destination of ["/XYZ 94 136 0", "/FitH 136", "/Fit"]) {
    const { markdown } = await convertPdf(sidewaysSection(destination));
    assert.ok(markdown.includes("# Novae of the sample\n"), `${destination}: ${markdown}`);
  }
  const turned = { height: 612, view: [0, 1, 1, 0, 0, 0] };
  assert.equal(destinationHeight(turned, { top: 136, left: 94 }), 94);
  assert.equal(
    destinationHeight(turned, { top: 136 }),
    undefined,
    "no left edge: no height on the turned page",
  );
  assert.equal(destinationHeight({ height: 792 }, { top: 700 }), 92);
});
