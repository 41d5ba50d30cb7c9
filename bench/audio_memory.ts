/**
 * Audio memory bench: what one loudness normalisation costs the service.
 * For each WAV size and answer shape (base64 in JSON, or raw bytes with
 * `Accept: audio/*`), `main.ts` starts afresh in local mode with room for a
 * 50 MB upload, gets one paid normalisation of a 48 kHz stereo speech WAV,
 * and its peak RSS over idle is printed, with that rise per input byte: the
 * figure `AUDIO_BYTES_PER_INPUT_BYTE` in `lib/server/config/memory_plan.ts` is set from.
 *
 *     deno run -A bench/audio_memory.ts [MB …]   (default: 8 50)
 *
 * @module
 */
import { wrapFetchWithPayment } from "@x402/fetch";
import { fundFromFaucet, payingClient, throwawayBuyer } from "../lib/buyer/paying_client.ts";
import { mb, sampleMemory, speechWav, wavSecondsFor } from "../tests/_support/mixed_load.ts";
import { processMemoryBytes, spawnService } from "../tests/_support/service_process.ts";

const MB = 1024 * 1024;

/** `wav` as FLAC, made by ffmpeg. */
async function flacOf(wav: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const child = new Deno.Command("ffmpeg", {
    args: ["-hide_banner", "-nostdin", "-i", "pipe:0", "-c:a", "flac", "-f", "flac", "pipe:1"],
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const [output] = await Promise.all([child.output(), writer.write(wav).then(() => writer.close())]);
  if (!output.success) throw new Error("ffmpeg could not make the FLAC");
  return new Uint8Array(output.stdout);
}

/** One normalisation of `audio` on a fresh service; returns the table row. */
async function measure(audio: Uint8Array<ArrayBuffer>, type: string, raw: boolean): Promise<string> {
  const service = await spawnService({
    SERVICE_MODE: "local",
    ALT_ROUTES: "off",
    MEMORY_BUDGET_MB: "4096",
    REQUEST_TIMEOUT_MS: "300000",
  });
  try {
    const buyer = await throwawayBuyer();
    await fundFromFaucet(service.base, buyer, "1");
    const pay = wrapFetchWithPayment(
      fetch,
      payingClient(buyer, { solanaRpcUrl: `${service.base}/local/solana` }),
    );
    const idle = await processMemoryBytes(service.pid, "VmRSS");
    const idlePeak = await processMemoryBytes(service.pid, "VmHWM");
    const sampler = sampleMemory(service.pid);
    const response = await pay(`${service.base}/v1/audio/normalize`, {
      method: "POST",
      headers: { "Content-Type": type, ...(raw ? { Accept: "audio/*" } : {}) },
      body: audio,
    });
    const answer = new Uint8Array(await response.arrayBuffer());
    const peaks = await sampler.stop();
    if (response.status !== 200) {
      throw new Error(`status ${response.status}: ${new TextDecoder().decode(answer)}`);
    }
    const rise = peaks.service - Math.max(idle, idlePeak);
    return `| ${(audio.length / MB).toFixed(1)} MB ${type.slice(6).toUpperCase()} | ${
      raw ? "raw" : "JSON"
    } | ${(answer.length / MB).toFixed(1)} MB | ` +
      `${mb(idle)} | ${mb(peaks.service)} | ${mb(rise)} | ${(rise / audio.length).toFixed(2)} | ${
        mb(peaks.children)
      } |`;
  } finally {
    await service.stop();
  }
}

if (import.meta.main) {
  const sizes = Deno.args.length ? Deno.args.map(Number) : [8, 50];
  console.log(
    "| input | answer | answer size | idle RSS MB | peak RSS MB | rise MB | rise ÷ input | ffmpeg peak MB |",
  );
  console.log("|---:|---|---:|---:|---:|---:|---:|---:|");
  for (const size of sizes) {
    const wav = await speechWav(wavSecondsFor(size * MB - 1024));
    for (const raw of [false, true]) console.log(await measure(wav, "audio/wav", raw));
  }
  // FLAC of the longest accepted programme (15 minutes): decoded by ffmpeg, and its result read back from it.
  const flac = await flacOf(await speechWav(15 * 60 - 1));
  for (const raw of [false, true]) console.log(await measure(flac, "audio/flac", raw));
}
