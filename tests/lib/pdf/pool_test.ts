/**
 * The worker pool: results identical to a conversion on one thread however
 * the pages are split, hostile documents refused with a 422 while this thread
 * stays responsive, and the time budget and cancellation ending the workers.
 */
import assert from "node:assert/strict";
import { UnprocessableError, UpstreamTimeoutError } from "../../../lib/shared/errors.ts";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { createPdfService, type PdfService } from "../../../lib/pdf/service.ts";
import { conversionMb, LARGE_DOCUMENT_PAGES } from "../../../lib/pdf/memory.ts";
import { chunkSize } from "../../../lib/pdf/pool.ts";
import { densePdf } from "../../_support/mixed_load.ts";
import { pdfUrl } from "../../_support/pdf_corpus.ts";
import { realPdfUrl } from "../../_support/pdf_real_corpus.ts";
import { until } from "../../_support/until.ts";
import {
  flateBombPdf,
  linkFloodPdf,
  loopingPageTreePdf,
  nestedSavePdf,
  operatorFloodPdf,
  toUnicodeBombPdf,
} from "../../_support/hostile_pdf.ts";

const fixture = (name: string) => Deno.readFile(new URL(`./fixtures/${name}`, import.meta.url));

/** Measures the longest pause of this thread's event loop until `stop()`. */
function watchEventLoop(): { stop(): number } {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(longest, performance.now() - last);
    },
  };
}

/** Runs `body` with a fresh service, closing its pool after. */
async function withService(
  options: Parameters<typeof createPdfService>[0],
  body: (s: PdfService) => Promise<void>,
) {
  const service = createPdfService(options);
  try {
    await body(service);
  } finally {
    await service.pool.close();
  }
}

/**
 * A time budget the tests comparing results give: they judge what a split
 * conversion reads, not how fast, and a loaded machine may take longer than
 * the service's default.
 */
const ROOMY = { timeBudgetMs: 120_000 };

/** The chunk sizes `chunkSize()` hands out for `pages` pages on `workers` workers. */
function chunks(pages: number, workers: number): number[] {
  const sizes: number[] = [];
  for (let left = pages; left > 0; left -= sizes.at(-1)!) sizes.push(chunkSize(left, workers));
  return sizes;
}

Deno.test("chunkSize() hands out every page once, in chunks that shrink to a few pages as the pages run out", () => {
  assert.deepEqual(chunks(2415, 1), [2415], "one worker takes every page at once");
  const two = chunks(2415, 2);
  assert.equal(two.reduce((a, b) => a + b), 2415);
  assert.equal(Math.max(...two), 128);
  assert.ok(two.every((size, i) => i === 0 || size <= two[i - 1]!), `never growing: ${two}`);
  assert.ok(two.at(-1)! <= 8 && two.at(-2)! <= 8, `ending in small chunks: ${two}`);
  assert.ok(two.length < 40, `${two.length} chunks`);
  assert.deepEqual(chunks(14, 2), [8, 6]);
  assert.deepEqual(chunks(5, 3), [5]);
});

Deno.test("the pool gives the same result split across workers as one thread gives", async () => {
  const documents = [
    await fixture("multipage.pdf"),
    await Deno.readFile(pdfUrl("12_quarterly_report", "chromium")),
    await Deno.readFile(pdfUrl("20_changelog", "chromium")),
  ];
  await withService({ pool: { workers: 2, splitMinPages: 2 }, limits: ROOMY }, async (service) => {
    service.pool.warm();
    for (const bytes of documents) {
      for (const includePageBreaks of [false, true]) {
        const alone = await convertPdf(bytes, { includePageBreaks });
        const split = await service.pool.convert(bytes, { limits: service.limits, includePageBreaks });
        assert.deepEqual(split, alone);
      }
    }
    const multipage = await service.pool.convert(await fixture("multipage.pdf"), {
      limits: service.limits,
      pages: "2-9",
    });
    assert.deepEqual(multipage, await convertPdf(await fixture("multipage.pdf"), { pages: "2-9" }));
    assert.equal(service.pool.stats.split, 7, "every conversion was split");
    assert.equal(service.pool.stats.started, 2, "no worker was started but the two");
  });
});

Deno.test("the pool reads a tagged document whose tree ids count on over the pages as one thread does", async () => {
  // pdfTeX's fd README: pages 2-15 go out as 2-9 and 10-15, 3-15 as 3-10 and 11-15; read alone, page 10's and
  // page 11's tree ids tie between two shifts, and the pages before them tell which (`tree_id_shift.ts`).
  const bytes = await Deno.readFile(realPdfUrl("pdflatex-tagged-fd"));
  await withService({ pool: { workers: 2, splitMinPages: 2 }, limits: ROOMY }, async (service) => {
    service.pool.warm();
    for (const pages of ["2-15", "3-15"]) {
      const split = await service.pool.convert(bytes, { limits: service.limits, pages });
      assert.deepEqual(split, await convertPdf(bytes, { pages }), pages);
    }
    assert.equal(service.pool.stats.split, 2, "every conversion was split");
  });
});

Deno.test("the pool keeps a small document on one worker", async () => {
  await withService({ pool: { workers: 2, splitMinPages: 64 } }, async (service) => {
    const bytes = await fixture("multipage.pdf");
    const result = await service.pool.convert(bytes, { limits: service.limits });
    assert.equal(result.pageCharacters.length, 14);
    // A finished conversion holds no memory of the pool's budget.
    assert.deepEqual(service.pool.stats, { live: 1, started: 1, split: 0, reservedMb: 0 });
  });
});

Deno.test("the pool splits a large document only when its memory budget admits a second worker", async () => {
  const bytes = await fixture("multipage.pdf");
  const alone = await convertPdf(bytes);
  // Each worker parses the whole file, so the estimate counts its bytes once per worker.
  const two = conversionMb(14, 2, bytes.byteLength);
  for (const [memoryMb, split] of [[two - 1, 0], [two, 1]] as const) {
    await withService({ pool: { workers: 2, splitMinPages: 2, memoryMb } }, async (service) => {
      service.pool.warm();
      assert.deepEqual(await service.pool.convert(bytes, { limits: service.limits }), alone);
      assert.equal(service.pool.stats.split, split, `within ${memoryMb} MB`);
    });
  }
});

Deno.test("hostile PDFs end in a 422 naming the cap while this thread never pauses for a second", async () => {
  const cases: Array<[string, Uint8Array, RegExp]> = [
    ["q nested 20,000 deep (80 KB)", nestedSavePdf(20_000), /graphics states are nested more than 256 deep/],
    [
      "q nested 200,000 deep (800 KB)",
      nestedSavePdf(200_000),
      /graphics states are nested more than 256 deep/,
    ],
    ["a stream inflating to 2 GiB", await flateBombPdf(), /a stream decodes to more than 64 MB/],
    ["a 90 MB ToUnicode map", await toUnicodeBombPdf(), /a stream decodes to more than 64 MB/],
    ["50,000 link annotations", linkFloodPdf(), /a page has 50000 annotations, more than 5000/],
    [
      "a page tree that loops",
      loopingPageTreePdf(),
      /Corrupt PDF: page 1 cannot be read: .*circular reference/,
    ],
  ];
  await withService({ pool: { workers: 1 } }, async (service) => {
    // Starting a worker holds this thread a moment (longer on a cold or loaded machine): not what is measured.
    await service.pool.warm();
    for (const [name, bytes, message] of cases) {
      const loop = watchEventLoop();
      const started = performance.now();
      await assert.rejects(service.pool.convert(bytes, { limits: service.limits }), (e: Error) => {
        assert.ok(e instanceof UnprocessableError, `${name}: ${e.name}: ${e.message}`);
        assert.match(e.message, message, name);
        return true;
      });
      const paused = loop.stop();
      assert.ok(paused < 1000, `${name}: the event loop paused ${Math.round(paused)} ms`);
      assert.ok(performance.now() - started < service.limits.timeBudgetMs, `${name}: within the budget`);
    }
  });
});

/**
 * Slack a loaded machine may add past a budget or a caller's leaving before
 * the pool notices: small beside the minute and more this document takes to
 * convert when nothing ends it, and above what a stalled shared runner adds.
 */
const SLACK_MS = 5000;

Deno.test("the pool ends a conversion at its time budget with a 422, and keeps serving", async () => {
  // Left alone, converting this takes over a minute on the machine this was written on.
  const bytes = await operatorFloodPdf(200);
  await withService({ pool: { workers: 2 }, limits: { timeBudgetMs: 3000 } }, async (service) => {
    await service.pool.warm();
    const loop = watchEventLoop();
    const started = performance.now();
    await assert.rejects(
      service.pool.convert(bytes, { limits: service.limits }),
      (e: Error) => e instanceof UnprocessableError && /ran out of its 3 s budget/.test(e.message),
    );
    const took = performance.now() - started;
    const paused = loop.stop();
    assert.ok(took < 3000 + SLACK_MS, `ended ${Math.round(took)} ms after it started`);
    // Converting on this thread would pause it for the whole 3 s budget.
    assert.ok(paused < 1500, `the event loop paused ${Math.round(paused)} ms`);
    const after = await service.pool.convert(await fixture("multipage.pdf"), {
      limits: { ...service.limits, timeBudgetMs: 60_000 },
    });
    assert.equal(after.pages, 14);
  });
});

Deno.test("the pool ends a conversion whose caller left with a 504", async () => {
  const bytes = await operatorFloodPdf(200);
  await withService({ pool: { workers: 1 } }, async (service) => {
    const started = performance.now();
    await assert.rejects(
      service.pool.convert(bytes, { limits: service.limits, signal: AbortSignal.timeout(1500) }),
      UpstreamTimeoutError,
    );
    const took = performance.now() - started;
    assert.ok(took < 1500 + SLACK_MS, `ended ${Math.round(took)} ms after it started`);
  });
});

Deno.test("warm() resolves once every worker has started, and a conversion taking them sooner still splits", async () => {
  const bytes = await fixture("multipage.pdf");
  const alone = await convertPdf(bytes);
  await withService({ pool: { workers: 2, splitMinPages: 2 } }, async (service) => {
    const ready = service.pool.warm();
    // Asked while both workers are still loading pdf.js: the work waits for that, on both.
    assert.deepEqual(await service.pool.convert(bytes, { limits: service.limits }), alone);
    await ready;
    assert.deepEqual(service.pool.stats, { live: 2, started: 2, split: 1, reservedMb: 0 });
    await service.pool.warm();
    assert.equal(service.pool.stats.started, 2, "warming a warm pool starts nothing");
    assert.deepEqual(await service.pool.convert(bytes, { limits: service.limits }), alone);
    assert.deepEqual(service.pool.stats, { live: 2, started: 2, split: 2, reservedMb: 0 });
  });
});

Deno.test("a helper done with a large document stops, and a new one starts once the pool is quiet", async () => {
  const bytes = densePdf(LARGE_DOCUMENT_PAGES, LARGE_DOCUMENT_PAGES * 1200);
  const limits = { maxPages: LARGE_DOCUMENT_PAGES };
  await withService({ limits, pool: { workers: 2, splitMinPages: 2 } }, async (service) => {
    // The reference is converted first: converting it after the pool's run would give the quiet second time
    // to pass, and a new helper to start, before the checks below.
    const expected = await convertPdf(bytes, { limits });
    await service.pool.warm();
    const result = await service.pool.convert(bytes, { limits: service.limits });
    assert.deepEqual(result, expected);
    assert.equal(service.pool.stats.split, 1);
    // The helper ended while the first worker finished: only that one is left, until the pool is quiet.
    // Waits are generous: on a loaded machine the helper's exit and the quiet second take their time.
    await until(() => service.pool.stats.live === 1, "the helper to stop", { timeoutMs: 60_000 });
    assert.equal(service.pool.stats.started, 2);
    await until(() => service.pool.stats.started === 3 && service.pool.stats.live === 2, "a new helper", {
      timeoutMs: 60_000,
    });
    // The new helper splits the next document.
    const again = await service.pool.convert(bytes, { limits: service.limits, pages: "1-100" });
    assert.equal(again.pageCharacters.length, 100);
    assert.equal(service.pool.stats.split, 2);
  });
});

Deno.test("a conversion whose caller left before it began takes no worker: the pool's one worker serves the next", async () => {
  const bytes = await fixture("multipage.pdf");
  await withService({ pool: { workers: 1 } }, async (service) => {
    await service.pool.warm();
    // The caller already gone (as when a buyer hangs up while its payment is verified).
    await assert.rejects(
      service.pool.convert(bytes, { limits: service.limits, signal: AbortSignal.abort() }),
      UpstreamTimeoutError,
    );
    // Gone while a long conversion holds the worker: it never joins the queue for it.
    const long = new AbortController();
    const holding = service.pool.convert(await operatorFloodPdf(200), {
      limits: service.limits,
      signal: long.signal,
    });
    await assert.rejects(
      service.pool.convert(bytes, { limits: service.limits, signal: AbortSignal.abort() }),
      UpstreamTimeoutError,
    );
    long.abort();
    await assert.rejects(holding, UpstreamTimeoutError);
    // Before the fix the worker stayed with the abandoned conversions and this one ran out of its budget.
    const next = await service.pool.convert(bytes, { limits: { ...service.limits, timeBudgetMs: 60_000 } });
    assert.equal(next.pages, 14);
  });
});
