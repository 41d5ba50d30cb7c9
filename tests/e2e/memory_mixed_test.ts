/**
 * A mixed load against `main.ts` in local mode, at the default 768 MB budget
 * and at 560 MB: PDF conversions and audio normalisations with the largest
 * inputs the budget accepts, more of each than may run or wait, and a stream of paid JSON
 * calls, all at once and paid with the unmodified `@x402/fetch` client. The
 * limits in force are the ones the budget gives; every admitted call is
 * answered correctly and settled once; every refused one gets 503 with
 * `Retry-After` and is not charged; and the process's peak RSS (all threads,
 * PDF workers included) plus its ffmpeg children stays within the budget.
 *
 * The caps are set lower than their defaults (1 MB PDFs; 4 MB of audio, an
 * MP3, which takes the path of every compressed upload: decoded and encoded by
 * ffmpeg, its result measured as it is made and made again as it is sent) so
 * the run stays short; the cost per input byte is the same at any size.
 * `bench/memory.ts` runs the default caps, `bench/long_audio.ts` a 90-minute MP3.
 */
import assert from "node:assert/strict";
import { type Address, createSolanaRpc } from "@solana/kit";
import { planMemory } from "../../lib/server/config/memory_plan.ts";
import { usdcAccountOf } from "../../lib/local/solana/usdc.ts";
import { fundFromFaucet, payingClient, throwawayBuyer } from "../../lib/buyer/paying_client.ts";
import {
  densePdf,
  mb,
  type Outcome,
  pageMarker,
  runMixedLoad,
  sampleMemory,
} from "../_support/mixed_load.ts";
import { makeProgramme } from "../_support/programme.ts";
import { spawnService } from "../_support/service_process.ts";

const MB = 1024 * 1024;
const CAPS = { pdfBytes: 1 * MB, audioBytes: 4 * MB };
const PDF_PAGES = 24;
/** Requests that may wait for a slot, for PDF and audio alike: few, so the excess may be refused. */
const QUEUE = 1;
/** Paid JSON calls sent while the uploads are in flight. */
const JSON_CALLS = 16;

/** MP3 at 128 kbps: 16,000 bytes a second. */
const MP3_BYTES_PER_SECOND = 16_000;

/** The largest inputs `plan` accepts (the MP3 a second short of its audio cap). */
async function inputsFor(plan: ReturnType<typeof planMemory>) {
  const seconds = Math.floor(plan.audioMaxBytes / MP3_BYTES_PER_SECOND) - 1;
  const audio = await makeProgramme(seconds, "mp3");
  return { pdf: densePdf(PDF_PAGES, plan.pdfMaxBytes - 8 * 1024), audio, seconds };
}

/** The buyer's USDC, in base units. */
async function usdcOf(base: string, owner: Address): Promise<bigint> {
  const rpc = createSolanaRpc(`${base}/local/solana`);
  const { value } = await rpc.getTokenAccountBalance(usdcAccountOf(owner)).send();
  return BigInt(value.amount);
}

/** Checks one admitted call's answer to `sent`. */
function assertAnswered(result: Outcome, sent: { audio: Uint8Array; seconds: number }) {
  const where = `${result.kind} ${result.path}`;
  assert.equal(result.settlement?.success, true, `${where}: settled`);
  assert.equal(result.body.error, undefined, where);
  if (result.kind === "pdf") {
    assert.equal(result.body.pages, PDF_PAGES, where);
    const markdown = String(result.body.markdown);
    for (const page of [1, PDF_PAGES / 2, PDF_PAGES]) assert.ok(markdown.includes(pageMarker(page)), where);
  } else if (result.kind === "audio") {
    const output = result.body.output as { integratedLufs: number };
    const target = result.body.target as { i: number };
    assert.ok(Math.abs(output.integratedLufs - target.i) <= 0.5, `${where}: ${output.integratedLufs} LUFS`);
    assert.ok(Math.abs(Number(result.body.durationSeconds) - sent.seconds) < 0.2, where);
    // Re-encoded as MP3 at 192 kbps: 24,000 bytes a second, as base64.
    const expected = sent.seconds * 24_000 * 4 / 3;
    assert.ok(Math.abs(String(result.body.audio).length - expected) < expected * 0.02, where);
  }
}

async function mixedLoadWithin(budgetMb: number) {
  const service = await spawnService({
    SERVICE_MODE: "local",
    ALT_ROUTES: "off",
    MEMORY_BUDGET_MB: String(budgetMb),
    PDF_MAX_BYTES: String(CAPS.pdfBytes),
    AUDIO_MAX_BYTES: String(CAPS.audioBytes),
    PDF_QUEUE: String(QUEUE),
    AUDIO_QUEUE: String(QUEUE),
    // Memory is under test, not speed: a machine shared with other jobs must not turn slow work into 504s.
    PDF_TIME_BUDGET_MS: "120000",
    REQUEST_TIMEOUT_MS: "120000",
    AUDIO_TIMEOUT_MS: "120000",
  });
  try {
    // The limits in force are the ones the budget gives.
    const plan = planMemory(budgetMb, CAPS);
    const start = service.logs.find((event) => event.type === "start")!;
    assert.deepEqual(start.memory, plan);
    assert.ok(plan.pdfMaxBytes > 0 && plan.audioMaxBytes > 0, JSON.stringify(plan));
    const sent = await inputsFor(plan);

    const buyer = await throwawayBuyer();
    await fundFromFaucet(service.base, buyer, "5");
    const before = await usdcOf(service.base, buyer.solana.address);
    const sampler = sampleMemory(service.pid);
    const outcomes = await runMixedLoad({
      base: service.base,
      client: payingClient(buyer, { solanaRpcUrl: `${service.base}/local/solana` }),
      pdf: sent.pdf,
      pdfCalls: plan.pdfConcurrency + QUEUE + 1,
      audio: sent.audio,
      audioType: "audio/mpeg",
      audioCalls: plan.audioConcurrency + QUEUE + 1,
      jsonCalls: JSON_CALLS,
    });
    const peaks = await sampler.stop();
    const statuses = outcomes.map((result) => `${result.kind} ${result.status}`).join(", ");

    const admitted = outcomes.filter((result) => result.status === 200);
    const refused = outcomes.filter((result) => result.status !== 200);
    for (const result of admitted) assertAnswered(result, sent);
    for (const result of refused) {
      assert.ok([429, 503].includes(result.status), statuses);
      assert.ok(Number(result.retryAfter) > 0, `${result.kind}: Retry-After`);
      assert.equal(result.settlement, undefined, `${result.kind}: nothing charged`);
      assert.match(String(result.body.error), /retry|try again/i);
    }
    // Whether the excess is refused depends on how fast the admitted work ends (a WAV with a plain gain
    // takes milliseconds), so only the answers are checked here; the caps' refusals have their own tests.
    for (const kind of ["pdf", "audio"] as const) {
      assert.ok(admitted.some((result) => result.kind === kind), `some ${kind} admitted: ${statuses}`);
    }
    assert.equal(
      outcomes.filter((result) => result.kind === "json" && result.status === 200).length,
      JSON_CALLS,
    );

    // Paid once each: one settlement per admitted call, and the buyer paid exactly those.
    const settled = service.logs.filter((event) => event.type === "settlement" && event.success === true);
    assert.equal(settled.length, admitted.length, statuses);
    const transactions = new Set(admitted.map((result) => result.settlement!.transaction));
    assert.equal(transactions.size, admitted.length);
    assert.deepEqual(new Set(settled.map((event) => event.transaction)), transactions);
    const charged = settled.reduce((sum, event) => sum + BigInt(String(event.amount)), 0n);
    assert.equal(before - await usdcOf(service.base, buyer.solana.address), charged);

    const together = peaks.service + peaks.children;
    console.log(
      `MEMORY_BUDGET_MB=${budgetMb}: peak RSS ${mb(peaks.service)} MB, ffmpeg ${mb(peaks.children)} MB, ` +
        `together ≤ ${mb(together)} MB (${
          (together / (budgetMb * MB)).toFixed(2)
        } of the budget); ${statuses}`,
    );
    assert.ok(together < budgetMb * MB, `${mb(together)} MB over the ${budgetMb} MB budget`);
  } finally {
    await service.stop();
  }
}

Deno.test("[e2e] a mixed load at the caps stays within the default MEMORY_BUDGET_MB", async () => {
  await mixedLoadWithin(768);
});

Deno.test("[e2e] a mixed load stays within a 560 MB budget, whose limits are lower", async () => {
  // 560 MB leaves a PDF conversion less memory: the price it may reach is lower.
  assert.ok(planMemory(560, CAPS).pdfJobBytes < planMemory(768, CAPS).pdfJobBytes);
  await mixedLoadWithin(560);
});
