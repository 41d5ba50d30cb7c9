/**
 * Memory bench: the mixed load of `tests/e2e/memory_mixed_test.ts` at the
 * default caps. For each budget, `main.ts` runs in local mode with
 * `MEMORY_BUDGET_MB` set and nothing else about memory; it gets PDF
 * conversions (a text-dense 500-page PDF at the largest size the budget
 * accepts, 20 MB at 768 MB) and audio normalisations (a WAV at the largest
 * size it accepts), more of each than may run or wait, and a stream of paid
 * JSON calls, all at once. Prints the peak RSS of the process (every thread)
 * and of its ffmpeg children as a ratio to the budget: 1.00 or less fits.
 *
 *     deno run -A bench/memory.ts [budget MB …]   (default: 768 1536)
 *
 * Each budget runs as on a host with ffmpeg, and 768 MB also as on Deno
 * Deploy (no audio: PDF gets the memory).
 *
 * @module
 */
import { planMemory } from "../lib/server/config/memory_plan.ts";
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
const PDF_PAGES = DEFAULT_PDF_LIMITS.maxPages;
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
  const pdf = plan.pdfMaxBytes > 0 ? densePdf(PDF_PAGES, plan.pdfMaxBytes - 64 * 1024) : new Uint8Array();
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

if (import.meta.main) {
  const budgets = Deno.args.length ? Deno.args.map(Number) : [768, 1536];
  console.log(
    `Mixed load: a ${PDF_PAGES}-page text-dense PDF and a speech WAV at the largest sizes each budget accepts ` +
      `(× the conversions that run at once), ${JSON_CALLS} paid JSON calls; ` +
      `${navigator.hardwareConcurrency} cores.\n`,
  );
  console.log(
    "| MEMORY_BUDGET_MB | PDF input × at once | audio input × at once | PDF admitted/refused | " +
      "audio admitted/refused | JSON admitted/refused | peak RSS MB | ffmpeg peak MB | (RSS + ffmpeg) ÷ budget |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  if (budgets.includes(768)) console.log(await measure(768, true));
  for (const budget of budgets) console.log(await measure(budget));
}
