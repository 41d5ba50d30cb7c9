/**
 * Hostile PDFs against the real service: each paid conversion ends in a clear,
 * uncharged error within its budget while `/healthz` keeps answering within a
 * second, and selections that cannot succeed are refused before payment.
 */
import assert from "node:assert/strict";
import { wrapFetchWithPayment } from "@x402/fetch";
import { DEFAULT_PDF_LIMITS } from "../../../../lib/pdf/limits.ts";
import { fundedBuyer, startTestService } from "../../../_support/service.ts";
import {
  flateBombPdf,
  linkFloodPdf,
  loopingPageTreePdf,
  nestedSavePdf,
  operatorFloodPdf,
  toUnicodeBombPdf,
} from "../../../_support/hostile_pdf.ts";
import { timedWithoutRunQueue } from "../../../_support/run_queue.ts";
import { textPdf } from "../../../_support/synthetic_pdf.ts";

const PATH = "/v1/pdf/to-markdown";

/**
 * Polls `url` every 100 ms until `stop()`, which returns the slowest answer in
 * ms, less the time the JavaScript thread (which serves the request and
 * runs the client) waited meanwhile for a core: what is bounded is how long
 * our own code kept the event loop from answering, which a machine with its
 * cores taken by other work does not change.
 */
function pollHealth(url: string): { stop(): Promise<number> } {
  let running = true;
  let slowest = 0;
  const loop = (async () => {
    while (running) {
      const took = await timedWithoutRunQueue(async () => {
        const response = await fetch(url);
        await response.body?.cancel();
      });
      slowest = Math.max(slowest, took);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return slowest;
    },
  };
}

Deno.test("[e2e] hostile PDFs fail clearly and uncharged while /healthz answers within a second", async (t) => {
  // Some hostile files are larger than the PDF size the default memory budget accepts beside audio work.
  const service = await startTestService({ env: { MEMORY_BUDGET_MB: "1536" } });
  try {
    const local = service.runtime.local!;
    const { buyer, client } = await fundedBuyer(service);
    const pay = wrapFetchWithPayment(fetch, client);
    const upload = (body: Uint8Array) => ({
      method: "POST",
      headers: { "content-type": "application/pdf" },
      body: body.slice(),
    });

    await t.step("page 0 and a reversed range are refused with a 400 before any payment", async () => {
      const pdf = textPdf([["One"], ["Two"]]);
      for (const pages of ["0", "5-2"]) {
        const response = await fetch(`${service.base}${PATH}?pages=${pages}`, upload(pdf));
        assert.equal(response.status, 400, pages);
        assert.equal(response.headers.get("PAYMENT-REQUIRED"), null);
        const body = await response.json();
        assert.match(body.error, new RegExp(`"${pages}" is not a forward range from page 1 up`));
        assert.ok(body.requestId);
      }
    });

    // Starting a worker thread holds the event loop for a moment (0.2–0.7 s here, more on a loaded
    // machine), once per worker: the first conversion starts one, and the pool starts the others a second
    // after it while nothing runs, which would fall inside one of the cases below. All are started here.
    await t.step("a first paid conversion starts the pool and answers 200", async () => {
      const response = await pay(`${service.base}${PATH}`, upload(textPdf([["Warm"]])));
      assert.equal(response.status, 200);
      assert.match((await response.json()).markdown, /Warm/);
      await service.runtime.services.pdf.pool.warm();
    });

    const cases: Array<[string, () => Promise<Uint8Array> | Uint8Array, number, RegExp]> = [
      ["q nested 20,000 deep (80 KB)", () => nestedSavePdf(20_000), 422, /nested more than 256 deep/],
      ["q nested 40,000 deep (160 KB)", () => nestedSavePdf(40_000), 422, /nested more than 256 deep/],
      ["q nested 200,000 deep (800 KB)", () => nestedSavePdf(200_000), 422, /nested more than 256 deep/],
      ["a stream inflating to 2 GiB", () => flateBombPdf(), 422, /a stream decodes to more than 64 MB/],
      ["a 90 MB ToUnicode map", () => toUnicodeBombPdf(), 422, /a stream decodes to more than 64 MB/],
      ["50,000 link annotations", () => linkFloodPdf(), 422, /50000 annotations, more than 5000/],
      ["a page tree that loops", loopingPageTreePdf, 422, /^Corrupt PDF: page 1 cannot be read: .*circular/],
      ["minutes of cheap operators", () => operatorFloodPdf(400), 422, /ran out of its 20 s budget/],
    ];
    for (const [name, make, status, message] of cases) {
      await t.step(`${name}: ${status}, uncharged, /healthz always within 1 s`, async () => {
        const pdf = await make();
        const before = local.solana.usdcBalance(buyer.solana.address);
        const health = pollHealth(`${service.base}/healthz`);
        const started = performance.now();
        const response = await pay(`${service.base}${PATH}`, upload(pdf));
        const took = performance.now() - started;
        const slowest = await health.stop();
        const body = await response.json();
        assert.equal(response.status, status, JSON.stringify(body));
        assert.match(body.error, message);
        assert.ok(body.requestId);
        assert.equal(response.headers.get("PAYMENT-RESPONSE"), null);
        assert.equal(local.solana.usdcBalance(buyer.solana.address), before, "not charged");
        assert.ok(slowest < 1000, `/healthz took ${Math.round(slowest)} ms`);
        // The budget counts the conversion alone; the slack covers the payment round trips before it.
        assert.ok(took < DEFAULT_PDF_LIMITS.timeBudgetMs + 6000, `answered after ${Math.round(took)} ms`);
      });
    }
  } finally {
    await service.close();
  }
});
