/**
 * One memory budget sizes the body budget, the audio and PDF concurrency and
 * the largest uploads.
 */
import assert from "node:assert/strict";
import { ConfigError, loadConfig } from "../../../../lib/server/config/load.ts";
import {
  audioWorkBytes,
  BASELINE_MB,
  lendableBytes,
  planMemory,
} from "../../../../lib/server/config/memory_plan.ts";
import { conversionMb } from "../../../../lib/pdf/memory.ts";
import { leastPdfPrice } from "../../../../lib/pdf/admission.ts";
import { DEFAULT_PDF_LIMITS } from "../../../../lib/pdf/limits.ts";
import { DEFAULT_POOL_OPTIONS } from "../../../../lib/pdf/pool.ts";
import { DEFAULT_AUDIO_LIMITS } from "../../../../lib/audio/limits.ts";

const MB = 1024 * 1024;

Deno.test("loadConfig() refuses an unset SERVICE_MODE on a host, naming what to set", () => {
  for (const env of [{ DENO_DEPLOYMENT_ID: "dep-1" }, { HOST: "0.0.0.0" }]) {
    assert.throws(() => loadConfig(env), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /SERVICE_MODE is not set/);
      assert.match(error.message, /PAY_TO_SOLANA/);
      return true;
    });
  }
  assert.equal(loadConfig({ SERVICE_MODE: "local", HOST: "0.0.0.0" }).mode, "local");
});

Deno.test("planMemory() keeps bodies, PDF work and audio work within the budget", () => {
  const caps = { audioBytes: 384 * MB, pdfBytes: 20 * MB };
  // A kind whose largest upload is 0 never runs; an audio job's upload is in the bodies' share.
  const used = (plan: ReturnType<typeof planMemory>) =>
    BASELINE_MB * MB + plan.bodyBytes +
    (plan.pdfMaxBytes > 0 ? plan.pdfConcurrency * plan.pdfJobBytes : 0) +
    (plan.audioMaxBytes > 0 ? plan.audioConcurrency * audioWorkBytes(plan.audioMaxBytes) : 0);
  for (const budgetMb of [384, 512, 640, 768, 1024, 1536, 2048, 4096, 8192]) {
    for (const audio of [true, false]) {
      const plan = planMemory(budgetMb, caps, { audio });
      assert.ok(used(plan) <= budgetMb * MB, `${budgetMb} MB: ${JSON.stringify(plan)}`);
      const largest = Math.max(plan.audioMaxBytes, plan.pdfMaxBytes);
      // The largest PDF accepted can be converted: its cheapest conversion fits one job's share, or the room
      // a borrowing conversion takes while no audio job runs.
      assert.ok(
        plan.pdfMaxBytes === 0 ||
          leastPdfPrice(plan.pdfMaxBytes) <= Math.max(plan.pdfJobBytes, plan.pdfBorrowBytes),
      );
      assert.ok(
        plan.bodyBytes >= Math.ceil(largest * 4 / 3),
        "the largest body, base64 in an MCP call, fits",
      );
      assert.ok(
        plan.bodyBytes >= plan.audioConcurrency * Math.ceil(plan.audioMaxBytes * 4 / 3),
        "every running audio job's upload fits",
      );
    }
  }
  // Deno Deploy's 768 MB, no audio there: bodies an eighth, one PDF conversion with the rest.
  const deploy = planMemory(768, caps, { audio: false });
  assert.equal(deploy.bodyBytes, 96 * MB);
  assert.deepEqual([deploy.pdfConcurrency, deploy.audioMaxBytes, deploy.pdfMaxBytes], [1, 0, 20 * MB]);
  assert.equal(deploy.pdfJobBytes, Math.min((768 - BASELINE_MB - 96) * MB, DEFAULT_PDF_LIMITS.maxCostBytes));
  // 768 MB with ffmpeg: room for a 112 MB audio job (a 10-minute 48 kHz stereo WAV) first, PDF the rest.
  const host = planMemory(768, caps);
  assert.ok(host.audioMaxBytes >= 112 * MB, JSON.stringify(host));
  assert.equal(host.pdfMaxBytes, 20 * MB);
  assert.ok(host.pdfJobBytes > 128 * MB && host.pdfJobBytes < deploy.pdfJobBytes, JSON.stringify(host));
  assert.deepEqual([host.pdfConcurrency, host.audioConcurrency], [1, 1]);
  // More memory: the caps in full (audio past 200 MB at 1,536 MB), then more of each at once.
  const full = planMemory(1536, caps);
  assert.equal(full.pdfMaxBytes, 20 * MB);
  assert.ok(full.audioMaxBytes >= 200 * MB, JSON.stringify(full));
  const big = planMemory(4096, caps);
  assert.deepEqual([big.pdfMaxBytes, big.audioMaxBytes], [20 * MB, 384 * MB]);
  assert.ok(big.pdfConcurrency > 1 && big.audioConcurrency > 1, JSON.stringify(big));
  assert.ok(Math.abs(big.pdfConcurrency - big.audioConcurrency) <= 2, JSON.stringify(big));
  // Too little for a PDF conversion at all: none is accepted (and it is not sold), not a job past the budget.
  assert.equal(planMemory(256, caps).pdfMaxBytes, 0);
  // A conversion is never given more than the most one needs: more memory runs more at once.
  assert.equal(big.pdfJobBytes, 384 * MB);
  // Small caps (as the mixed-load test sets) leave both kinds sold on a smaller budget.
  const small = planMemory(640, { audioBytes: 12 * MB, pdfBytes: 1 * MB });
  assert.ok(small.audioMaxBytes > 0 && small.pdfMaxBytes > 0, JSON.stringify(small));
});

Deno.test("planMemory() lends a borrowing conversion every audio job's ffmpeg room, and admits uploads by the same room", () => {
  let borrowing = 0;
  for (const budgetMb of [384, 512, 576, 640, 768, 896, 1024, 1280, 1536, 2048, 3072, 4096, 8192]) {
    for (const pdfMb of [1, 8, 20, 100, 200, 400]) {
      for (const audioMb of [2, 12, 112, 384]) {
        const plan = planMemory(budgetMb, { audioBytes: audioMb * MB, pdfBytes: pdfMb * MB });
        const shown = `${budgetMb} MB, caps ${pdfMb}/${audioMb} MB: ${JSON.stringify(plan)}`;
        if (plan.pdfBorrowBytes === 0) continue;
        borrowing++;
        // A conversion borrows only while it is short of the most one is given, which leaves no room for a
        // second audio job: the one job's room it borrows is all the audio jobs'.
        assert.equal(plan.audioConcurrency, 1, shown);
        assert.ok(plan.pdfBorrowBytes - plan.pdfJobBytes <= lendableBytes(plan.audioConcurrency), shown);
        assert.ok(plan.pdfBorrowBytes <= DEFAULT_PDF_LIMITS.maxCostBytes, shown);
        // The largest upload is the largest whose cheapest conversion fits the borrowed room.
        assert.ok(leastPdfPrice(plan.pdfMaxBytes) <= plan.pdfBorrowBytes, shown);
        if (plan.pdfMaxBytes < pdfMb * MB) {
          assert.ok(
            leastPdfPrice(plan.pdfMaxBytes + MB) > plan.pdfBorrowBytes,
            `a larger upload fits: ${shown}`,
          );
        }
      }
    }
  }
  assert.ok(borrowing > 10, "some plans borrow");
  // Where no audio is sold, nothing is lent; the largest upload, even past what a conversion is ever given
  // (a 400 MB cap), is one whose cheapest conversion fits the share.
  for (const budgetMb of [384, 576, 768, 2048]) {
    const plan = planMemory(budgetMb, { audioBytes: 112 * MB, pdfBytes: 400 * MB }, { audio: false });
    assert.equal(plan.pdfBorrowBytes, 0);
    assert.ok(
      plan.pdfMaxBytes > 0 && leastPdfPrice(plan.pdfMaxBytes) <= plan.pdfJobBytes,
      JSON.stringify(plan),
    );
  }
});

Deno.test("loadConfig() derives the default concurrency from MEMORY_BUDGET_MB; explicit limits win", () => {
  const config = loadConfig({ MEMORY_BUDGET_MB: "4096" });
  assert.equal(config.memory.budgetMb, 4096);
  assert.equal(config.audio.concurrency, config.memory.audioConcurrency);
  assert.equal(config.pdf.concurrency, config.memory.pdfConcurrency);
  assert.ok(config.pdf.concurrency > 1);
  assert.equal(loadConfig({ MEMORY_BUDGET_MB: "4096", PDF_CONCURRENCY: "1" }).pdf.concurrency, 1);
  // A worker per core, for splitting, only when the PDF share of the budget admits a split.
  assert.equal(loadConfig({}).pdf.pool.workers, 1);
  const roomy = loadConfig({ MEMORY_BUDGET_MB: "1536", PDF_CONCURRENCY: "1" }).pdf.pool;
  assert.equal(roomy.workers, DEFAULT_POOL_OPTIONS.workers);
  assert.ok(roomy.memoryMb >= conversionMb(500, 2), `${roomy.memoryMb} MB admits a 500-page split`);
  assert.throws(() => loadConfig({ MEMORY_BUDGET_MB: "64" }), /MEMORY_BUDGET_MB "64"/);
  // The largest uploads follow the budget too; on Deno Deploy audio gets none and PDF its share.
  const small = loadConfig({ MEMORY_BUDGET_MB: "600" });
  assert.equal(small.audio.maxBytes, small.memory.audioMaxBytes);
  assert.equal(small.pdf.limits.maxBytes, small.memory.pdfMaxBytes);
  assert.ok(small.pdf.limits.maxBytes < loadConfig({}).pdf.limits.maxBytes);
  const deploy = loadConfig({ SERVICE_MODE: "local", DENO_DEPLOYMENT_ID: "dep-1" });
  assert.equal(deploy.audio.maxBytes, 0);
  assert.ok(deploy.pdf.limits.maxCostBytes > loadConfig({}).pdf.limits.maxCostBytes);
  assert.equal(deploy.pdf.limits.maxCostBytes, deploy.memory.pdfJobBytes);
  assert.equal(deploy.pdf.limits.memoryBudgetMb, 768);
});

Deno.test("the default caps at the default budget take a 10-minute WAV and a 100 MB or 2,500-page PDF; 1,536 MB takes 200 MB of audio", () => {
  // A 10-minute 48 kHz stereo 16-bit WAV: 115.2 million bytes of samples and its header.
  const tenMinuteWav = 600 * 48_000 * 4 + 44;
  const host = loadConfig({});
  assert.equal(host.memory.budgetMb, 768);
  assert.ok(host.audio.maxBytes >= 100 * MB && host.audio.maxBytes >= tenMinuteWav, `${host.audio.maxBytes}`);
  assert.ok(host.audio.maxSeconds >= 600, "ten minutes are within the duration cap");
  assert.ok(host.pdf.limits.maxBytes >= 100 * MB && host.pdf.limits.maxPages >= 2_500);
  // The cheapest 100 MB PDF (images) fits a conversion, borrowing the audio job's ffmpeg room if need be.
  assert.ok(leastPdfPrice(100 * MB) <= Math.max(host.memory.pdfJobBytes, host.memory.pdfBorrowBytes));
  // The hard cap and what 1,536 MB gives: at least 200 MB of audio.
  assert.ok(DEFAULT_AUDIO_LIMITS.maxBytes >= 200 * MB);
  const roomy = loadConfig({ MEMORY_BUDGET_MB: "1536" });
  assert.ok(roomy.audio.maxBytes >= 200 * MB, `${roomy.audio.maxBytes}`);
  assert.equal(roomy.audio.maxBytes, DEFAULT_AUDIO_LIMITS.maxBytes);
  // What the plan holds for that job, its base64 body included, is within the budget with a PDF conversion.
  assert.ok(
    BASELINE_MB * MB + roomy.memory.bodyBytes + audioWorkBytes(roomy.audio.maxBytes) +
        roomy.memory.pdfJobBytes <=
      1536 * MB,
  );
});
