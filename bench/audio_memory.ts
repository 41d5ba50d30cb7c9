/**
 * Audio memory bench: what one loudness normalisation costs the service per
 * byte of input, for each format people send. For WAV, FLAC, MP3, Opus and
 * AAC (made here by ffmpeg from a speech-like programme, never committed) at
 * two sizes, `main.ts` starts afresh in local mode, gets one paid
 * normalisation of the raw bytes with a raw answer, and the rise of its peak
 * RSS over idle is printed beside its ffmpeg children's peak. The growth per
 * input byte is the slope between the two sizes (the fixed part, the same at
 * both, drops out): the figure `AUDIO_BYTES_PER_INPUT_BYTE` in
 * `lib/server/config/memory_plan.ts` is set from, and `AUDIO_JOB_MB` from the
 * rest.
 *
 *     deno run -A bench/audio_memory.ts [small MB] [large MB] [--json] [--only=mp3,opus]   (default: 4 12)
 *
 * `--json` sends base64 in JSON and takes the JSON answer instead; `--only`
 * runs some of the formats (wav, flac, mp3, opus, m4a).
 *
 * @module
 */
import { wrapFetchWithPayment } from "@x402/fetch";
import { fundFromFaucet, payingClient, throwawayBuyer } from "../lib/buyer/paying_client.ts";
import { mb, sampleMemory } from "../tests/_support/mixed_load.ts";
import { processMemoryBytes, spawnService } from "../tests/_support/service_process.ts";
import { makeProgramme, type ProgrammeFormat } from "../tests/_support/programme.ts";

const MB = 1024 * 1024;

/** The formats of the bench: media type, and bytes per second of the programme so encoded (FLAC: as measured on it). */
const FORMATS: { name: string; format: ProgrammeFormat; type: string; bytesPerSecond: number }[] = [
  { name: "WAV", format: "wav", type: "audio/wav", bytesPerSecond: 48_000 * 4 },
  { name: "FLAC", format: "flac", type: "audio/flac", bytesPerSecond: 64_000 },
  { name: "MP3", format: "mp3", type: "audio/mpeg", bytesPerSecond: 16_000 },
  { name: "Opus", format: "opus", type: "audio/ogg", bytesPerSecond: 12_000 },
  { name: "AAC", format: "m4a", type: "audio/mp4", bytesPerSecond: 16_000 },
];

/** One paid normalisation of `audio` on a fresh service: the rise of its peak RSS, and ffmpeg's peak. */
async function measure(audio: Uint8Array<ArrayBuffer>, type: string, json: boolean) {
  const service = await spawnService({
    SERVICE_MODE: "local",
    ALT_ROUTES: "off",
    MEMORY_BUDGET_MB: "4096",
    AUDIO_MAX_BYTES: String(400 * MB),
    AUDIO_MAX_SECONDS: "14400",
    AUDIO_TIMEOUT_MS: "600000",
    REQUEST_TIMEOUT_MS: "600000",
  });
  try {
    const buyer = await throwawayBuyer();
    await fundFromFaucet(service.base, buyer, "1");
    const pay = wrapFetchWithPayment(
      fetch,
      payingClient(buyer, { solanaRpcUrl: `${service.base}/local/solana` }),
    );
    const idle = Math.max(
      await processMemoryBytes(service.pid, "VmRSS"),
      await processMemoryBytes(service.pid, "VmHWM"),
    );
    const sampler = sampleMemory(service.pid);
    const started = performance.now();
    const response = await pay(`${service.base}/v1/audio/normalize`, {
      method: "POST",
      headers: json ? { "Content-Type": "application/json" } : { "Content-Type": type, Accept: "audio/*" },
      body: json ? JSON.stringify({ audio: audio.toBase64() }) : audio,
    });
    const answer = new Uint8Array(await response.arrayBuffer());
    const seconds = (performance.now() - started) / 1000;
    const peaks = await sampler.stop();
    if (response.status !== 200) {
      throw new Error(`status ${response.status}: ${new TextDecoder().decode(answer)}`);
    }
    return { rise: peaks.service - idle, ffmpeg: peaks.children, answer: answer.length, seconds };
  } finally {
    await service.stop();
  }
}

if (import.meta.main) {
  const json = Deno.args.includes("--json");
  const [small = 4, large = 12] = Deno.args.filter((arg) => !arg.startsWith("--")).map(Number);
  console.log(
    `| input | size MB (small → large) | peak RSS rise MB | ffmpeg peak MB | seconds | growth per input byte (slope) | rise ÷ input (large) |`,
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  const only = Deno.args.find((arg) => arg.startsWith("--only="))?.slice(7).split(",");
  for (const format of FORMATS.filter((f) => !only || only.includes(f.format))) {
    const rows = [];
    for (const size of [small, large]) {
      const audio = await makeProgramme(Math.round(size * MB / format.bytesPerSecond), format.format);
      rows.push({ size: audio.length, ...await measure(audio, format.type, json) });
    }
    const [a, b] = rows as [typeof rows[0], typeof rows[0]];
    const slope = (b.rise - a.rise) / (b.size - a.size);
    console.log(
      `| ${format.name} | ${(a.size / MB).toFixed(1)} → ${(b.size / MB).toFixed(1)} | ${mb(a.rise)} → ${
        mb(b.rise)
      } | ${mb(a.ffmpeg)} → ${mb(b.ffmpeg)} | ${a.seconds.toFixed(0)} → ${b.seconds.toFixed(0)} | ${
        slope.toFixed(2)
      } | ${(b.rise / b.size).toFixed(2)} |`,
    );
  }
}
