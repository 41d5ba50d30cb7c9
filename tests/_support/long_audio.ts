/**
 * A long programme normalised end to end by a running service at its default
 * memory budget: paid with the unmodified `@x402/fetch` client, sent as raw
 * bytes, answered as raw bytes, and the answer measured independently with
 * ffmpeg's `ebur128`. The e2e test runs it at sizes that fit CI's time and
 * `bench/long_audio.ts` at full size (a 90-minute MP3, a 10-minute WAV); the
 * path per byte is the same.
 *
 * @module
 */
import { wrapFetchWithPayment } from "@x402/fetch";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { fundFromFaucet, payingClient, throwawayBuyer } from "../../lib/buyer/paying_client.ts";
import { type Independent, measureIndependently } from "./audio_material.ts";
import { sampleMemory } from "./mixed_load.ts";
import { spawnService } from "./service_process.ts";
import { makeProgramme, type ProgrammeFormat } from "./programme.ts";

/** The environment of a service at the default memory budget, with time for long programmes. */
export const LONG_AUDIO_ENV: Readonly<Record<string, string>> = {
  SERVICE_MODE: "local",
  ALT_ROUTES: "off",
  // MEMORY_BUDGET_MB unset: the default 768 MB, and the caps it gives.
  AUDIO_MAX_SECONDS: String(3 * 3600),
  AUDIO_TIMEOUT_MS: "900000",
  REQUEST_TIMEOUT_MS: "900000",
};

/** One programme normalised end to end, and what was found. */
export interface LongAudioRun {
  inputBytes: number;
  /** The memory plan's largest audio upload at this budget. */
  audioMaxBytes: number;
  status: number;
  settled: boolean;
  /** The answer, measured independently. */
  measured?: Independent;
  /** What the answer's headers report. */
  reported: { integrated: number; truePeak: number; target: string };
  seconds: { make: number; normalise: number };
  /** Peak RSS of the service plus its ffmpeg children, bytes. */
  peakTogether: number;
  budgetBytes: number;
}

/** Makes `seconds` of the programme as `format`, and has a fresh service normalise it, paid. */
export async function normaliseLongProgramme(
  seconds: number,
  format: ProgrammeFormat,
  type: string,
): Promise<LongAudioRun> {
  const madeAt = performance.now();
  const audio = await makeProgramme(seconds, format);
  const made = (performance.now() - madeAt) / 1000;
  const service = await spawnService({ ...LONG_AUDIO_ENV });
  try {
    const start = service.logs.find((event) => event.type === "start")!;
    const plan = start.memory as { audioMaxBytes: number; budgetMb: number };
    const buyer = await throwawayBuyer();
    await fundFromFaucet(service.base, buyer, "1");
    const pay = wrapFetchWithPayment(
      fetch,
      payingClient(buyer, { solanaRpcUrl: `${service.base}/local/solana` }),
    );
    const sampler = sampleMemory(service.pid);
    const sentAt = performance.now();
    const response = await pay(`${service.base}/v1/audio/normalize`, {
      method: "POST",
      headers: { "Content-Type": type, Accept: "audio/*" },
      body: audio,
    });
    const answer = new Uint8Array(await response.arrayBuffer());
    const normalise = (performance.now() - sentAt) / 1000;
    const peaks = await sampler.stop();
    const header = response.headers.get("PAYMENT-RESPONSE");
    return {
      inputBytes: audio.length,
      audioMaxBytes: plan.audioMaxBytes,
      status: response.status,
      settled: header !== null && decodePaymentResponseHeader(header).success,
      ...(response.status === 200 ? { measured: await measureIndependently(answer) } : {}),
      reported: {
        integrated: Number(response.headers.get("X-Loudness-Output-Integrated")),
        truePeak: Number(response.headers.get("X-Loudness-Output-True-Peak")),
        target: response.headers.get("X-Loudness-Target") ?? "",
      },
      seconds: { make: made, normalise },
      peakTogether: peaks.together,
      budgetBytes: plan.budgetMb * 1024 * 1024,
    };
  } finally {
    await service.stop();
  }
}
