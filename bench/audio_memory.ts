/**
 * Audio memory bench: what one loudness normalisation costs the service per
 * byte of input, for each format people send and each way of sending it. For
 * WAV, FLAC, MP3, Opus and AAC (made here by ffmpeg from a speech-like
 * programme, never committed) at several sizes, `main.ts` starts afresh in
 * local mode for every run (with `_memory_probe.ts` loaded before it), gets
 * one paid normalisation, and prints the rise of its peak RSS over its RSS
 * just before the exchange (the kernel's peak is reset then), its ffmpeg
 * children's peak, and the peak of what V8 counts (heap plus the external
 * memory of its `ArrayBuffer`s). On a shared machine one run's peak includes
 * whatever the collector was late for, so each size runs `--runs` times and
 * its least peak counts: the growth per input byte is the slope of the
 * least-squares line through those (its value at 0 the fixed part), printed
 * beside the slope through every run and the widest spread between runs of
 * one size. `AUDIO_BYTES_PER_INPUT_BYTE` and `AUDIO_JOB_MB` in
 * `lib/server/config/memory_plan.ts` are set from these figures.
 *
 *     deno run -A bench/audio_memory.ts [sizes MB …] [--runs=N] [--upload=raw,json] [--answer=raw,json]
 *       [--only=wav,flac,mp3,opus,m4a,wav-mp3,wav-limited] [--gc] [--env=NAME=value,…] [--pdf]
 *                                                             (default: 2 24, one run, raw, raw, the five formats)
 *
 * `wav-mp3` and `wav-limited` take a WAV through ffmpeg (encoded as MP3, or
 * lifted past its ceiling so that the limiter runs), sent as JSON, the only
 * way to send request fields with it; `--env` sets the service's environment
 * (e.g. `MALLOC_ARENA_MAX=2`).
 * `--upload=json` sends base64 in JSON, `--answer=json` takes the JSON answer
 * (a comma list runs each); `--gc` has the service collect garbage before
 * every sample of its own (every 200 ms: more often slows a long decode
 * several times over), so that the rise is what a request holds rather than
 * what the collector has not yet taken. At the end one table sums it up:
 * each input, its size, the peak growth and the bytes of growth per input
 * byte; `--pdf` adds the image-heavy and the text-dense PDF of
 * `bench/memory.ts` (one cold conversion each, growth ÷ input). The paid exchange
 * is the whole of what `@x402/fetch` does: the request that gets the 402
 * (its upload sent too), then the paid one.
 *
 * @module
 */
import { wrapFetchWithPayment } from "@x402/fetch";
import { fundFromFaucet, payingClient, throwawayBuyer } from "../lib/buyer/paying_client.ts";
import { mb, sampleMemory } from "../tests/_support/mixed_load.ts";
import { processMemoryBytes, spawnService } from "../tests/_support/service_process.ts";
import { makeProgramme, type ProgrammeFormat } from "../tests/_support/programme.ts";
import { measurePdfKinds } from "./memory.ts";
import { lineFit } from "./_stats.ts";

const MB = 1024 * 1024;

/** One input of the bench: a programme format, and the request fields sent beside it (JSON uploads only). */
export interface Input {
  key: string;
  name: string;
  format: ProgrammeFormat;
  type: string;
  /** Bytes per second of the programme so encoded (FLAC: as measured on it). */
  bytesPerSecond: number;
  fields?: Record<string, unknown>;
}

/**
 * The formats people send, and a WAV taken through ffmpeg (a plain gain on a
 * 16-bit WAV into WAV is written in place): encoded as MP3, or lifted to
 * -9 LUFS, past its ceiling, so that a limiter runs.
 */
export const INPUTS: Input[] = [
  { key: "wav", name: "WAV", format: "wav", type: "audio/wav", bytesPerSecond: 48_000 * 4 },
  { key: "flac", name: "FLAC", format: "flac", type: "audio/flac", bytesPerSecond: 64_000 },
  { key: "mp3", name: "MP3", format: "mp3", type: "audio/mpeg", bytesPerSecond: 16_000 },
  { key: "opus", name: "Opus", format: "opus", type: "audio/ogg", bytesPerSecond: 12_000 },
  { key: "m4a", name: "AAC", format: "m4a", type: "audio/mp4", bytesPerSecond: 16_000 },
  {
    key: "wav-mp3",
    name: "WAV → MP3",
    format: "wav",
    type: "audio/wav",
    bytesPerSecond: 48_000 * 4,
    fields: { format: "mp3" },
  },
  {
    key: "wav-limited",
    name: "WAV, limited",
    format: "wav",
    type: "audio/wav",
    bytesPerSecond: 48_000 * 4,
    fields: { i: -9 },
  },
];

/** How the upload is sent and the answer asked for. */
interface Way {
  upload: "raw" | "json";
  answer: "raw" | "json";
}

/** What the probe loaded before `main.ts` saw, bytes (see `_memory_probe.ts`). */
export interface ProbePeaks {
  rss: number;
  heapUsed: number;
  external: number;
  live: number;
}

/** The probe's peaks since its last report. */
export async function probePeaks(pid: number, file: string): Promise<ProbePeaks> {
  await Deno.writeTextFile(file, "");
  Deno.kill(pid, "SIGUSR2");
  for (let tries = 0; tries < 200; tries++) {
    const text = await Deno.readTextFile(file);
    if (text.endsWith("\n")) return JSON.parse(text);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("the memory probe did not answer");
}

/**
 * A fresh service in local mode with room for any upload, `_memory_probe.ts`
 * loaded before it and reporting to `file` (collecting before each sample
 * with `gc`, every 200 ms; else every `everyMs`).
 */
export function probedService(file: string, gc: boolean, env: Record<string, string> = {}, everyMs = 20) {
  return spawnService({
    SERVICE_MODE: "local",
    ALT_ROUTES: "off",
    MEMORY_BUDGET_MB: "4096",
    AUDIO_MAX_BYTES: String(400 * MB),
    AUDIO_MAX_SECONDS: "14400",
    AUDIO_TIMEOUT_MS: "600000",
    REQUEST_TIMEOUT_MS: "600000",
    MEMORY_PROBE_FILE: file,
    MEMORY_PROBE_GC: gc ? "1" : "0",
    MEMORY_PROBE_EVERY_MS: gc ? "200" : String(everyMs),
    ...env,
  }, [
    "-A",
    "--v8-flags=--expose-gc",
    `--preload=${new URL("./_memory_probe.ts", import.meta.url).pathname}`,
  ]);
}

/** One paid normalisation of `audio` on a fresh service: the rises of its memory, and ffmpeg's peak. */
async function measure(
  audio: Uint8Array<ArrayBuffer>,
  input: Input,
  way: Way,
  options: { gc: boolean; env: Record<string, string> },
) {
  const gc = options.gc;
  const file = await Deno.makeTempFile({ suffix: ".json" });
  const service = await probedService(file, gc, options.env);
  try {
    const buyer = await throwawayBuyer();
    await fundFromFaucet(service.base, buyer, "1");
    const pay = wrapFetchWithPayment(
      fetch,
      payingClient(buyer, { solanaRpcUrl: `${service.base}/local/solana` }),
    );
    const before = await probePeaks(service.pid, file);
    // The kernel's peak RSS starts again from the RSS now.
    await Deno.writeTextFile(`/proc/${service.pid}/clear_refs`, "5");
    const idle = await processMemoryBytes(service.pid, "VmRSS");
    const sampler = sampleMemory(service.pid);
    const started = performance.now();
    const response = await pay(`${service.base}/v1/audio/normalize`, {
      method: "POST",
      headers: {
        "Content-Type": way.upload === "json" ? "application/json" : input.type,
        Accept: way.answer === "json" ? "application/json" : "audio/*",
      },
      body: way.upload === "json" ? JSON.stringify({ audio: audio.toBase64(), ...input.fields }) : audio,
    });
    const answer = new Uint8Array(await response.arrayBuffer());
    const seconds = (performance.now() - started) / 1000;
    const peaks = await sampler.stop();
    const probe = await probePeaks(service.pid, file);
    if (response.status !== 200) {
      throw new Error(`status ${response.status}: ${new TextDecoder().decode(answer.subarray(0, 500))}`);
    }
    return {
      rise: peaks.service - idle,
      live: probe.live - (before.heapUsed + before.external),
      ffmpeg: peaks.children,
      answer: answer.length,
      gain: response.headers.get("X-Loudness-Normalization-Type") ?? "json",
      seconds,
    };
  } finally {
    await service.stop("SIGKILL");
    await Deno.remove(file).catch(() => {});
  }
}

/** The values of `--name=a,b` among `allowed`, or `fallback`. */
function listFlag<T extends string>(name: string, fallback: T[]): T[] {
  const flag = Deno.args.find((arg) => arg.startsWith(`--${name}=`));
  return flag ? flag.slice(name.length + 3).split(",") as T[] : fallback;
}

/** What `runs` measurements at one size gave: the least of each (the fewest pages not yet given back), and the spread. */
interface AtSize {
  size: number;
  rise: number[];
  live: number[];
  ffmpeg: number;
  seconds: number;
  gain: string;
}

/** `runs` paid normalisations of `input` at each of `sizes` MB, each on a fresh service. */
async function measureSizes(
  input: Input,
  way: Way,
  sizes: number[],
  runs: number,
  options: Parameters<typeof measure>[3],
) {
  const points: AtSize[] = [];
  for (const size of sizes) {
    const audio = await makeProgramme(Math.round(size * MB / input.bytesPerSecond), input.format);
    const point: AtSize = { size: audio.length, rise: [], live: [], ffmpeg: 0, seconds: 0, gain: "" };
    for (let run = 0; run < runs; run++) {
      const result = await measure(audio, input, way, options);
      // Each run as it ends, so that an interrupted bench still leaves its figures.
      console.log(
        `run: ${input.key} ${way.upload}→${way.answer} ${(audio.length / MB).toFixed(1)} MB: rise ${
          mb(result.rise)
        } MB, V8 live ${mb(result.live)} MB, ffmpeg ${mb(result.ffmpeg)} MB, ${result.seconds.toFixed(0)} s`,
      );
      point.rise.push(result.rise);
      point.live.push(result.live);
      point.ffmpeg = Math.max(point.ffmpeg, result.ffmpeg);
      point.seconds = Math.max(point.seconds, result.seconds);
      point.gain = result.gain;
    }
    points.push(point);
  }
  return points;
}

/** The slope of the least of `key` at each size over the input size, and over every run. */
function slopes(points: AtSize[], key: "rise" | "live") {
  const least = lineFit(points.map((p) => [p.size, Math.min(...p[key])]));
  const every = lineFit(points.flatMap((p) => p[key].map((value) => [p.size, value] as [number, number])));
  const spread = Math.max(...points.map((p) => Math.max(...p[key]) - Math.min(...p[key])));
  return { least, every, spread };
}

if (import.meta.main) {
  const gc = Deno.args.includes("--gc");
  const asked = Deno.args.filter((arg) => !arg.startsWith("--")).map(Number);
  const sizes = asked.length >= 2 ? asked : [2, 24];
  const runs = Number(listFlag("runs", ["1"])[0]);
  const env = Object.fromEntries(
    listFlag<string>("env", []).map((pair) => pair.split("=", 2) as [string, string]),
  );
  const only = listFlag("only", INPUTS.slice(0, 5).map((input) => input.key));
  const ways = listFlag<Way["upload"]>("upload", ["raw"]).flatMap((upload) =>
    listFlag<Way["answer"]>("answer", ["raw"]).map((answer) => ({ upload, answer }))
  );
  const load = (await Deno.readTextFile("/proc/loadavg")).split(" ").slice(0, 3).join(" ");
  console.log(
    `load average ${load}; ${runs} run(s) a size; garbage collected before each sample: ${
      gc ? "yes" : "no"
    }; ` +
      `service env ${JSON.stringify(env)}`,
  );
  console.log(
    "| input | upload → answer | gain | sizes MB | least peak RSS rise a size MB | spread MB | " +
      "V8 live rise MB | ffmpeg peak MB | seconds (largest) | RSS per input byte: least a size (all runs) | " +
      "V8 live per byte | fixed part MB |",
  );
  console.log("|---|---|---|---|---|---:|---|---:|---:|---:|---:|---:|");
  const summary: string[] = [];
  for (const input of INPUTS.filter((input) => only.includes(input.key))) {
    // A request's fields other than the audio travel only in JSON.
    for (const way of input.fields ? [{ upload: "json" as const, answer: "raw" as const }] : ways) {
      const points = await measureSizes(input, way, sizes, runs, { gc, env });
      const rise = slopes(points, "rise");
      const live = slopes(points, "live");
      const largest = points.at(-1)!;
      const list = (values: number[]) => values.join(" / ");
      console.log(
        `| ${input.name} | ${way.upload} → ${way.answer} | ${largest.gain} | ${
          list(points.map((p) => Number((p.size / MB).toFixed(1))))
        } | ${list(points.map((p) => Number(mb(Math.min(...p.rise)))))} | ${mb(rise.spread)} | ${
          list(points.map((p) => Number(mb(Math.min(...p.live)))))
        } | ${mb(largest.ffmpeg)} | ${largest.seconds.toFixed(0)} | ${rise.least.slope.toFixed(2)} (${
          rise.every.slope.toFixed(2)
        }) | ${live.least.slope.toFixed(2)} | ${mb(rise.least.intercept)} |`,
      );
      summary.push(
        `| ${input.name} (${way.upload} → ${way.answer}) | ${(largest.size / MB).toFixed(1)} | ${
          mb(Math.min(...largest.rise))
        } | ${rise.least.slope.toFixed(2)} (fit over ${sizes.join(", ")} MB, least of ${runs}) |`,
      );
    }
  }
  if (Deno.args.includes("--pdf")) {
    for (const cost of await measurePdfKinds()) {
      summary.push(
        `| PDF, ${cost.name} (${cost.pages} pages) | ${(cost.bytes / MB).toFixed(1)} | ${
          mb(cost.growthBytes)
        } | ` +
          `${(cost.growthBytes / cost.bytes).toFixed(2)} (growth ÷ input, one cold conversion) |`,
      );
    }
  }
  console.log("\n| input | input MB | peak growth MB | bytes of growth per input byte |");
  console.log("|---|---:|---:|---:|");
  for (const row of summary) console.log(row);
}
