/**
 * Hostile files at admission: a page tree declaring billions of pages, one
 * thousands of levels deep or looping, a cross-reference table that loops or
 * points inside an image, stream lengths that lie, a decompression bomb, no
 * page tree at all. Each is priced or refused in bounded time with the
 * service's error, before pdf.js sees it; what is admitted converts or fails
 * with a clear error, and the pool goes on serving.
 */
import assert from "node:assert/strict";
import { admitPdf, PDF_JOB_MB, pricePdf } from "../../../lib/pdf/admission.ts";
import { scanPdfCost } from "../../../lib/pdf/cost_scan.ts";
import { DEFAULT_PDF_LIMITS } from "../../../lib/pdf/limits.ts";
import { PDF_BYTES_PER_INPUT_BYTE } from "../../../lib/pdf/memory.ts";
import { createPdfService } from "../../../lib/pdf/service.ts";
import { loadConfig } from "../../../lib/server/config/load.ts";
import { PayloadTooLargeError, ServiceError, UnprocessableError } from "../../../lib/shared/errors.ts";
import {
  deepPageTreePdf,
  flateBombPdf,
  hugeCountPdf,
  loopingPageTreePdf,
  objectInImagePdf,
  xrefLoopPdf,
} from "../../_support/hostile_pdf.ts";
import { imageHeavyPdf } from "../../_support/image_pdf.ts";
import { textPdf } from "../../_support/synthetic_pdf.ts";

const MB = 1024 * 1024;
const LIMITS = DEFAULT_PDF_LIMITS;
const DEFAULT_BUDGET = loadConfig({ SERVICE_MODE: "local" }).pdf.limits;

Deno.test("a page tree declaring billions of pages is refused with 413 before pdf.js opens it", async () => {
  const started = performance.now();
  const refusal = await admitPdf(hugeCountPdf(), undefined, LIMITS).catch((error) => error);
  assert.ok(refusal instanceof PayloadTooLargeError, String(refusal));
  assert.match(refusal.message, /Too many pages: 4000000000 selected, the limit is 5000/);
  // Selecting a few pages of it is priced by those pages, without listing the rest.
  assert.equal((await admitPdf(hugeCountPdf(), "1", LIMITS)).pages, 1);
  assert.ok(performance.now() - started < 2000);
});

Deno.test("a decompression bomb is refused at admission, counted up to the stream cap", async () => {
  const bomb = await flateBombPdf(512 * MB);
  await assert.rejects(admitPdf(bomb, undefined, LIMITS), (error: unknown) => {
    assert.ok(error instanceof UnprocessableError);
    assert.match(error.message, /a stream decodes to more than 64 MB/);
    return true;
  });
});

Deno.test("stream lengths that lie: an image is measured to its endstream, whatever /Length says", async () => {
  const data = new Uint8Array(50_000).fill(0x41);
  const honest = imageHeavyPdf(2, data);
  const text = new TextDecoder("latin1").decode(honest);
  for (const lie of ["5", "999999999"]) {
    const lying = text.replaceAll(
      `/Length ${data.length} `,
      `/Length ${lie}`.padEnd(`/Length ${data.length} `.length),
    );
    const scan = await scanPdfCost(Uint8Array.from(lying, (c) => c.charCodeAt(0)), LIMITS.maxStreamBytes);
    assert.ok(
      scan!.imageBytes >= 2 * data.length && scan!.imageBytes <= 2 * data.length + 4,
      JSON.stringify(scan),
    );
  }
});

Deno.test("an object hidden inside an image's bytes is priced as what it is, not as an image", async () => {
  // 48 MB of content costs more than a conversion may take at the default budget, even borrowing the audio
  // room; as image bytes it would cost less than a PDF share.
  const pdf = await objectInImagePdf(48 * MB);
  const scan = await scanPdfCost(pdf, LIMITS.maxStreamBytes);
  assert.equal(scan!.imageBytes, 0);
  assert.ok(scan!.contentBytes >= 48 * MB, JSON.stringify(scan));
  await assert.rejects(admitPdf(pdf, undefined, DEFAULT_BUDGET), UnprocessableError);
});

Deno.test("a file without a page tree is priced by its size, as the densest text", async () => {
  const pdf = new TextEncoder().encode("%PDF-1.7\n" + "garbage ".repeat(1000));
  const price = await pricePdf(pdf, { maxStreamBytes: LIMITS.maxStreamBytes });
  assert.equal(price.scan, undefined);
  assert.equal(price.bytes, Math.ceil(PDF_JOB_MB * MB + pdf.length * PDF_BYTES_PER_INPUT_BYTE));
});

Deno.test("deep, looping page trees and a looping xref are admitted cheaply and end with a clear answer", async () => {
  // Memory and cost are under test, not speed: a loaded machine must not turn slow work into a 422.
  const service = createPdfService({ pool: { workers: 1 }, limits: { timeBudgetMs: 120_000 } });
  try {
    for (
      const [name, pdf] of Object.entries({
        deep: deepPageTreePdf(5_000),
        loopingTree: loopingPageTreePdf(),
        xrefLoop: xrefLoopPdf(),
      })
    ) {
      const { price, bytes } = await service.admit(pdf);
      assert.ok(price.pages !== undefined && price.pages <= 2, `${name}: ${JSON.stringify(price)}`);
      const outcome = await service.convert(bytes, {}).catch((error) => error);
      assert.ok(
        outcome instanceof ServiceError || typeof outcome?.markdown === "string",
        `${name}: ${outcome}`,
      );
    }
    const after = await service.convert(textPdf([["Still serving"]]), {});
    assert.match(after.markdown, /Still serving/);
  } finally {
    await service.pool.close();
  }
});
