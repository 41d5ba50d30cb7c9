/**
 * Memory bench: the mixed load of `tests/e2e/memory_mixed_test.ts` at the
 * default caps. For each budget, `main.ts` runs in local mode with
 * `MEMORY_BUDGET_MB` set and nothing else about memory; it gets PDF
 * conversions (a text-dense 2,500-page PDF of 20 MB, which the default budget
 * admits) and audio normalisations (a WAV at the largest
 * size it accepts), more of each than may run or wait, and a stream of paid
 * JSON calls, all at once. Prints the peak RSS of the process (every thread)
 * and of its ffmpeg children as a ratio to the budget: 1.00 or less fits.
 *
 *     deno run -A bench/memory.ts [--pdf | --mixed] [--host] [budget MB …]   (default: 768 1536)
 *
 * Each budget runs as on a host with ffmpeg, and 768 MB also as on Deno
 * Deploy (no audio: PDF gets the memory) unless `--host`.
 *
 * First, what one PDF conversion costs per byte of input, each in a fresh
 * process with one worker started cold under the default budget's heap
 * ceiling (`_pdf_input_cost.ts`): a 100 MB image-heavy PDF (one noise JPEG a
 * slide, made by ffmpeg) and a 2,500-page text-dense one (20 MB), beside the
 * price admission gives each (found on the scan's own thread, the seconds
 * that took beside) and the budget's share for one conversion.
 * With `--pdf` only that part runs (about a minute), with `--mixed` only the
 * mixed loads.
 *
 * @module
 */
import { planMemory } from "../lib/server/config/memory_plan.ts";
import { loadConfig } from "../lib/server/config/load.ts";
import { createPdfScanner } from "../lib/pdf/scan_thread.ts";
import { imageHeavyPdf, noiseJpeg } from "../tests/_support/image_pdf.ts";
import { measureInputCost } from "./_pdf_input_cost.ts";
import { DEFAULT_AUDIO_LIMITS } from "../lib/audio/limits.ts";
import { DEFAULT_PDF_LIMITS } from "../lib/pdf/limits.ts";
import { fundFromFaucet, payingClient, throwawayBuyer } from "../lib/buyer/paying_client.ts";
import {
  densePdf,
  mb,
  type Outcome,
  runMixedLoad,
  sampleMemory,
  speechWav,
  wavSecondsFor,
} from "../tests/_support/mixed_load.ts";
import { spawnService } from "../tests/_support/service_process.ts";

const MB = 1024 * 1024;
const CAPS = { pdfBytes: DEFAULT_PDF_LIMITS.maxBytes, audioBytes: DEFAULT_AUDIO_LIMITS.maxBytes };
/** The text-dense PDF of the mixed load: 2,500 pages, 20 MB (the default budget admits it). */
const PDF_PAGES = 2_500, PDF_BYTES = 20 * MB;
const JSON_CALLS = 40;

/** `outcomes` of one kind, as "admitted/refused". */
function tally(outcomes: Outcome[], kind: Outcome["kind"]): string {
  const mine = outcomes.filter((result) => result.kind === kind);
  const admitted = mine.filter((result) => result.status === 200).length;
  const other = mine.filter((result) => result.status !== 200 && result.status !== 503).map((r) => r.status);
  return `${admitted}/${mine.length - admitted}${other.length ? ` (${other.join(" ")})` : ""}`;
}

/**
 * One mixed load at `budgetMb`; returns the table row. `deploy` runs it as
 * on Deno Deploy (`DENO_DEPLOYMENT_ID` set: no audio, PDF gets its memory).
 */
async function measure(budgetMb: number, deploy = false): Promise<string> {
  const plan = planMemory(budgetMb, CAPS, { audio: !deploy });
  const pdf = plan.pdfMaxBytes > 0
    ? densePdf(PDF_PAGES, Math.min(PDF_BYTES, plan.pdfMaxBytes))
    : new Uint8Array();
  const audio = plan.audioMaxBytes > 0
    ? await speechWav(wavSecondsFor(plan.audioMaxBytes))
    : new Uint8Array();
  const service = await spawnService({
    SERVICE_MODE: "local",
    ALT_ROUTES: "off",
    MEMORY_BUDGET_MB: String(budgetMb),
    ...(deploy ? { DENO_DEPLOYMENT_ID: "bench" } : {}),
    PDF_QUEUE: "1",
    AUDIO_QUEUE: "1",
    // Memory is measured, not speed: slow work on a shared machine must finish rather than time out.
    PDF_TIME_BUDGET_MS: "300000",
    REQUEST_TIMEOUT_MS: "300000",
  });
  try {
    const buyer = await throwawayBuyer();
    await fundFromFaucet(service.base, buyer, "5");
    const sampler = sampleMemory(service.pid);
    const outcomes = await runMixedLoad({
      base: service.base,
      client: payingClient(buyer, { solanaRpcUrl: `${service.base}/local/solana` }),
      pdf,
      pdfCalls: plan.pdfMaxBytes > 0 ? plan.pdfConcurrency + 2 : 0,
      audio,
      audioCalls: plan.audioMaxBytes > 0 ? plan.audioConcurrency + 2 : 0,
      jsonCalls: JSON_CALLS,
    });
    const peaks = await sampler.stop();
    const together = peaks.service + peaks.children;
    return `| ${budgetMb}${deploy ? " (as on Deno Deploy)" : ""} | ${
      (pdf.length / MB).toFixed(1)
    } MB × ${plan.pdfConcurrency} | ` +
      `${(audio.length / MB).toFixed(1)} MB × ${plan.audioConcurrency} | ${tally(outcomes, "pdf")} | ` +
      `${tally(outcomes, "audio")} | ${tally(outcomes, "json")} | ${mb(peaks.service)} | ${
        mb(peaks.children)
      } | ` +
      `${(together / (budgetMb * MB)).toFixed(2)} |`;
  } finally {
    await service.stop();
  }
}

/** What one cold conversion of a kind of PDF cost, and the price admission gave it. */
export interface PdfKindCost {
  name: string;
  bytes: number;
  pages: number;
  /** Peak RSS growth of the converting process, bytes. */
  growthBytes: number;
  /** RSS growth once the conversion settled, bytes. */
  afterBytes: number;
  /** The admission price, bytes. */
  priceBytes: number;
  /** Seconds the price took to find. */
  pricedSeconds: number;
}

/**
 * One conversion of each kind of PDF (a 100 MB image-heavy one, a 2,500-page
 * text-dense one), a worker started cold and stopped at its end in a fresh
 * process, as a borrowing conversion runs, beside the price admission gives it.
 */
export async function measurePdfKinds(): Promise<PdfKindCost[]> {
  const limits = loadConfig({ SERVICE_MODE: "local" }).pdf;
  const jpeg = await noiseJpeg(1600, 1200);
  const files = {
    "image-heavy": imageHeavyPdf(Math.floor(100 * MB / (jpeg.length + 400)), jpeg, {
      width: 1600,
      height: 1200,
    }),
    "text-dense": densePdf(2_500, 20 * MB),
  };
  const scanner = createPdfScanner();
  const costs: PdfKindCost[] = [];
  for (const [name, file] of Object.entries(files)) {
    const bytes = file.length; // the scan hands the bytes to its thread and back: read the size first
    const path = await Deno.makeTempFile({ suffix: ".pdf" });
    try {
      await Deno.writeFile(path, file); // before the scan, which hands the bytes to its thread and back
      const started = performance.now();
      const { price } = await scanner.admit(file, undefined, { ...limits.limits, maxCostBytes: Infinity });
      const pricedSeconds = (performance.now() - started) / 1000;
      Deno.env.set("PDF_WORKER_HEAP_MB", String(limits.pool.heapMb));
      const cost = await measureInputCost(path, true);
      costs.push({
        name,
        bytes,
        pages: cost.pages,
        growthBytes: cost.growthBytes,
        afterBytes: cost.afterBytes,
        priceBytes: price.bytes,
        pricedSeconds,
      });
    } finally {
      await Deno.remove(path);
    }
  }
  return costs;
}

/** The per-byte table: one cold conversion of each kind of PDF in its own process. */
async function perInputByte(): Promise<void> {
  const limits = loadConfig({ SERVICE_MODE: "local" }).pdf;
  console.log(
    `One conversion, a worker started cold and stopped at its end, as a borrowing conversion runs (heap ` +
      `ceiling ${limits.pool.heapMb} MB), against the default budget's ${
        mb(limits.limits.maxCostBytes)
      } MB ` +
      `for one conversion (${mb(limits.limits.borrowCostBytes ?? 0)} MB borrowing the audio room):\n`,
  );
  console.log(
    "| PDF | input MB | pages | peak growth MB | growth ÷ input byte | price MB | growth ÷ price | priced in s " +
      "| RSS growth once stopped MB |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const cost of await measurePdfKinds()) {
    console.log(
      `| ${cost.name} | ${(cost.bytes / MB).toFixed(1)} | ${cost.pages} | ${mb(cost.growthBytes)} | ` +
        `${(cost.growthBytes / cost.bytes).toFixed(2)} | ${mb(cost.priceBytes)} | ` +
        `${(cost.growthBytes / cost.priceBytes).toFixed(2)} | ${cost.pricedSeconds.toFixed(2)} | ${
          mb(cost.afterBytes)
        } |`,
    );
  }
  console.log();
}

if (import.meta.main) {
  if (!Deno.args.includes("--mixed")) await perInputByte();
  if (Deno.args.includes("--pdf")) Deno.exit(0);
  const asked = Deno.args.filter((arg) => /^\d+$/.test(arg)).map(Number);
  const budgets = asked.length ? asked : [768, 1536];
  console.log(
    `Mixed load: a ${PDF_PAGES}-page text-dense PDF (${
      PDF_BYTES / MB
    } MB) and a speech WAV at the largest size each budget accepts ` +
      `(× the conversions that run at once), ${JSON_CALLS} paid JSON calls; ` +
      `${navigator.hardwareConcurrency} cores.\n`,
  );
  console.log(
    "| MEMORY_BUDGET_MB | PDF input × at once | audio input × at once | PDF admitted/refused | " +
      "audio admitted/refused | JSON admitted/refused | peak RSS MB | ffmpeg peak MB | (RSS + ffmpeg) ÷ budget |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  if (budgets.includes(768) && !Deno.args.includes("--host")) console.log(await measure(768, true));
  for (const budget of budgets) console.log(await measure(budget));
}
