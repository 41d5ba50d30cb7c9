/**
 * Outline destinations on pages a viewer shows through a transform other
 * than the plain upright one: a `/Rotate` entry, or a media or crop box not
 * starting at the origin. The heading on such a page is set at the body's
 * size, so only its outline entry makes it one, and the entry finds it only
 * where its destination's point is read through the page's view; a level
 * rule read in page space is judged level only as the page is shown.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { destinationHeight, readView } from "../../../lib/pdf/sideways_pages.ts";
import { rulesInView } from "../../../lib/pdf/shaded_spans.ts";
import { buildPdf } from "../../_support/synthetic_pdf.ts";

/** The second page's lines as shown, top down: a body-size heading, then prose. */
const SHOWN = [
  "Novae of the sample",
  "The light curve of the nova rises over two days and falls over forty,",
  "as the table on the next page shows for every nova of the sample here.",
  "Each nova was seen again a year later, fainter by some eight magnitudes.",
];

/** A page's boxes and turn, and the transform pdf.js shows it through (user space to top-down). */
interface Variant {
  name: string;
  boxes: string;
  view: number[];
}

/** US letter, turned by `/Rotate` or with its box off the origin (pdf.js' viewport transform for each). */
const VARIANTS: Variant[] = [
  { name: "/Rotate 90", boxes: "/MediaBox [0 0 612 792] /Rotate 90", view: [0, 1, 1, 0, 0, 0] },
  { name: "/Rotate 180", boxes: "/MediaBox [0 0 612 792] /Rotate 180", view: [-1, 0, 0, 1, 612, 0] },
  { name: "/Rotate 270", boxes: "/MediaBox [0 0 612 792] /Rotate 270", view: [0, -1, -1, 0, 792, 612] },
  { name: "MediaBox off the origin", boxes: "/MediaBox [50 200 662 992]", view: [1, 0, 0, -1, -50, 992] },
  {
    name: "CropBox off the origin",
    boxes: "/MediaBox [0 0 700 1100] /CropBox [40 250 652 1042]",
    view: [1, 0, 0, -1, -40, 1042],
  },
  {
    name: "/Rotate 90 and MediaBox off the origin",
    boxes: "/MediaBox [30 100 642 892] /Rotate 90",
    view: [0, 1, 1, 0, -100, -30],
  },
];

/** The user-space point shown at top-down `(x, y)` through `view`. */
function userPoint(view: readonly number[], x: number, y: number): [number, number] {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = view;
  const det = a * d - b * c;
  return [(d * (x - e) - c * (y - f)) / det, (-b * (x - e) + a * (y - f)) / det];
}

/** A text matrix drawing upright, as shown through `view`, with its origin at top-down `(x, y)`. */
function uprightMatrix(view: readonly number[], x: number, y: number): string {
  const [a = 1, b = 0, c = 0, d = 1] = view;
  const det = a * d - b * c;
  const [ux, uy] = userPoint(view, x, y);
  return [d / det, -b / det, c / det, -a / det, ux, uy].map((n) => Math.round(n * 100) / 100 || 0).join(" ");
}

/**
 * Two pages: prose under a large heading, then a `variant` page showing
 * `SHOWN` upright; the outline's second entry points at the body-size
 * heading's top left through `/XYZ left top 0`, in user space.
 */
function variantPdf(variant: Variant): Uint8Array {
  const first = [
    "BT /F1 16 Tf 72 700 Td (Introduction) Tj ET",
    "BT /F1 10 Tf 72 670 Td (The light curve of the nova rises over two days and falls over forty.) Tj ET",
  ].join("\n");
  const second = SHOWN.map((line, k) =>
    `BT /F1 10 Tf ${uprightMatrix(variant.view, 72, 100 + k * 14)} Tm (${line}) Tj ET`
  ).join("\n");
  const [left, top] = userPoint(variant.view, 72, 88);
  const page = (boxes: string, contents: number) =>
    `<< /Type /Page /Parent 2 0 R ${boxes} /Resources << /Font << /F1 5 0 R >> >> /Contents ${contents} 0 R >>`;
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R /Outlines 8 0 R >>",
    "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
    page("/MediaBox [0 0 612 792]", 6),
    page(variant.boxes, 7),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${first.length} >>\nstream\n${first}\nendstream`,
    `<< /Length ${second.length} >>\nstream\n${second}\nendstream`,
    "<< /Type /Outlines /First 9 0 R /Last 10 0 R /Count 2 >>",
    "<< /Title (Introduction) /Parent 8 0 R /Next 10 0 R /Dest [3 0 R /XYZ 72 716 0] >>",
    `<< /Title (${SHOWN[0]}) /Parent 8 0 R /Prev 9 0 R /Dest [4 0 R /XYZ ${left} ${top} 0] >>`,
  ]);
}

for (const variant of VARIANTS) {
  Deno.test(`an outline entry finds its body-size heading on a page with ${variant.name}`, async () => {
    const { markdown } = await convertPdf(variantPdf(variant));
    // The page reads upright as shown: the prose is there, one paragraph.
    assert.ok(markdown.includes(`${SHOWN[1]} ${SHOWN[2]}`), markdown);
    assert.ok(markdown.includes(`# ${SHOWN[0]}\n`), markdown);
  });
}

Deno.test("readView keeps a view only where the page is not plainly upright at the origin", () => {
  assert.deepEqual(readView({ transform: [1, 0, 0, -1, 0, 792], height: 792 }), {});
  assert.deepEqual(readView({ transform: [1, 0, 0, -1, -50, 992], height: 792 }), {
    view: [1, 0, 0, -1, -50, 992],
  });
  assert.deepEqual(readView({ transform: [0, 1, 1, 0, 0, 0], height: 612 }), { view: [0, 1, 1, 0, 0, 0] });
  // Through an offset box's view the destination's top lands where its heading is shown.
  assert.equal(destinationHeight({ height: 792, view: [1, 0, 0, -1, -50, 992] }, { top: 904 }), 88);
  assert.equal(destinationHeight({ height: 612, view: [-1, 0, 0, 1, 612, 0] }, { top: 88 }), 88);
});

/** The outline-only headings fixture, and its variants (`bench/pdf/make_page_box_fixtures.ts`). */
const fixture = (variant: string) =>
  Deno.readFile(new URL(`./fixtures/layout/outline_headings.weasyprint${variant}.pdf`, import.meta.url));

Deno.test("a real producer's outline-only headings read the same on a /Rotate 90 page and on a box off the origin", async () => {
  const { markdown } = await convertPdf(await fixture(""));
  assert.ok(markdown.includes("### In winter\n"), markdown);
  for (const variant of [".rotate90", ".offset"]) {
    assert.equal((await convertPdf(await fixture(variant))).markdown, markdown, variant);
  }
});

Deno.test("rulesInView: a rule level in page space stands upright on a page shown a quarter turn, no level rule", () => {
  const rule = [72, 400, 540, 400.5] as const;
  assert.deepEqual(rulesInView([rule], [1, 0, 0, -1, -50, 992]), [{ x0: 22, x1: 490, y0: 591.5, y1: 592 }]);
  assert.deepEqual(rulesInView([rule], [-1, 0, 0, 1, 612, 0]).length, 1);
  assert.deepEqual(rulesInView([rule], [0, 1, 1, 0, 0, 0]), []);
});
