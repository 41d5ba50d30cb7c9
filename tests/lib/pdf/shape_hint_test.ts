import assert from "node:assert/strict";
import { OPS as PDFJS_OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import { openPdf } from "../../../lib/pdf/load.ts";
import { readOperator, shapeHints, takeLevelRules } from "../../../lib/pdf/shape_hint.ts";
import { type OperatorList, OPS as OP, pageShapes } from "../../../lib/pdf/vector_marks.ts";

const IDENTITY = [1, 0, 0, 1, 0, 0];
const CORPORA = ["bench/pdf/corpus/pdf", "bench/pdf/foreign/pdf", "tests/lib/pdf/fixtures/structure"];

Deno.test("readOperator() hints at a bullet-sized disc and a shaded box, not at thin rules or unpainted paths", () => {
  const hinted = (ops: Array<[number, number[] | null]>, ctm = IDENTITY) => {
    const before = shapeHints();
    for (const [fn, args] of ops) readOperator(fn, args, ctm);
    return shapeHints() !== before;
  };
  // A disc of radius 2 drawn with curves (`m c c c c f`).
  const disc: Array<[number, number[]]> = [
    [OP.moveTo, [102, 100]],
    [OP.curveTo, [102, 101.1, 101.1, 102, 100, 102]],
    [OP.curveTo, [98.9, 102, 98, 101.1, 98, 100]],
    [OP.curveTo, [98, 98.9, 98.9, 98, 100, 98]],
    [OP.curveTo, [101.1, 98, 102, 98.9, 102, 100]],
  ];
  assert.ok(hinted([...disc, [PDFJS_OPS.fill, null]]));
  assert.ok(hinted([[OP.rectangle, [50, 50, 300, 40]], [PDFJS_OPS.fill, null]]));
  // A 0.4 pt rule, filled or stroked, and a disc only used as a clip (`W n`).
  assert.ok(!hinted([[OP.rectangle, [50, 50, 300, 0.4]], [PDFJS_OPS.fill, null]]));
  assert.ok(!hinted([[OP.moveTo, [50, 50]], [OP.lineTo, [350, 50]], [PDFJS_OPS.stroke, null]]));
  assert.ok(!hinted([...disc, [PDFJS_OPS.clip, null], [OP.endPath, null]]));
  // The same thin rule scaled up by the transform is no longer thin; a graphics state always hints.
  assert.ok(hinted([[OP.rectangle, [50, 50, 300, 0.4]], [PDFJS_OPS.fill, null]], [1, 0, 0, 10, 0, 0]));
  assert.ok(hinted([[OP.setGState, null]]));
});

Deno.test("a page whose text extraction read no hinted path has no shape in its operator list", async () => {
  let pages = 0, hinted = 0;
  for (const dir of CORPORA) {
    for (const entry of Deno.readDirSync(dir)) {
      if (!entry.name.endsWith(".pdf")) continue;
      const open = await openPdf(await Deno.readFile(`${dir}/${entry.name}`), { maxBytes: Infinity });
      try {
        for (let n = 1; n <= open.doc.numPages; n++) {
          const page = await open.doc.getPage(n);
          const before = shapeHints();
          await page.getTextContent();
          pages++;
          if (shapeHints() !== before) {
            hinted++;
            continue;
          }
          const viewport = page.getViewport({ scale: 1 });
          const ops = await page.getOperatorList({ annotationMode: 0 }) as OperatorList;
          // Level rules alone are let through (most text documents paint them): a page painting nothing
          // else is not read again; the text pass keeps them for its thematic breaks (`takeLevelRules`).
          const { rules: _, ...shapes } = pageShapes(
            ops,
            viewport.transform,
            viewport.width * viewport.height,
          );
          assert.deepEqual(shapes, { marks: [], areas: [], grids: [], boxes: [] }, `${entry.name} page ${n}`);
        }
      } finally {
        await open.close();
      }
    }
  }
  // Both kinds were met: pages skipped and pages read.
  assert.ok(hinted > 0 && hinted < pages, `${hinted} of ${pages} pages hinted`);
});

Deno.test("takeLevelRules() gives the level rules painted since it was last called, once, in page space", () => {
  takeLevelRules();
  readOperator(OP.moveTo, [50, 50], [1, 0, 0, 1, 0, 10]);
  readOperator(OP.lineTo, [350, 50], [1, 0, 0, 1, 0, 10]);
  readOperator(PDFJS_OPS.stroke, null, [1, 0, 0, 1, 0, 10]);
  // An upright rule hints (a table's column edge) and is no level rule.
  readOperator(OP.moveTo, [50, 50], IDENTITY);
  readOperator(OP.lineTo, [50, 350], IDENTITY);
  readOperator(PDFJS_OPS.stroke, null, IDENTITY);
  assert.deepEqual(takeLevelRules(), [[50, 60, 350, 60]]);
  assert.deepEqual(takeLevelRules(), []);
});
