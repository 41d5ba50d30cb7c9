/**
 * Admission by what a conversion reads: images held but never priced as
 * text, content streams by what they decode to, the page tree's count found
 * in compressed object streams; the default budget admits a 100 MB
 * image-heavy PDF and a 2,500-page text-dense one, and what it refuses is
 * refused naming the budget that would admit it (which does).
 */
import assert from "node:assert/strict";
import {
  admitPdf,
  borrowsRoom,
  budgetAdmitting,
  leastPdfPrice,
  mostCostBytes,
  PDF_BYTES_PER_PAGE,
  pricePdf,
} from "../../../lib/pdf/admission.ts";
import { scanPdfCost } from "../../../lib/pdf/cost_scan.ts";
import { DEFAULT_PDF_LIMITS, type PdfLimits } from "../../../lib/pdf/limits.ts";
import { createPdfService } from "../../../lib/pdf/service.ts";
import { loadConfig } from "../../../lib/server/config/load.ts";
import { PayloadTooLargeError, UnprocessableError } from "../../../lib/shared/errors.ts";
import { densePdf } from "../../_support/mixed_load.ts";
import { denseDeflatedPdf } from "../../_support/hostile_pdf.ts";
import { imageHeavyPdf, noiseJpeg, slideCaption } from "../../_support/image_pdf.ts";

const MB = 1024 * 1024;
const STREAM_CAP = DEFAULT_PDF_LIMITS.maxStreamBytes;
const fixture = (name: string) => Deno.readFile(new URL(`./fixtures/${name}`, import.meta.url));

/** The PDF limits a service at `budgetMb` runs with (a host with ffmpeg). */
function limitsAt(budgetMb: number): PdfLimits {
  return loadConfig({ SERVICE_MODE: "local", MEMORY_BUDGET_MB: String(budgetMb) }).pdf.limits;
}

Deno.test("an image-heavy PDF costs its bytes held, not its images decoded, and converts", async () => {
  const jpeg = await noiseJpeg(400, 300);
  const pdf = imageHeavyPdf(4, jpeg, { width: 400, height: 300 });
  const scan = await scanPdfCost(pdf, STREAM_CAP);
  assert.equal(scan?.pages, 4);
  assert.equal(scan?.imageBytes, 4 * jpeg.length);
  assert.ok(scan!.contentBytes + scan!.objectBytes < 4096, JSON.stringify(scan));
  const price = await pricePdf(pdf, { maxStreamBytes: STREAM_CAP });
  assert.ok(
    price.bytes - leastPdfPrice(pdf.length) < 64 * 1024 + 4 * PDF_BYTES_PER_PAGE,
    JSON.stringify(price),
  );
  // Memory and cost are under test, not speed: a loaded machine must not turn slow work into a 422.
  const service = createPdfService({ pool: { workers: 1 }, limits: { timeBudgetMs: 120_000 } });
  try {
    const result = await service.convert(pdf, {});
    // The captions' text is found on every page (the Markdown drops them as a running line).
    assert.deepEqual(
      result.pageCharacters.map(({ characters }) => characters),
      [1, 2, 3, 4].map((page) => slideCaption(page).length),
    );
  } finally {
    await service.pool.close();
  }
});

Deno.test("a content stream is priced by what it decodes to, not by its deflated size", async () => {
  const pdf = await denseDeflatedPdf(8 * MB);
  assert.ok(pdf.length < 256 * 1024);
  const scan = await scanPdfCost(pdf, STREAM_CAP);
  assert.ok(scan!.contentBytes >= 8 * MB, JSON.stringify(scan));
});

Deno.test("the page tree's count is found in compressed object streams, as pdf.js counts it", async () => {
  const pdf = await fixture("multipage.pdf");
  assert.ok(
    new TextDecoder("latin1").decode(pdf).includes("/ObjStm"),
    "the fixture keeps its objects compressed",
  );
  const scan = await scanPdfCost(pdf, STREAM_CAP);
  assert.equal(scan?.pages, 14);
  const two = await pricePdf(pdf, { pages: "2-3", maxStreamBytes: STREAM_CAP });
  const all = await pricePdf(pdf, { maxStreamBytes: STREAM_CAP });
  assert.equal(two.pages, 2);
  assert.equal(all.bytes - two.bytes, 12 * PDF_BYTES_PER_PAGE);
});

/** The PDF limits at the default budget on Deno Deploy, where no audio is sold and PDF work has the room. */
function limitsOnDeploy(budgetMb: number): PdfLimits {
  return loadConfig({
    SERVICE_MODE: "devnet",
    DENO_DEPLOY: "true",
    MEMORY_BUDGET_MB: String(budgetMb),
    PAY_TO_SOLANA: "11111111111111111111111111111111",
    PAY_TO_EVM: "0x0000000000000000000000000000000000000001",
    PUBLIC_URL: "https://api.example.com",
  }).pdf.limits;
}

Deno.test("the default budget admits a 100 MB image-heavy PDF and a 2,500-page text-dense one, borrowing the audio room on a host with ffmpeg", async () => {
  const jpeg = await noiseJpeg(1600, 1200);
  const images = imageHeavyPdf(Math.floor(100 * MB / (jpeg.length + 400)), jpeg, {
    width: 1600,
    height: 1200,
  });
  assert.ok(images.length > 99 * MB && images.length <= 100 * MB, `${images.length}`);
  const text = densePdf(2500, 20 * MB);
  // On Deno Deploy (no audio) the default budget admits both.
  const deploy = limitsOnDeploy(768);
  assert.equal(deploy.maxBytes, 100 * MB);
  assert.ok((await admitPdf(images, undefined, deploy)).bytes <= deploy.maxCostBytes);
  const textPrice = await admitPdf(text, undefined, deploy);
  assert.equal(textPrice.pages, 2500);
  assert.ok(textPrice.scan!.contentBytes > 19 * MB);
  // On a host with ffmpeg, a 112 MB audio job (a 10-minute WAV) keeps its room first: both PDFs are admitted
  // past the PDF share as borrowing conversions (run while no audio job does).
  const host = limitsAt(768);
  assert.equal(host.maxBytes, 100 * MB);
  const slides = await admitPdf(images, undefined, host);
  assert.ok(slides.bytes <= host.borrowCostBytes!, `${slides.bytes} within ${host.borrowCostBytes}`);
  const borrowing = await admitPdf(text, undefined, host);
  assert.equal(borrowing.pages, 2500);
  assert.ok(borrowsRoom(borrowing.bytes, host), `${borrowing.bytes} within ${host.maxCostBytes}`);
  assert.ok(borrowing.bytes <= host.borrowCostBytes!);
  // More text is past even the borrowed room: refused before payment with the budget that admits it.
  const larger = densePdf(3500, 30 * MB);
  const refusal = await admitPdf(larger, undefined, host).then(() => undefined, (error) => error);
  assert.ok(refusal instanceof UnprocessableError, String(refusal));
  assert.match(refusal.message, new RegExp(`over the ${(host.borrowCostBytes! / MB).toFixed(1)} MB`));
  const budget = Number(refusal.message.match(/MEMORY_BUDGET_MB=(\d+) would admit it/)![1]);
  const wider = limitsAt(budget);
  const admitted = await admitPdf(larger, undefined, wider);
  assert.ok(admitted.bytes <= mostCostBytes(wider));
});

Deno.test("a costly PDF is refused with 422 naming the budget that admits it, which does", async () => {
  const pdf = await denseDeflatedPdf(60 * MB);
  const limits = limitsAt(768);
  const refusal = await admitPdf(pdf, undefined, limits).then(() => undefined, (error) => error);
  assert.ok(refusal instanceof UnprocessableError, String(refusal));
  assert.match(refusal.message, /needs about \d+\.\d MB of memory \(1 page,/);
  assert.match(refusal.message, /at MEMORY_BUDGET_MB=768; MEMORY_BUDGET_MB=(\d+) would admit it/);
  const budget = Number(refusal.message.match(/MEMORY_BUDGET_MB=(\d+) would/)![1]);
  assert.equal(budget % 64, 0);
  await admitPdf(pdf, undefined, limitsAt(budget));
  // Past the most any conversion is given, no budget helps.
  assert.equal(budgetAdmitting(DEFAULT_PDF_LIMITS.maxCostBytes + 1, limits), undefined);
});

Deno.test("a PDF over the size cap is refused with 413 naming the budget that would take its size", async () => {
  const limits = limitsAt(640);
  const pdf = imageHeavyPdf(1, new Uint8Array(limits.maxBytes + 1024));
  const refusal = await admitPdf(pdf, undefined, limits).then(() => undefined, (error) => error);
  assert.ok(refusal instanceof PayloadTooLargeError, String(refusal));
  assert.match(
    refusal.message,
    /over the \d+\.\d MB limit at MEMORY_BUDGET_MB=640; MEMORY_BUDGET_MB=\d+ would admit it/,
  );
  const budget = Number(refusal.message.match(/MEMORY_BUDGET_MB=(\d+) would/)![1]);
  assert.ok(limitsAt(budget).maxBytes >= pdf.length);
});
